"""What is in force: a format's period, pool, ban list, date and extras, for a built-in format."""

from __future__ import annotations

import datetime as dt

import msgspec

from nrdeck.carddb import CardDB, Restriction
from nrdeck.errors import UsageError
from nrdeck.results.check import Period
from nrdeck.rules.lookups import HouseRules, Lookups, build_lookups
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


class InForce(msgspec.Struct, frozen=True):
    """Everything a check needs to know about the format on the date."""

    period: Period
    card_pool_id: str | None  # None: casual (no pool)
    restriction: Restriction | None
    date: dt.date  # cards must be released by this date
    lookups: Lookups
    extras: FormatExtras = FormatExtras()
    house: HouseRules | None = None
    pool_sets: frozenset[str] = frozenset()  # the pool's sets, grown where corrected

    @property
    def format_id(self) -> str:
        """The format's id (or the house format's name)."""
        return self.period.format_id


def make_in_force(
    db: CardDB,
    period: Period,
    *,
    card_pool_id: str | None,
    restriction: Restriction | None,
    date: dt.date,
    extras: FormatExtras,
    house: HouseRules | None = None,
    pool_sets: frozenset[str] = frozenset(),
) -> InForce:
    """An InForce with its lookups built (the one way to make one)."""
    lookups = build_lookups(
        db,
        restriction=restriction,
        house=house,
        card_pool_id=card_pool_id,
        pool_sets=pool_sets,
        date=date,
        one_box=extras.one_box,
    )
    return InForce(
        period=period,
        card_pool_id=card_pool_id,
        restriction=restriction,
        date=date,
        lookups=lookups,
        extras=extras,
        house=house,
        pool_sets=pool_sets,
    )


def valid_ids(label: str, valid: list[str]) -> str:
    """'valid formats: a, b, c' (the hint of an unknown id)."""
    return f"valid {label}: {', '.join(valid)}"


def format_extras(format_id: str, restriction: Restriction | None) -> FormatExtras:
    """The extras of a built-in format under a ban list."""
    cap = STARTUP_AGENDA_CAP.get(restriction.id) if restriction and format_id == "startup" else None
    return FormatExtras(
        constructed=format_id != CASUAL,
        agenda_cap=cap,
        one_box=format_id == "system_gateway",
        starters_allowed=format_id in ("system_gateway", CASUAL),
    )


def casual(
    db: CardDB,
    day: dt.date,
    *,
    snapshot_id: str | None = None,
    banlist_id: str | None = None,
    house: HouseRules | None = None,
) -> InForce:
    """Casual: construction rules only (a house format may add its own lists)."""
    if snapshot_id or banlist_id:
        raise UsageError(
            "the casual format has no snapshots or ban lists",
            hint="drop --snapshot/--banlist or choose another --format",
        )
    name = house.name if house else "Casual"
    period = Period(format_id=house.name if house else CASUAL, format_name=name, as_of=day)
    return make_in_force(
        db,
        period,
        card_pool_id=None,
        restriction=None,
        date=day,
        extras=format_extras(CASUAL, None),
        house=house,
    )


def restriction_of(db: CardDB, format_id: str, banlist_id: str) -> Restriction:
    """The format's ban list with this id (a usage error naming the valid ids)."""
    restriction = db.restrictions.get(banlist_id)
    if restriction is None or restriction.format_id != format_id:
        valid = sorted(r.id for r in db.restrictions.values() if r.format_id == format_id)
        raise UsageError(
            f"unknown ban list {banlist_id!r} for format {format_id}",
            hint=valid_ids("ban lists", valid),
        )
    return restriction


def snapshot_period(
    db: CardDB, format_id: str, snapshot_id: str, as_of: dt.date | None
) -> TimelinePeriod:
    """The period a snapshot produced (on ``as_of`` when it produced two)."""
    snaps = {s.id: s for s in db.snapshots_of(format_id)}
    if snapshot_id not in snaps:
        raise UsageError(
            f"unknown snapshot {snapshot_id!r} for format {format_id}",
            hint=valid_ids("snapshots", list(snaps)),
        )
    line = timeline(db, format_id)
    periods = line.of_snapshot(snapshot_id)
    if not periods:  # a snapshot kept out of the timeline (sunset_01): use it as the data has it
        snap = snaps[snapshot_id]
        reason = line.fixes.excluded(snapshot_id)
        start = snapshot_start(snap, line.fixes)
        return TimelinePeriod(snap, start, None, snap.card_pool_id, snap.restriction_id, reason)
    if as_of is not None:
        inside = [p for p in periods if p.start <= as_of and (p.end is None or as_of < p.end)]
        if inside:
            return inside[0]
    return periods[-1]


def dated_period(db: CardDB, format_id: str, day: dt.date) -> TimelinePeriod:
    """The period in force on the day (a usage error before the format's first period)."""
    line = timeline(db, format_id)
    found = line.at(day)
    if found is None:
        first = line.periods
        start = f"; its first period starts {first[0].start}" if first else ""
        raise UsageError(
            f"format {format_id} has no period in force on {day}{start}",
            hint="choose a later --as-of date",
        )
    return found


def active_period(db: CardDB, format_id: str, today: dt.date) -> TimelinePeriod:
    """The period of the snapshot the data marks active (today's when none is)."""
    active = db.formats[format_id].active_snapshot
    if active is None:
        return dated_period(db, format_id, today)
    return snapshot_period(db, format_id, active.id, None)


def build_in_force(
    db: CardDB,
    format_id: str,
    chosen: TimelinePeriod,
    day: dt.date,
    restriction: Restriction | None = None,
    house: HouseRules | None = None,
) -> InForce:
    """An InForce for a timeline period, with an optional ban list replacing the period's."""
    if restriction is None and chosen.restriction_id:
        restriction = db.restrictions[chosen.restriction_id]
    line = timeline(db, format_id)
    pool = db.card_pools[chosen.card_pool_id]
    notes = [n for n in (chosen.correction, line.growth_note(pool.id)) if n]
    period = Period(
        format_id=house.name if house else format_id,
        format_name=house.name if house else db.formats[format_id].name,
        as_of=day,
        snapshot_id=chosen.snapshot.id,
        card_pool_id=pool.id,
        card_pool_name=pool.name,
        restriction_id=restriction.id if restriction else None,
        restriction_name=restriction.name if restriction else None,
        correction="; ".join(notes) or None,
    )
    return make_in_force(
        db,
        period,
        card_pool_id=pool.id,
        restriction=restriction,
        date=day,
        extras=format_extras(format_id, restriction),
        house=house,
        pool_sets=line.pool_sets(pool.id),
    )


def select_builtin(
    db: CardDB,
    format_id: str,
    *,
    today: dt.date,
    as_of: dt.date | None = None,
    snapshot_id: str | None = None,
    banlist_id: str | None = None,
    house: HouseRules | None = None,
) -> InForce:
    """What is in force for a built-in format (optionally under a house format's rules)."""
    if format_id == CASUAL:
        return casual(
            db, as_of or today, snapshot_id=snapshot_id, banlist_id=banlist_id, house=house
        )
    if format_id not in db.formats:
        valid = [f for f in BUILTIN_FORMATS if f in db.formats or f == CASUAL]
        raise UsageError(f"unknown format {format_id!r}", hint=valid_ids("formats", valid))
    restriction = restriction_of(db, format_id, banlist_id) if banlist_id else None
    if snapshot_id:
        chosen = snapshot_period(db, format_id, snapshot_id, as_of)
        day = as_of or chosen.start
    elif as_of is not None or banlist_id:
        day = as_of or today
        chosen = dated_period(db, format_id, day)
    else:
        chosen = active_period(db, format_id, today)
        day = today
    return build_in_force(db, format_id, chosen, day, restriction, house)
