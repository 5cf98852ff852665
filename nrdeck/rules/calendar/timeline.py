"""The corrected format timeline: dated periods built from snapshots plus nrdeck's corrections."""

from __future__ import annotations

import datetime as dt
from bisect import bisect_right
from functools import lru_cache

import msgspec

from nrdeck.catalog import CardDB, Corrections, FormatSnapshot

# (database, format) pairs whose timelines are kept: every format of the card data, twice
# over (a server swapping its data keeps the old ones until the new ones push them out)
MAX_FORMATS = 16


class TimelinePeriod(msgspec.Struct, frozen=True):
    """One dated stretch of a format: a snapshot's pool with the ban list in force."""

    snapshot: FormatSnapshot
    start: dt.date
    end: dt.date | None  # exclusive; None: still in force
    card_pool_id: str
    restriction_id: str | None
    correction: str | None = None


def snapshot_start(snap: FormatSnapshot, fixes: Corrections) -> dt.date:
    """The snapshot's start date after any correction."""
    fixed = fixes.snapshot_date(snap.id, snap.date_start)
    return fixed.date if fixed else snap.date_start


def set_release(db: CardDB, set_id: str) -> dt.date | None:
    """A set's release date for legality (corrected where nrdeck's table says so)."""
    released = db.sets[set_id].date_release
    fixed = db.tables.corrections.set_release(set_id, released)
    return fixed.date if fixed else released


class Timeline:
    """A format's periods in date order, with lookup by date and pool growth."""

    def __init__(self, db: CardDB, format_id: str, fixes: Corrections | None = None) -> None:
        self.db = db
        self.format_id = format_id
        self.fixes = fixes or db.tables.corrections
        self.periods: tuple[TimelinePeriod, ...] = self._build()
        self._starts = [p.start for p in self.periods]
        self.growth: dict[str, frozenset[str]] = self._pool_growth()
        self.additions: dict[str, frozenset[str]] = self._pool_additions()
        # the pools that grew, with their sets (another pool's sets are the database's)
        self._grown = {p: self._pool_sets(p) for p in self.growth.keys() | self.additions.keys()}

    # -- building ----------------------------------------------------------
    def _ordered(self) -> list[tuple[dt.date, FormatSnapshot]]:
        snaps = [
            s for s in self.db.snapshots_of(self.format_id) if self.fixes.excluded(s.id) is None
        ]
        dated = [(snapshot_start(s, self.fixes), i, s) for i, s in enumerate(snaps)]
        return [(d, s) for d, _, s in sorted(dated, key=lambda t: (t[0], t[1]))]

    def _build(self) -> tuple[TimelinePeriod, ...]:
        ordered = self._ordered()
        out: list[TimelinePeriod] = []
        previous: str | None = None
        for index, (start, snap) in enumerate(ordered):
            end = ordered[index + 1][0] if index + 1 < len(ordered) else None
            fix = self.fixes.snapshot_date(snap.id, snap.date_start)
            note = f"{snap.id} starts {start} ({fix.reason})" if fix else None
            restriction = self.db.restrictions.get(snap.restriction_id or "")
            late = restriction is not None and restriction.date_start > start
            if late and restriction is not None and (end is None or restriction.date_start < end):
                split = restriction.date_start
                reason = f"{snap.restriction_id} starts {split}, after {snap.id} ({start}): " + (
                    self.fixes.late_restrictions.reason
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
        growth_rule = self.fixes.pool_growth
        if self.format_id not in growth_rule.formats:
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
                if s.type in growth_rule.set_types
                and s.id not in earlier
                and s.id in later
                and _inside(self._release(s.id), start, end)
            }
            if extra:
                growth[pool_id] = frozenset(extra)
        return growth

    def _pool_additions(self) -> dict[str, frozenset[str]]:
        """Sets of the cycles a pool lacks in the data (skipped once the data has them)."""
        out: dict[str, frozenset[str]] = {}
        for pool_id in {p.card_pool_id for p in self.periods}:
            cycles = {c for a in self.fixes.pool_additions_of(pool_id) for c in a.card_cycle_ids}
            extra = {s.id for s in self.db.sets.values() if s.cycle_id in cycles}
            extra -= self.db.pool_sets(pool_id)
            if extra:
                out[pool_id] = frozenset(extra)
        return out

    def _release(self, set_id: str) -> dt.date | None:
        released = self.db.sets[set_id].date_release
        fixed = self.fixes.set_release(set_id, released)
        return fixed.date if fixed else released

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
        return self.db.pool_sets(pool_id) if found is None else found

    def _pool_sets(self, pool_id: str) -> frozenset[str]:
        grown = self.growth.get(pool_id, frozenset()) | self.additions.get(pool_id, frozenset())
        return self.db.pool_sets(pool_id) | grown

    def pool_notes(self, pool_id: str, day: dt.date | None = None) -> list[str]:
        """Which sets joined the pool on release, and why (pool growth, pool additions).

        With a ``day``, only the sets released by then: a check dated before a set's release
        does not speak of it.
        """
        notes = []
        grown = self._released_by(self.growth.get(pool_id, frozenset()), day)
        if grown:
            reason = self.fixes.pool_growth.reason
            notes.append(f"{self._names(grown)} legal from release under {pool_id} ({reason})")
        added = self._released_by(self.additions.get(pool_id, frozenset()), day)
        if added:
            reasons = "; ".join(a.reason for a in self.fixes.pool_additions_of(pool_id))
            notes.append(f"{self._names(added)} part of {pool_id} from release ({reasons})")
        return notes

    def _released_by(self, set_ids: frozenset[str], day: dt.date | None) -> frozenset[str]:
        if day is None:
            return set_ids
        return frozenset(s for s in set_ids if (r := self._release(s)) is not None and r <= day)

    def _names(self, set_ids: frozenset[str]) -> str:
        return ", ".join(sorted(self.db.sets[s].name for s in set_ids))


def _inside(day: dt.date | None, start: dt.date, end: dt.date | None) -> bool:
    return day is not None and start <= day and (end is None or day < end)


@lru_cache(maxsize=MAX_FORMATS)
def format_timeline(db: CardDB, format_id: str) -> Timeline:
    """The corrected timeline of a format in this database (built once per database)."""
    return Timeline(db, format_id)
