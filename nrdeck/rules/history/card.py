"""A card's history (docs/reference/legality.md §7): per format, when it was in the pool, banned,
restricted or worth Eternal points, with the list that said so; its printings and dated errata."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable

from msgspec.structs import replace

from nrdeck.catalog import CardDB
from nrdeck.catalog.records import Card
from nrdeck.results.history import (
    CardFacts,
    CardFormat,
    CardInterval,
    CardPrinting,
    Penalty,
)
from nrdeck.rules.calendar import BUILTIN_FORMATS, InForce, format_timeline
from nrdeck.rules.history.deck import BuiltinFormat, DatedFormat


def card_facts(db: CardDB, card: Card) -> CardFacts:
    """The card's deckbuilding facts, with faction and type names."""
    faction = db.factions.get(card.faction)
    kind = db.types.get(card.type)
    return CardFacts(
        id=card.id,
        title=card.title,
        side=card.side,
        faction=card.faction,
        faction_name=faction.name if faction else card.faction,
        type=card.type,
        type_name=kind.name if kind else card.type,
        subtypes=tuple(db.subtypes[s].name if s in db.subtypes else s for s in card.subtypes),
        cost=card.cost,
        influence_cost=card.influence_cost,
        deck_limit=card.deck_limit,
        agenda_points=card.agenda_points,
        advancement_requirement=card.advancement_requirement,
        minimum_deck_size=card.minimum_deck_size,
        influence_limit=card.influence_limit,
    )


def card_printings(db: CardDB, card_id: str) -> tuple[CardPrinting, ...]:
    """Every printing of the card, oldest first, with its set's release date (as printed in
    the data: when a set was legal before its retail date, the format history says so)."""
    found = [
        CardPrinting(p.code, p.set_id, db.sets[p.set_id].name, db.sets[p.set_id].date_release)
        for p in db.printings_of(card_id)
        if p.set_id in db.sets
    ]
    return tuple(sorted(found, key=lambda p: (p.date or dt.date.max, p.code)))


def card_formats(
    db: CardDB, card_id: str, tier: str, community: Iterable[DatedFormat] = ()
) -> tuple[CardFormat, ...]:
    """The card's history in every format the data has, in nrdeck's format order, then in
    each community format given (the ones nrdeck ships)."""
    ordered = [f for f in BUILTIN_FORMATS if f in db.formats]
    ordered += sorted(f for f in db.formats if f not in ordered)
    lines: list[DatedFormat] = [
        BuiltinFormat(db, f) for f in ordered if format_timeline(db, f).periods
    ]
    lines += community
    return tuple(
        CardFormat(line.format_id, line.format_name, card_intervals(db, card_id, line, tier))
        for line in lines
    )


def card_intervals(
    db: CardDB, card_id: str, dated: str | DatedFormat, tier: str
) -> tuple[CardInterval, ...]:
    """The maximal intervals of one status of the card in the format, oldest first."""
    line = BuiltinFormat(db, dated) if isinstance(dated, str) else dated
    days = line.change_days([card_id])
    intervals: list[CardInterval] = []
    for index, day in enumerate(days):
        in_force = line.in_force_on(day, tier)
        if in_force is None:
            continue
        end = days[index + 1] if index + 1 < len(days) else None
        found = card_status(in_force, card_id, day, end)
        if intervals and replace(intervals[-1], start=day, end=end) == found:
            intervals[-1] = replace(intervals[-1], end=end)
        else:
            intervals.append(found)
    return tuple(intervals)


def card_status(
    in_force: InForce, card_id: str, start: dt.date, end: dt.date | None
) -> CardInterval:
    """The card's status under what is in force (the list named when it says anything)."""
    comp = in_force.lookups
    outside = comp.from_outside(card_id)  # a format's one card from outside its pool
    if comp.available is not None and card_id not in comp.available and not outside:
        return CardInterval(start, end, "not-in-pool")
    status, points, penalty = "legal", None, None
    if card_id in comp.banned:
        status = "banned"
    elif card_id in comp.restricted or outside:
        status = "restricted"
    elif comp.points.get(card_id):
        status, points = "points", comp.points[card_id]
    elif comp.universal_faction_cost.get(card_id):
        penalty = Penalty("universal_faction_cost", comp.universal_faction_cost[card_id])
    elif comp.global_penalty.get(card_id):
        penalty = Penalty("global_penalty", comp.global_penalty[card_id])
    if status == "restricted" and card_id not in comp.restricted and comp.outside is not None:
        return CardInterval(start, end, status, restriction_name=comp.outside.rule)
    r = in_force.restriction
    if (status == "legal" and penalty is None) or r is None:
        return CardInterval(start, end, status, points, penalty=penalty)
    return CardInterval(start, end, status, points, r.id, r.name, penalty)
