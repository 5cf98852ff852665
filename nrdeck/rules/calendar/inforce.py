"""What is in force: a format's period, pool, ban list, date, tier and extras (built-in formats)."""

from __future__ import annotations

import datetime as dt

import msgspec

from nrdeck.catalog import AgendaCap, CardDB, Restriction
from nrdeck.errors import Fix, UsageError
from nrdeck.results.check import Period
from nrdeck.rules.calendar.agendacap import agenda_cap
from nrdeck.rules.calendar.houserules import HouseRules
from nrdeck.rules.calendar.lookups import Lookups, build_lookups
from nrdeck.rules.calendar.names import CASUAL, format_named, restriction_named, snapshot_named
from nrdeck.rules.calendar.staleness import stale_data
from nrdeck.rules.calendar.tier import CASUAL_TIER
from nrdeck.rules.calendar.timeline import Timeline, TimelinePeriod, format_timeline, snapshot_start


class FormatExtras(msgspec.Struct, frozen=True):
    """Format-specific rules beyond the pool and ban list."""

    constructed: bool = True  # False for casual: construction rules only
    agenda_cap: AgendaCap | None = None  # a cap on agendas worth many points (Startup)
    agenda_cap_rule: str = ""  # the list or house format that sets it
    one_box: bool = False  # System Gateway: one copy of the box
    starters_allowed: bool = False  # The Catalyst / The Syndicate
    max_copies: int | None = None  # a format's cap on every card's copies (1: singleton)
    max_copies_rule: str = ""  # the format that sets it


class PoolOrigin(msgspec.Struct, frozen=True):
    """A pool made of every card from the day it became legal in another format (Astro:
    Standard), for saying why a card is not in it."""

    format_id: str
    format_name: str


class InForce(msgspec.Struct, frozen=True):
    """Everything a check needs to know about the format on the date."""

    period: Period
    card_pool_id: str | None  # None: casual (no pool)
    restriction: Restriction | None
    date: dt.date  # cards must be legal (released, or past their competitive delay) by then
    lookups: Lookups
    extras: FormatExtras = FormatExtras()
    house: HouseRules | None = None
    pool_sets: frozenset[str] = frozenset()  # the pool's sets, grown where corrected
    tier: str = CASUAL_TIER
    pool_origin: PoolOrigin | None = None  # a format file's pool "legal in format F"

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
    pool_origin: PoolOrigin | None = None,
) -> InForce:
    """An InForce with its lookups built (the one way to make one); the tier is the period's."""
    lookups = build_lookups(
        db,
        restriction=restriction,
        house=house,
        card_pool_id=card_pool_id,
        pool_sets=pool_sets,
        date=date,
        one_box=extras.one_box,
        tier=period.tier,
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
        tier=period.tier,
        pool_origin=pool_origin,
    )


def format_extras(
    db: CardDB, format_id: str, restriction: Restriction | None, house: HouseRules | None
) -> tuple[FormatExtras, tuple[str, ...]]:
    """The extras of a built-in format under a ban list, and warnings about them."""
    capped = agenda_cap(db, restriction, house) if format_id != CASUAL else None
    extras = FormatExtras(
        constructed=format_id != CASUAL,
        agenda_cap=capped.cap if capped else None,
        agenda_cap_rule=capped.rule if capped else "",
        one_box=format_id == "system_gateway",
        starters_allowed=format_id in ("system_gateway", CASUAL),
        max_copies=house.max_copies if house else None,
        max_copies_rule=house.name if house else "",
    )
    return extras, capped.warnings if capped else ()


def casual(
    db: CardDB,
    day: dt.date,
    *,
    snapshot_id: str | None = None,
    banlist_id: str | None = None,
    house: HouseRules | None = None,
    tier: str = CASUAL_TIER,
) -> InForce:
    """Casual: construction rules only (a house format may add its own lists)."""
    if snapshot_id or banlist_id:
        raise UsageError(
            "the casual format has no snapshots or ban lists",
            hint="drop --snapshot/--banlist or choose another --format",
            fix=Fix("no-list"),
        )
    name = house.name if house else "Casual"
    extras, warnings = format_extras(db, CASUAL, None, house)
    period = Period(
        format_id=house.name if house else CASUAL,
        format_name=name,
        as_of=day,
        tier=tier,
        warnings=warnings,
        stale_data=stale_data(db.info, day),
    )
    return make_in_force(
        db, period, card_pool_id=None, restriction=None, date=day, extras=extras, house=house
    )


def snapshot_period(
    db: CardDB, format_id: str, snapshot_id: str, as_of: dt.date | None
) -> TimelinePeriod:
    """The period a snapshot produced (on ``as_of`` when it produced two)."""
    snapshot_id = snapshot_named(db, format_id, snapshot_id)
    line = format_timeline(db, format_id)
    periods = line.of_snapshot(snapshot_id)
    if not periods:  # a snapshot kept out of the timeline (sunset_01): use it as the data has it
        snap = db.snapshots[snapshot_id]
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
    line = format_timeline(db, format_id)
    found = line.at(day)
    if found is None:
        first = line.periods
        start = f"; its first period starts {first[0].start}" if first else ""
        raise UsageError(
            f"format {format_id} has no period in force on {day}{start}",
            hint="choose a later --as-of date",
            fix=Fix("later-date", value=first[0].start.isoformat() if first else None),
        )
    return found


def unapplied_rules(
    db: CardDB, format_id: str, snapshot_id: str, restriction: Restriction | None
) -> tuple[str, ...]:
    """'Startup Ban List 26.09 (startup_ban_list_26_09) has rules nrdeck does not apply: x'."""
    named = [
        ("format", format_id, f"{db.formats[format_id].name} ({format_id})"),
        ("snapshot", snapshot_id, f"snapshot {snapshot_id}"),
    ]
    if restriction is not None:
        named.append(("restriction", restriction.id, f"{restriction.name} ({restriction.id})"))
    return tuple(
        f"{label} has rules nrdeck does not apply: {', '.join(keys)}"
        for kind, record_id, label in named
        if (keys := db.unknown_keys(kind, record_id))
    )


def period_corrections(
    line: Timeline, chosen: TimelinePeriod, day: dt.date | None = None
) -> list[str]:
    """The corrections a period uses on ``day`` (by default its last): its own (a date fixed, a
    list that starts late) and its pool's (the sets that joined it on release by that day)."""
    if day is None and chosen.end is not None:
        day = chosen.end - dt.timedelta(days=1)
    return [n for n in (chosen.correction, *line.pool_notes(chosen.card_pool_id, day)) if n]


def build_in_force(
    db: CardDB,
    format_id: str,
    chosen: TimelinePeriod,
    day: dt.date,
    restriction: Restriction | None = None,
    house: HouseRules | None = None,
    tier: str = CASUAL_TIER,
) -> InForce:
    """An InForce for a timeline period, with an optional ban list replacing the period's."""
    if restriction is None and chosen.restriction_id:
        restriction = db.restrictions[chosen.restriction_id]
    line = format_timeline(db, format_id)
    pool = db.card_pools[chosen.card_pool_id]
    extras, cap_warnings = format_extras(db, format_id, restriction, house)
    notes = period_corrections(line, chosen, day)
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
        tier=tier,
        warnings=(*unapplied_rules(db, format_id, chosen.snapshot.id, restriction), *cap_warnings),
        stale_data=stale_data(db.info, day),
    )
    return make_in_force(
        db,
        period,
        card_pool_id=pool.id,
        restriction=restriction,
        date=day,
        extras=extras,
        house=house,
        pool_sets=line.pool_sets(pool.id) - (house.exclude_sets if house else frozenset()),
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
    tier: str = CASUAL_TIER,
    community_ids: tuple[str, ...] = (),
) -> InForce:
    """What is in force for a built-in format (optionally under a house format's rules).

    Without ``as_of`` or a snapshot, the date is ``today``: the period in force today on the
    corrected timeline (never the snapshot the data marks active, which lags behind).
    ``community_ids`` join the valid names of an unknown format's error.
    """
    format_id = format_named(db, format_id, community_ids)
    if format_id == CASUAL:
        day = as_of or today
        return casual(
            db, day, snapshot_id=snapshot_id, banlist_id=banlist_id, house=house, tier=tier
        )
    restriction = restriction_named(db, format_id, banlist_id) if banlist_id else None
    if snapshot_id:
        chosen = snapshot_period(db, format_id, snapshot_id, as_of)
        day = as_of or chosen.start
    else:
        day = as_of or today
        chosen = dated_period(db, format_id, day)
    return build_in_force(db, format_id, chosen, day, restriction, house, tier)
