"""The corrected format timeline: dated periods built from snapshots plus nrdeck's corrections."""

from __future__ import annotations

import datetime as dt
from bisect import bisect_right
from functools import lru_cache
from typing import Any

import msgspec

from nrdeck.carddb import CardDB, FormatSnapshot

CORRECTIONS_NAME = "corrections.json"


class Corrections(msgspec.Struct, frozen=True):
    """nrdeck's documented corrections to the format data (``data/corrections.json``)."""

    snapshot_dates: dict[str, tuple[dt.date, str]]
    excluded_snapshots: dict[str, str]
    set_release_dates: dict[str, tuple[dt.date, str]]
    late_restriction_reason: str
    growth_formats: frozenset[str]
    growth_set_types: frozenset[str]
    growth_reason: str


class TimelinePeriod(msgspec.Struct, frozen=True):
    """One dated stretch of a format: a snapshot's pool with the ban list in force."""

    snapshot: FormatSnapshot
    start: dt.date
    end: dt.date | None  # exclusive; None: still in force
    card_pool_id: str
    restriction_id: str | None
    correction: str | None = None


def _parse_corrections(doc: dict[str, Any]) -> Corrections:
    def dated(rows: list[dict[str, str]], key: str) -> dict[str, tuple[dt.date, str]]:
        return {r[key]: (dt.date.fromisoformat(r["date"]), r["reason"]) for r in rows}

    growth = doc.get("pool_growth", {})
    return Corrections(
        snapshot_dates=dated(doc.get("snapshot_dates", []), "snapshot_id"),
        excluded_snapshots={
            r["snapshot_id"]: r["reason"] for r in doc.get("excluded_snapshots", [])
        },
        set_release_dates=dated(doc.get("set_release_dates", []), "set_id"),
        late_restriction_reason=doc.get("late_restrictions", {}).get("reason", ""),
        growth_formats=frozenset(growth.get("formats", ())),
        growth_set_types=frozenset(growth.get("set_types", ())),
        growth_reason=growth.get("reason", ""),
    )


@lru_cache(maxsize=1)
def corrections() -> Corrections:
    """The corrections shipped with nrdeck."""
    from nrdeck.cards.bundled import data_dir

    path = data_dir() / CORRECTIONS_NAME
    return _parse_corrections(msgspec.json.decode(path.read_bytes()))


def snapshot_start(snap: FormatSnapshot, fixes: Corrections | None = None) -> dt.date:
    """The snapshot's start date after any correction."""
    fixes = fixes or corrections()
    fixed = fixes.snapshot_dates.get(snap.id)
    return fixed[0] if fixed else snap.date_start


def set_release(db: CardDB, set_id: str, fixes: Corrections | None = None) -> dt.date | None:
    """A set's release date for legality (corrected where nrdeck's table says so)."""
    fixes = fixes or corrections()
    fixed = fixes.set_release_dates.get(set_id)
    return fixed[0] if fixed else db.sets[set_id].date_release


class Timeline:
    """A format's periods in date order, with lookup by date and pool growth."""

    def __init__(self, db: CardDB, format_id: str, fixes: Corrections | None = None) -> None:
        self.db = db
        self.format_id = format_id
        self.fixes = fixes or corrections()
        self.periods: tuple[TimelinePeriod, ...] = self._build()
        self._starts = [p.start for p in self.periods]
        self._grown: dict[str, frozenset[str]] = {}
        self.growth: dict[str, frozenset[str]] = self._pool_growth()

    # -- building ----------------------------------------------------------
    def _ordered(self) -> list[tuple[dt.date, FormatSnapshot]]:
        snaps = [
            s
            for s in self.db.snapshots_of(self.format_id)
            if s.id not in self.fixes.excluded_snapshots
        ]
        dated = [(snapshot_start(s, self.fixes), i, s) for i, s in enumerate(snaps)]
        return [(d, s) for d, _, s in sorted(dated, key=lambda t: (t[0], t[1]))]

    def _build(self) -> tuple[TimelinePeriod, ...]:
        ordered = self._ordered()
        out: list[TimelinePeriod] = []
        previous: str | None = None
        for index, (start, snap) in enumerate(ordered):
            end = ordered[index + 1][0] if index + 1 < len(ordered) else None
            fix = self.fixes.snapshot_dates.get(snap.id)
            note = f"{snap.id} starts {start} ({fix[1]})" if fix else None
            restriction = self.db.restrictions.get(snap.restriction_id or "")
            late = restriction is not None and restriction.date_start > start
            if late and restriction is not None and (end is None or restriction.date_start < end):
                split = restriction.date_start
                reason = f"{snap.restriction_id} starts {split}, after {snap.id} ({start}): " + (
                    self.fixes.late_restriction_reason
                )
                out.append(TimelinePeriod(snap, start, split, snap.card_pool_id, previous, reason))
                out.append(
                    TimelinePeriod(snap, split, end, snap.card_pool_id, snap.restriction_id, note)
                )
            else:
                out.append(
                    TimelinePeriod(snap, start, end, snap.card_pool_id, snap.restriction_id, note)
                )
            previous = snap.restriction_id
        return tuple(out)

    def _pool_growth(self) -> dict[str, frozenset[str]]:
        """Sets released inside a pool's lifetime that only a later pool lists."""
        if self.format_id not in self.fixes.growth_formats:
            return {}
        pools: list[tuple[str, dt.date]] = []
        for period in self.periods:
            if not pools or pools[-1][0] != period.card_pool_id:
                pools.append((period.card_pool_id, period.start))
        pool_sets = [self.db.pool_sets(p) for p, _ in pools]
        growth: dict[str, frozenset[str]] = {}
        for index, (pool_id, start) in enumerate(pools):
            end = pools[index + 1][1] if index + 1 < len(pools) else None
            earlier = frozenset().union(*pool_sets[: index + 1])
            later = frozenset().union(*pool_sets[index + 1 :])
            extra = {
                s.id
                for s in self.db.sets.values()
                if s.type in self.fixes.growth_set_types
                and s.id not in earlier
                and s.id in later
                and _inside(set_release(self.db, s.id, self.fixes), start, end)
            }
            if extra:
                growth[pool_id] = frozenset(extra)
        return growth

    # -- lookups -----------------------------------------------------------
    def at(self, date: dt.date) -> TimelinePeriod | None:
        """The period in force on the date (None before the format's first snapshot)."""
        index = bisect_right(self._starts, date) - 1
        return self.periods[index] if index >= 0 else None

    def of_snapshot(self, snapshot_id: str) -> tuple[TimelinePeriod, ...]:
        """The periods a snapshot produced (two when its ban list starts late)."""
        return tuple(p for p in self.periods if p.snapshot.id == snapshot_id)

    def pool_sets(self, pool_id: str) -> frozenset[str]:
        """The pool's sets plus the sets that joined it while it was in force."""
        found = self._grown.get(pool_id)
        if found is None:
            found = self._grown[pool_id] = self.db.pool_sets(pool_id) | self.growth.get(
                pool_id, frozenset()
            )
        return found

    def growth_note(self, pool_id: str) -> str | None:
        """Which sets joined the pool on release, and why (None when none did)."""
        extra = self.growth.get(pool_id)
        if not extra:
            return None
        names = ", ".join(sorted(self.db.sets[s].name for s in extra))
        return f"{names} legal from release under {pool_id} ({self.fixes.growth_reason})"


def _inside(day: dt.date | None, start: dt.date, end: dt.date | None) -> bool:
    return day is not None and start <= day and (end is None or day < end)


_TIMELINES: dict[tuple[int, str], Timeline] = {}


def timeline(db: CardDB, format_id: str) -> Timeline:
    """The (cached) corrected timeline of a format in this database."""
    key = (id(db), format_id)
    cached = _TIMELINES.get(key)
    if cached is None or cached.db is not db:
        cached = _TIMELINES[key] = Timeline(db, format_id)
    return cached
