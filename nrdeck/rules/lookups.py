"""Per-InForce lookups: the pool's available cards and the ban-list mechanics, built once."""

from __future__ import annotations

import datetime as dt

import msgspec

from nrdeck.carddb import CardDB, Restriction
from nrdeck.rules.tier import legal_from
from nrdeck.ruletables import AgendaCap, Erratum

SYSTEM_GATEWAY_SET = "system_gateway"


class HouseRules(msgspec.Struct, frozen=True):
    """What a house format adds on top of its base: its own lists, points and agenda cap."""

    name: str
    path: str
    banned: frozenset[str] = frozenset()
    restricted: frozenset[str] = frozenset()
    points: dict[str, int] = {}
    point_limit: int | None = None
    agenda_cap: AgendaCap | None = None


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
    errata: dict[str, Erratum] = {}  # card id -> the deck-limit errata in force


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
        restricted.update(dict.fromkeys(house.restricted, house.name))
        if house.points or house.point_limit is not None:
            points.update(house.points)
            point_limit = house.point_limit if house.point_limit is not None else point_limit
            points_rule = house.name
    return Lookups(
        available=available_cards(db, card_pool_id, pool_sets, date, tier),
        banned=banned,
        restricted=restricted,
        universal_faction_cost=dict(r.universal_faction_cost) if r else {},
        global_penalty=dict(r.global_penalty) if r else {},
        points=points,
        point_limit=point_limit if points else None,
        points_rule=points_rule,
        one_box=_one_box(db) if one_box else {},
        errata=errata_in_force(db, date),
    )


def banned_cards(db: CardDB, restriction: Restriction) -> dict[str, str]:
    """Card id -> the list that bans it, banned subtypes expanded (built once per list)."""

    def build() -> dict[str, str]:
        name = restriction.name
        banned = dict.fromkeys(restriction.banned, name)
        if restriction.banned_subtypes:
            label = f"{name} (every {'/'.join(sorted(restriction.banned_subtypes))})"
            for card in db.cards.values():
                if any(card.has_subtype(s) for s in restriction.banned_subtypes):
                    banned.setdefault(card.id, label)
        return banned

    r = restriction
    return db.memo(("banned", r.id, r.name, r.banned, r.banned_subtypes), build)


def errata_in_force(db: CardDB, day: dt.date) -> dict[str, Erratum]:
    """Card id -> the deck-limit errata in force on the day (cards the data lacks skipped)."""
    return {
        e.card_id: e
        for e in db.tables.errata.errata
        if e.property == "deck_limit" and e.in_force(day) and e.card_id in db.cards
    }


def available_cards(
    db: CardDB, card_pool_id: str | None, pool_sets: frozenset[str], day: dt.date, tier: str
) -> frozenset[str] | None:
    """Every card of the pool's sets legal by the day under the tier, plus explicit cards."""
    if card_pool_id is None:
        return None
    released = frozenset(s for s in pool_sets if _legal_by(db, s, day, tier))

    def build() -> frozenset[str]:
        by_set = _cards_by_set(db)
        cards: set[str] = set(db.card_pools[card_pool_id].cards)
        for set_id in released:
            cards.update(by_set.get(set_id, ()))
        return frozenset(cards)

    return db.memo(("available", card_pool_id, released), build)


def _legal_by(db: CardDB, set_id: str, day: dt.date, tier: str) -> bool:
    start = legal_from(db, set_id, tier) if set_id in db.sets else None
    return start is not None and start <= day


def _cards_by_set(db: CardDB) -> dict[str, frozenset[str]]:
    """Set id -> the cards it prints (built once per database)."""

    def build() -> dict[str, frozenset[str]]:
        index: dict[str, set[str]] = {}
        for printing in db.printings.values():
            index.setdefault(printing.set_id, set()).add(printing.card_id)
        return {set_id: frozenset(cards) for set_id, cards in index.items()}

    return db.memo("cards-by-set", build)


def _one_box(db: CardDB) -> dict[str, int]:
    """Copies of each card in one System Gateway box (built once per database)."""
    return db.memo(
        "one-box",
        lambda: {
            p.card_id: p.quantity for p in db.printings.values() if p.set_id == SYSTEM_GATEWAY_SET
        },
    )
