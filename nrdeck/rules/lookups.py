"""Per-InForce lookups: the pool's available cards and the ban-list mechanics, built once."""

from __future__ import annotations

import datetime as dt

import msgspec

from nrdeck.carddb import CardDB, Restriction
from nrdeck.rules.timeline import set_release

SYSTEM_GATEWAY_SET = "system_gateway"


class HouseRules(msgspec.Struct, frozen=True):
    """What a house format adds on top of its base: its own lists and points."""

    name: str
    path: str
    banned: frozenset[str] = frozenset()
    restricted: frozenset[str] = frozenset()
    points: dict[str, int] = {}
    point_limit: int | None = None


class Lookups(msgspec.Struct, frozen=True):
    """What a check asks of the lists in force, as card id -> value tables."""

    available: frozenset[str] | None  # None: no pool (casual)
    banned: dict[str, str]  # card id -> the list that bans it
    restricted: dict[str, str]
    universal_faction_cost: dict[str, int]
    global_penalty: dict[str, int]
    points: dict[str, int]
    point_limit: int | None
    points_rule: str
    one_box: dict[str, int] = {}


def build_lookups(
    db: CardDB,
    *,
    restriction: Restriction | None,
    house: HouseRules | None,
    card_pool_id: str | None,
    pool_sets: frozenset[str],
    date: dt.date,
    one_box: bool,
) -> Lookups:
    """The lookups for one selection (banned subtypes expanded, house lists merged)."""
    r = restriction
    name = r.name if r else ""
    banned = dict.fromkeys(r.banned, name) if r else {}
    if r and r.banned_subtypes:
        label = f"{name} (every {'/'.join(sorted(r.banned_subtypes))})"
        for card in db.cards.values():
            if any(card.has_subtype(s) for s in r.banned_subtypes):
                banned.setdefault(card.id, label)
    restricted = dict.fromkeys(r.restricted, name) if r else {}
    points = dict(r.points) if r else {}
    point_limit = r.point_limit if r else None
    points_rule = name
    if house is not None:
        banned.update(dict.fromkeys(house.banned, house.name))
        restricted.update(dict.fromkeys(house.restricted, house.name))
        if house.points or house.point_limit is not None:
            points.update(house.points)
            point_limit = house.point_limit if house.point_limit is not None else point_limit
            points_rule = house.name
    return Lookups(
        available=_available(db, card_pool_id, pool_sets, date),
        banned=banned,
        restricted=restricted,
        universal_faction_cost=dict(r.universal_faction_cost) if r else {},
        global_penalty=dict(r.global_penalty) if r else {},
        points=points,
        point_limit=point_limit if points else None,
        points_rule=points_rule,
        one_box=_one_box(db) if one_box else {},
    )


def _available(
    db: CardDB, card_pool_id: str | None, pool_sets: frozenset[str], date: dt.date
) -> frozenset[str] | None:
    """Every card of the pool's sets released by the date, plus the pool's explicit cards."""
    if card_pool_id is None:
        return None
    released = {s for s in pool_sets if _released(db, s, date)}
    return db.cards_in_sets(released) | frozenset(db.card_pools[card_pool_id].cards)


def _released(db: CardDB, set_id: str, day: dt.date) -> bool:
    release = set_release(db, set_id) if set_id in db.sets else None
    return release is not None and release <= day


def _one_box(db: CardDB) -> dict[str, int]:
    """Copies of each card in one System Gateway box."""
    return {p.card_id: p.quantity for p in db.printings.values() if p.set_id == SYSTEM_GATEWAY_SET}
