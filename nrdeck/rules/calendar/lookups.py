"""Per-InForce lookups: the pool's available cards and the ban-list mechanics, built once."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping
from functools import lru_cache

import msgspec

from nrdeck.catalog import CardDB, Erratum, Restriction
from nrdeck.rules.calendar.houserules import HouseRules
from nrdeck.rules.calendar.tier import legal_from

SYSTEM_GATEWAY_SET = "system_gateway"


class Availability(msgspec.Struct, frozen=True):
    """The cards a pool allows on a date: ``card_id in availability``.

    A card is available when one of its sets is among the pool's sets legal by the date
    (under the tier), or when the pool lists it explicitly. Asked card by card, so a check or
    a card's history never builds the pool's whole card list.
    """

    released: frozenset[str]  # the pool's sets legal by the date
    explicit: frozenset[str]  # cards the pool lists by id
    sets_of: Callable[[str], frozenset[str]]  # card id -> its sets (CardDB.sets_of)

    def __contains__(self, card_id: object) -> bool:
        if card_id in self.explicit:
            return True
        return isinstance(card_id, str) and not self.released.isdisjoint(self.sets_of(card_id))


class OutsidePool(msgspec.Struct, frozen=True):
    """Cards from outside the pool allowed as restricted cards (Throwback): those with a
    printing in one of ``sets`` (every set legal by the date, less the format's exclusions)."""

    sets: frozenset[str]
    rule: str  # what the restricted problem names as its rule


class Lookups(msgspec.Struct, frozen=True):
    """What a check asks of the lists in force, as card id -> value tables."""

    available: Availability | None  # None: no pool (casual)
    banned: dict[str, str]  # card id -> the list that bans it
    restricted: dict[str, str]
    universal_faction_cost: dict[str, int]
    global_penalty: dict[str, int]
    points: dict[str, int]
    point_limit: int | None
    points_rule: str
    one_box: dict[str, int] = {}
    errata: dict[str, Erratum] = {}  # card id -> the deck-limit errata in force
    outside: OutsidePool | None = None  # cards from outside the pool that count as restricted

    def from_outside(self, card_id: str) -> bool:
        """True for a card outside the pool that the format allows as a restricted card
        (released by the date, not only in excluded sets), banned or not."""
        available, outside = self.available, self.outside
        if available is None or outside is None or card_id in available:
            return False
        return not outside.sets.isdisjoint(available.sets_of(card_id))

    def counts_as_restricted(self, card_id: str) -> bool:
        """A card of the restricted list, or one from outside the pool; never a banned one."""
        if card_id in self.banned:
            return False
        return card_id in self.restricted or self.from_outside(card_id)


def build_lookups(
    db: CardDB,
    *,
    restriction: Restriction | None,
    house: HouseRules | None,
    card_pool_id: str | None,
    pool_sets: frozenset[str],
    date: dt.date,
    one_box: bool,
    tier: str,
) -> Lookups:
    """The lookups for one selection (banned subtypes expanded, house lists merged)."""
    r = restriction
    name = r.name if r else ""
    banned = dict(banned_cards(db, r)) if r else {}
    restricted = dict.fromkeys(r.restricted, name) if r else {}
    points = dict(r.points) if r else {}
    point_limit = r.point_limit if r else None
    points_rule = name
    if house is not None:
        banned.update(dict.fromkeys(house.banned, house.name))
        for card_id, label in subtype_bans(db, house.name, house.banned_subtypes).items():
            banned.setdefault(card_id, label)
        restricted.update(dict.fromkeys(house.restricted, house.name))
        if house.points or house.point_limit is not None:
            points.update(house.points)
            point_limit = house.point_limit if house.point_limit is not None else point_limit
            points_rule = house.name
    available = available_cards(db, card_pool_id, pool_sets, date, tier)
    return Lookups(
        available=available,
        banned=banned,
        restricted=restricted,
        universal_faction_cost=dict(r.universal_faction_cost) if r else {},
        global_penalty=dict(r.global_penalty) if r else {},
        points=points,
        point_limit=point_limit if points else None,
        points_rule=points_rule,
        one_box=_one_box(db) if one_box else {},
        errata=errata_in_force(db, date),
        outside=_outside(db, house, date, tier) if available is not None else None,
    )


def _outside(db: CardDB, house: HouseRules | None, day: dt.date, tier: str) -> OutsidePool | None:
    """The sets whose cards a format allows from outside its pool (None: it allows none)."""
    if house is None or not house.outside_pool:
        return None
    sets = frozenset(
        s for s in db.sets if s not in house.exclude_sets and _legal_by(db, s, day, tier)
    )
    return OutsidePool(sets, f"{house.name}: one card from outside the pool")


def banned_cards(db: CardDB, restriction: Restriction) -> Mapping[str, str]:
    """Card id -> the list that bans it, banned subtypes expanded (built once per list)."""
    return _banned(db, restriction.name, restriction.banned, restriction.banned_subtypes)


@lru_cache(maxsize=16)
def _banned(
    db: CardDB, name: str, cards: frozenset[str], subtypes: frozenset[str]
) -> Mapping[str, str]:
    """Kept for 16 lists: a run checks under one or two, a server under those its requests
    name (and a house format's list beside the data's)."""
    banned = dict.fromkeys(cards, name)
    for card_id, label in subtype_bans(db, name, subtypes).items():
        banned.setdefault(card_id, label)
    return banned


def subtype_bans(db: CardDB, name: str, subtypes: frozenset[str]) -> dict[str, str]:
    """Card id -> 'NAME (every current)' for every card with one of the banned subtypes."""
    if not subtypes:
        return {}
    label = f"{name} (every {'/'.join(sorted(subtypes))})"
    return dict.fromkeys(cards_with_subtypes(db, subtypes), label)


@lru_cache(maxsize=16)
def cards_with_subtypes(db: CardDB, subtypes: frozenset[str]) -> tuple[str, ...]:
    """The cards with one of the subtypes, in the data's order (built once per subtype set;
    kept for 16 sets: the few that ban lists and house formats name)."""
    return tuple(sorted({c for s in subtypes for c in db.cards_with_subtype(s)}))


def errata_in_force(db: CardDB, day: dt.date) -> dict[str, Erratum]:
    """Card id -> the deck-limit errata in force on the day (cards the data lacks skipped)."""
    return {
        e.card_id: e
        for e in db.tables.errata.errata
        if e.property == "deck_limit" and e.in_force(day) and e.card_id in db.cards
    }


def available_cards(
    db: CardDB, card_pool_id: str | None, pool_sets: frozenset[str], day: dt.date, tier: str
) -> Availability | None:
    """The cards of the pool's sets legal by the day under the tier, plus its explicit cards."""
    if card_pool_id is None:
        return None
    released = frozenset(s for s in pool_sets if _legal_by(db, s, day, tier))
    pool = db.card_pools.get(card_pool_id)  # a community format's own pool is not the data's
    explicit = frozenset(pool.cards) if pool is not None else frozenset()
    return Availability(released, explicit, db.sets_of)


def _legal_by(db: CardDB, set_id: str, day: dt.date, tier: str) -> bool:
    start = legal_from(db, set_id, tier) if set_id in db.sets else None
    return start is not None and start <= day


def _one_box(db: CardDB) -> dict[str, int]:
    """Copies of each card in one System Gateway box."""
    return dict(db.quantities_in(SYSTEM_GATEWAY_SET))
