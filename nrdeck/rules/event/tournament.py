"""A tournament's own settings against nrdeck's corrected calendar (docs/reference/legality.md §4).

Tournament tools (Cobra) let an organiser pick a ban list, a "Legal Cardpool Up To" set, a
format and a type with no cross-check: a Standard event may name a Startup list, or one
superseded months before. These pure functions map the tool's names to nrdeck's (the format
and the tier, by name: the tool's ids are its database's) and say where the settings and
the calendar disagree. Each warning has a stable code.
"""

from __future__ import annotations

import datetime as dt

import msgspec

from nrdeck.catalog import CardDB
from nrdeck.catalog.records import Restriction
from nrdeck.results.event import CalendarWarning
from nrdeck.rules.calendar import (
    COMPETITIVE_TIER,
    InForce,
    dated_period,
    format_timeline,
    legal_from,
    set_release,
)

CASUAL_TYPES = ("game night kit", "casual tournament kit")
COMPETITIVE_TYPES = (
    "district championship",
    "megacity championship",
    "continental championship",
    "world championship",
    "circuit breaker invitational",
)
# Cobra's formats by name (its ids are its database's); Cube Draft and Other are not checked
FORMAT_BY_NAME = {
    "standard": "standard",
    "random access memories": "ram",
    "startup": "startup",
    "snapshot": "snapshot",
    "eternal": "eternal",
}
CODES = (
    "list-superseded",
    "list-not-yet",
    "list-format",
    "list-classic-only",
    "pool-after-date",
    "pool-not-competitive",
    "pool-narrower",
    "pool-outside",
    "no-tier",
    "format-unchecked",
)


def _key(name: str | None) -> str:
    return " ".join((name or "").casefold().split())


def tier_of_type(type_name: str | None) -> str | None:
    """The NSG tier of a tournament type (None: the type has none, or is unknown)."""
    key = _key(type_name)
    if key in CASUAL_TYPES:
        return "casual"
    return COMPETITIVE_TIER if key in COMPETITIVE_TYPES else None


def format_of_name(format_name: str | None) -> str | None:
    """nrdeck's format for a tournament format's name (None: not a format nrdeck checks)."""
    return FORMAT_BY_NAME.get(_key(format_name))


class TournamentSettings(msgspec.Struct, frozen=True):
    """The settings a tournament gives, as ids of the card data (None: not given)."""

    format_id: str
    day: dt.date
    tier: str
    restriction_id: str | None = None
    set_id: str | None = None


def usable_list(db: CardDB, format_id: str, restriction_id: str) -> bool:
    """True when the list is one of the format's own (not another format's, not a copy
    NetrunnerDB keeps for its classic site)."""
    found = db.restrictions.get(restriction_id)
    return (
        found is not None
        and found.format_id == format_id
        and not db.tables.list_names.is_classic_only(restriction_id)
    )


def usable_set(db: CardDB, in_force: InForce, set_id: str) -> bool:
    """True when the set is in the pool on the date and released by then."""
    release = set_release(db, set_id) if set_id in db.sets else None
    return set_id in in_force.pool_sets and release is not None and release <= in_force.date


def calendar_warnings(
    db: CardDB, settings: TournamentSettings, in_force: InForce
) -> tuple[CalendarWarning, ...]:
    """Where the tournament's list and pool limit disagree with the calendar on its date.

    ``in_force``: what the calendar has in force for the format on the day, without the
    tournament's pool limit.
    """
    found: list[CalendarWarning] = []
    if settings.restriction_id is not None:
        found += _list_warnings(db, settings, settings.restriction_id)
    if settings.set_id is not None and settings.set_id in db.sets:
        found += _pool_warnings(db, settings, settings.set_id, in_force)
    return tuple(found)


def _list_warnings(
    db: CardDB, settings: TournamentSettings, restriction_id: str
) -> list[CalendarWarning]:
    listed = db.restrictions.get(restriction_id)
    if listed is None:
        return []
    day, fmt = settings.day, db.formats[settings.format_id].name
    period = dated_period(db, settings.format_id, day)
    current = db.restrictions.get(period.restriction_id or "")
    in_force = f"{current.name}, in force on the event's date {day}" if current else ""
    named = f"the tournament's ban list, {listed.name} ({listed.id})"
    if db.tables.list_names.is_classic_only(listed.id):
        said = f"{named}, is a copy NetrunnerDB keeps for its classic site"
        return [_warning("list-classic-only", f"{said}: checked against {in_force}")]
    if listed.format_id != settings.format_id:
        other = db.formats[listed.format_id].name if listed.format_id in db.formats else "another"
        said = f"{named}, is a {other} list, not a {fmt} one"
        return [_warning("list-format", f"{said}: checked against {in_force}")]
    if current is None or current.id == listed.id:
        return []
    start = _list_start(db, settings.format_id, listed)
    if start > day:
        after = f"after the event's date {day}, when {current.name} is in force"
        message = f"{named}, starts {start}, {after}"
        return [_warning("list-not-yet", message)]
    since = _list_start(db, settings.format_id, current)
    message = f"{named}, was superseded on {since} by {in_force}"
    return [_warning("list-superseded", message)]


def _list_start(db: CardDB, format_id: str, restriction: Restriction) -> dt.date:
    """The day a list came into force on the corrected timeline (its own date if not on it)."""
    starts = [
        p.start
        for p in format_timeline(db, format_id).periods
        if p.restriction_id == restriction.id
    ]
    return min(starts) if starts else restriction.date_start


def _pool_warnings(
    db: CardDB, settings: TournamentSettings, set_id: str, in_force: InForce
) -> list[CalendarWarning]:
    card_set = db.sets[set_id]
    day, named = settings.day, f"Legal Cardpool Up To names {card_set.name}"
    release = set_release(db, set_id)
    if release is None or release > day:
        when = f"released {release}" if release else "not released"
        return [
            _warning(
                "pool-after-date", f"{named}, {when}, after the event's date {day}: not applied"
            )
        ]
    if set_id not in in_force.pool_sets:
        pool = in_force.period.card_pool_name or in_force.card_pool_id
        return [
            _warning("pool-outside", f"{named}, not a set of the {pool} pool on {day}: not applied")
        ]
    found = []
    competitive = legal_from(db, set_id, COMPETITIVE_TIER)
    if settings.tier == COMPETITIVE_TIER and competitive is not None and competitive > day:
        found.append(
            _warning(
                "pool-not-competitive",
                f"{named}, released {release} but legal at competitive events only from "
                f"{competitive}: its cards are not legal yet on the event's date {day}",
            )
        )
    newest = _newest_legal(db, in_force, settings.tier)
    if newest is not None and (set_release(db, newest) or day) > release:
        found.append(
            _warning(
                "pool-narrower",
                f"{named}, but {db.sets[newest].name} is legal on the event's date {day} too: "
                "the event's pool is narrower than the calendar's",
            )
        )
    return found


def _newest_legal(db: CardDB, in_force: InForce, tier: str) -> str | None:
    """The pool's newest set legal on the date at the tier."""
    legal = [
        (release, s)
        for s in in_force.pool_sets
        if (release := set_release(db, s)) is not None
        and (start := legal_from(db, s, tier)) is not None
        and start <= in_force.date
    ]
    return max(legal)[1] if legal else None


def _warning(code: str, message: str) -> CalendarWarning:
    return CalendarWarning(code, message)
