"""Use case: one deck's breakdown (types, subtypes, influence, agendas, cost curve)."""

from __future__ import annotations

from collections import Counter

import msgspec
from msgspec.structs import replace

from nrdeck.app.check import CheckOptions, check_source, prepare
from nrdeck.app.inputs.sources import one_source
from nrdeck.catalog import CardDB
from nrdeck.errors import DeckInputError, NrdeckError, RemoteDeckError
from nrdeck.results.check import CheckResult
from nrdeck.results.stats import Count, DeckBreakdown


class StatsRun(msgspec.Struct, frozen=True):
    """One deck's breakdown, and what loading the deck and the card data had to say."""

    result: DeckBreakdown
    warnings: tuple[str, ...] = ()


def deck_stats(spec: str, options: CheckOptions) -> StatsRun:
    """Load one deck, check it, and break it down (a remote deck that cannot be had: exit 3)."""
    source = one_source(spec, "stats", options.data.data_file, options.exclude)
    db, in_force = prepare(options.data, options.selection)
    settings = options.deck_settings()
    outcome = check_source(source, db, in_force, settings)
    if outcome.result is None:
        message = f"{outcome.source}: {outcome.problems[0].message}"
        if outcome.unavailable:
            raise RemoteDeckError(outcome.problems[0].message)
        if outcome.failed:
            raise NrdeckError(message)  # a bug: exit 4, with the one line asking for a report
        raise DeckInputError(message)
    result = replace(breakdown(outcome.result, db), cached=outcome.cached)
    return StatsRun(result, (*settings.warnings.since(), *db.info.warnings))


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
