"""What is in force: choosing a format's period, pool, ban list and date (``select``)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import msgspec
from msgspec import field

from nrdeck.carddb import CardDB, Restriction
from nrdeck.errors import UsageError
from nrdeck.result import Period
from nrdeck.rules.timeline import TimelinePeriod, snapshot_start, timeline

CASUAL = "casual"
BUILTIN_FORMATS = ("standard", "startup", "eternal", "system_gateway", "snapshot", "ram", CASUAL)

# Startup: most agenda copies worth 3 or more points, per ban list in force.
STARTUP_AGENDA_CAP = {"startup_ban_list_24_09": 3, "startup_balance_update_25_04": 4}


class FormatExtras(msgspec.Struct, frozen=True):
    """Format-specific rules beyond the pool and ban list."""

    constructed: bool = True  # False for casual: construction rules only
    agenda_cap: int | None = None  # Startup's cap on agendas worth >= 3 points
    one_box: bool = False  # System Gateway: one copy of the box
    starters_allowed: bool = False  # The Catalyst / The Syndicate


class UserAdditions(msgspec.Struct, frozen=True):
    """What a user format file adds on top of its base."""

    name: str
    path: str
    banned: frozenset[str] = frozenset()
    restricted: frozenset[str] = frozenset()
    points: dict[str, int] = field(default_factory=dict)
    point_limit: int | None = None


class InForce(msgspec.Struct, frozen=True):
    """Everything a check needs to know about the format on the date."""

    period: Period
    card_pool_id: str | None  # None: casual (no pool)
    restriction: Restriction | None
    date: dt.date  # cards must be released by this date
    extras: FormatExtras = FormatExtras()
    additions: UserAdditions | None = None
    pool_sets: frozenset[str] = frozenset()  # the pool's sets, grown where corrected
    cache: dict[str, Any] = field(default_factory=dict)

    @property
    def format_id(self) -> str:
        """The format's id (or the user format's name)."""
        return self.period.format_id


def _ids(label: str, valid: list[str]) -> str:
    return f"valid {label}: {', '.join(valid)}"


def _extras(format_id: str, restriction: Restriction | None) -> FormatExtras:
    cap = STARTUP_AGENDA_CAP.get(restriction.id) if restriction and format_id == "startup" else None
    return FormatExtras(
        constructed=format_id != CASUAL,
        agenda_cap=cap,
        one_box=format_id == "system_gateway",
        starters_allowed=format_id in ("system_gateway", CASUAL),
    )


def _casual(
    today: dt.date, as_of: dt.date | None, snapshot_id: str | None, banlist_id: str | None
) -> InForce:
    if snapshot_id or banlist_id:
        raise UsageError(
            "the casual format has no snapshots or ban lists",
            hint="drop --snapshot/--banlist or choose another --format",
        )
    period = Period(format_id=CASUAL, format_name="Casual", as_of=as_of or today)
    return InForce(
        period=period,
        card_pool_id=None,
        restriction=None,
        date=as_of or today,
        extras=_extras(CASUAL, None),
    )


def _restriction(db: CardDB, format_id: str, banlist_id: str) -> Restriction:
    restriction = db.restrictions.get(banlist_id)
    if restriction is None or restriction.format_id != format_id:
        valid = sorted(r.id for r in db.restrictions.values() if r.format_id == format_id)
        raise UsageError(
            f"unknown ban list {banlist_id!r} for format {format_id}", hint=_ids("ban lists", valid)
        )
    return restriction


def _snapshot_period(
    db: CardDB, format_id: str, snapshot_id: str, as_of: dt.date | None
) -> TimelinePeriod:
    snaps = {s.id: s for s in db.snapshots_of(format_id)}
    if snapshot_id not in snaps:
        raise UsageError(
            f"unknown snapshot {snapshot_id!r} for format {format_id}",
            hint=_ids("snapshots", list(snaps)),
        )
    periods = timeline(db, format_id).of_snapshot(snapshot_id)
    if not periods:  # a snapshot kept out of the timeline (sunset_01): use it as the data has it
        snap = snaps[snapshot_id]
        reason = timeline(db, format_id).fixes.excluded_snapshots.get(snapshot_id)
        return TimelinePeriod(
            snap, snapshot_start(snap), None, snap.card_pool_id, snap.restriction_id, reason
        )
    if as_of is not None:
        inside = [p for p in periods if p.start <= as_of and (p.end is None or as_of < p.end)]
        if inside:
            return inside[0]
    return periods[-1]


def _dated_period(db: CardDB, format_id: str, day: dt.date) -> TimelinePeriod:
    found = timeline(db, format_id).at(day)
    if found is None:
        first = timeline(db, format_id).periods
        start = f"; its first period starts {first[0].start}" if first else ""
        raise UsageError(
            f"format {format_id} has no period in force on {day}{start}",
            hint="choose a later --as-of date",
        )
    return found


def _active_period(db: CardDB, format_id: str, today: dt.date) -> TimelinePeriod:
    active = db.formats[format_id].active_snapshot
    if active is None:
        return _dated_period(db, format_id, today)
    return _snapshot_period(db, format_id, active.id, None)


def select(
    db: CardDB,
    format_id: str,
    *,
    today: dt.date,
    as_of: dt.date | None = None,
    snapshot_id: str | None = None,
    banlist_id: str | None = None,
    format_file: Path | None = None,
) -> InForce:
    """What is in force for the format: the period, pool, ban list, date and extras."""
    if format_file is not None:
        from nrdeck.rules.formatfile import select_from_file

        return select_from_file(
            db,
            format_file,
            format_id,
            today=today,
            as_of=as_of,
            snapshot_id=snapshot_id,
            banlist_id=banlist_id,
        )
    if format_id == CASUAL:
        return _casual(today, as_of, snapshot_id, banlist_id)
    if format_id not in db.formats:
        valid = [f for f in BUILTIN_FORMATS if f in db.formats or f == CASUAL]
        raise UsageError(f"unknown format {format_id!r}", hint=_ids("formats", valid))
    restriction = _restriction(db, format_id, banlist_id) if banlist_id else None
    if snapshot_id:
        chosen = _snapshot_period(db, format_id, snapshot_id, as_of)
        day = as_of or chosen.start
    elif as_of is not None or banlist_id:
        day = as_of or today
        chosen = _dated_period(db, format_id, day)
    else:
        chosen = _active_period(db, format_id, today)
        day = today
    return build_in_force(db, format_id, chosen, day, restriction)


def build_in_force(
    db: CardDB,
    format_id: str,
    chosen: TimelinePeriod,
    day: dt.date,
    restriction: Restriction | None = None,
    additions: UserAdditions | None = None,
    name: str | None = None,
) -> InForce:
    """An InForce for a timeline period, with an optional ban list replacing the period's."""
    if restriction is None and chosen.restriction_id:
        restriction = db.restrictions[chosen.restriction_id]
    line = timeline(db, format_id)
    pool = db.card_pools[chosen.card_pool_id]
    notes = [n for n in (chosen.correction, line.growth_note(pool.id)) if n]
    period = Period(
        format_id=name or format_id,
        format_name=name or db.formats[format_id].name,
        as_of=day,
        snapshot_id=chosen.snapshot.id,
        card_pool_id=pool.id,
        card_pool_name=pool.name,
        restriction_id=restriction.id if restriction else None,
        restriction_name=restriction.name if restriction else None,
        correction="; ".join(notes) or None,
    )
    return InForce(
        period=period,
        card_pool_id=pool.id,
        restriction=restriction,
        date=day,
        extras=_extras(format_id, restriction),
        additions=additions,
        pool_sets=line.pool_sets(pool.id),
    )
