"""Use case: one deck's breakdown (types, subtypes, influence, agendas, cost curve)."""

from __future__ import annotations

from collections import Counter

import msgspec

from nrdeck.app.check import CheckOptions, deck_settings, expand_specs, prepare
from nrdeck.carddb import CardDB, DataInfo
from nrdeck.deck import Deck
from nrdeck.errors import UsageError
from nrdeck.result import CardCost, CheckResult

Count = tuple[str, int]


class DeckBreakdown(msgspec.Struct, frozen=True):
    """A deck's composition, with the figures of its check."""

    result: CheckResult
    data: DataInfo
    by_type: tuple[Count, ...]
    by_subtype: tuple[Count, ...]
    influence_by_faction: tuple[Count, ...]
    influence_by_card: tuple[CardCost, ...]
    agendas: int
    agenda_density: float | None  # agenda points per 10 cards
    cost_curve: tuple[Count, ...]  # cost ("0".."n", "X") -> copies (agendas and identity excluded)

    @property
    def deck(self) -> Deck:
        """The deck itself."""
        return self.result.deck


def deck_stats(spec: str, options: CheckOptions) -> DeckBreakdown:
    """Load one deck, check it, and break it down (a remote deck that cannot be had: exit 3)."""
    from nrdeck.app.decks import load_deck
    from nrdeck.rules import check_deck

    sources = expand_specs([spec], exclude=options.data.data_file)
    if len(sources) != 1:
        raise UsageError(f"{spec}: names {len(sources)} decks", hint="give one deck to 'stats'")
    db, in_force = prepare(options)
    deck = load_deck(sources[0], db, deck_settings(options))
    return breakdown(check_deck(deck, db, in_force), db)


def breakdown(result: CheckResult, db: CardDB) -> DeckBreakdown:
    """The breakdown of a checked deck."""
    counts = {cid: n for cid, n in result.deck.counts().items() if cid in db.cards}
    types: Counter[str] = Counter()
    subtypes: Counter[str] = Counter()
    curve: Counter[str] = Counter()
    agendas = 0
    for card_id, copies in counts.items():
        card = db.card(card_id)
        types[_type_name(db, card.type)] += copies
        for sub in card.subtypes:
            subtypes[_subtype_name(db, sub)] += copies
        if card.type == "agenda":
            agendas += copies
        elif card.cost is not None:
            curve[str(card.cost)] += copies
    return DeckBreakdown(
        result=result,
        data=db.info,
        by_type=_most_common(types),
        by_subtype=_most_common(subtypes),
        influence_by_faction=_influence_by_faction(result, db),
        influence_by_card=result.stats.influence_breakdown,
        agendas=agendas,
        agenda_density=_density(result),
        cost_curve=tuple(sorted(curve.items(), key=lambda kv: _cost_key(kv[0]))),
    )


def _type_name(db: CardDB, type_id: str) -> str:
    named = db.types.get(type_id)
    return named.name if named else type_id


def _subtype_name(db: CardDB, subtype_id: str) -> str:
    named = db.subtypes.get(subtype_id)
    return named.name if named else subtype_id


def _most_common(counter: Counter[str]) -> tuple[Count, ...]:
    return tuple(sorted(counter.items(), key=lambda kv: (-kv[1], kv[0])))


def _influence_by_faction(result: CheckResult, db: CardDB) -> tuple[Count, ...]:
    spent: Counter[str] = Counter()
    for cost in result.stats.influence_breakdown:
        card = db.cards.get(cost.card_id)
        faction = db.factions.get(card.faction) if card else None
        spent[faction.name if faction else (card.faction if card else "?")] += cost.amount
    return _most_common(spent)


def _density(result: CheckResult) -> float | None:
    points, cards = result.stats.agenda_points, result.stats.cards
    if points is None or cards == 0:
        return None
    return round(points * 10 / cards, 2)


def _cost_key(cost: str) -> tuple[int, int]:
    return (0, int(cost)) if cost.isdigit() else (1, 0)
