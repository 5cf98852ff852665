"""A deck's breakdown carries its check: the deck is the checked one."""

from __future__ import annotations

from nrdeck.results.stats import DeckBreakdown
from tests.builders import DATA, legal_result


def test_a_breakdown_names_the_deck_of_its_check() -> None:
    result = legal_result()
    breakdown = DeckBreakdown(
        result=result,
        data=DATA,
        by_type=(("agenda", 10), ("ice", 17)),
        by_subtype=(),
        influence_by_faction=(("nbn", 4),),
        influence_by_card=result.stats.influence_breakdown,
        agendas=10,
        agenda_density=20 / 4.5,
        cost_curve=(("0", 3), ("X", 1)),
    )
    assert breakdown.deck is result.deck
    assert breakdown.deck.name == "Glacier HB"
    assert breakdown.cached is None
