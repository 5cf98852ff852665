"""A simulation's values: plain and frozen, every field kept through JSON (the what-if
answers included), and nothing random unless said."""

from __future__ import annotations

import msgspec
import pytest

from nrdeck.results.simulation import (
    CardOdds,
    CardTable,
    Column,
    Comparison,
    FirstMet,
    GroupInfo,
    Hand,
    HandCard,
    HandChoice,
    OptimalMulligan,
    QueryOdds,
    Section,
    Simulation,
    TargetResult,
    TargetStep,
    Variant,
)
from tests.builders import DATA

COLUMN = Column(
    label="econ",
    query="econ>=1",
    odds=QueryOdds(at_turn=(0.5, 0.75), met_by=(0.5, 0.8), ci95=((0.4, 0.6), (0.7, 0.8))),
    first_met=FirstMet(by_last=0.8, mean=1.2, median=1, never=0.05, within=2, end=30),
)
SIMULATION = Simulation(
    deck="deck.txt",
    side="runner",
    identity="The Catalyst",
    deck_size=40,
    sections=(Section("Odds", "turn", (1, 2), (5, 6), (COLUMN,)),),
    assumptions=("no card draws",),
    seed=7,
    method="exact",
    mulligan=None,
    mulligan_rate=None,
    hands=(Hand((HandCard("Sure Gamble", ("econ",)),), mulliganed=False),),
    groups=(GroupInfo("econ", "economy cards", 3),),
    data=DATA,
    cards=CardTable((1, 2), (5, 6), (CardOdds("Sure Gamble", 3, (0.3, 0.4)),)),
    optimal=OptimalMulligan(
        "econ>=1", 1, ("econ",), (HandChoice((1,), 0.4, 0.9, True),), 0.7, 0.8, 0.3, "keep econ"
    ),
    target=TargetResult("econ>=1", "Sure Gamble", 0.9, 2, (TargetStep(3, 0.85),), None),
)


def test_a_simulation_keeps_every_field_through_json() -> None:
    encoded = msgspec.json.encode(SIMULATION)
    assert msgspec.json.decode(encoded, type=Simulation) == SIMULATION


def test_a_comparison_keeps_its_variants_in_order() -> None:
    second = msgspec.structs.replace(SIMULATION, deck="other.txt")
    comparison = Comparison("compare", "deck.txt", (Variant("A", SIMULATION), Variant("B", second)))
    back = msgspec.json.decode(msgspec.json.encode(comparison), type=Comparison)
    assert [v.label for v in back.variants] == ["A", "B"]
    assert back.variants[1].simulation.deck == "other.txt" and back.note == ""


def test_a_simulation_is_not_random_and_asks_no_what_if_by_default() -> None:
    bare = Simulation("d", "corp", None, 45, (), (), 0, "exact", None, None)
    assert not bare.random
    assert (bare.cards, bare.optimal, bare.target, bare.data) == (None, None, None, None)
    assert COLUMN.method == "exact" and COLUMN.samples is None


def test_a_target_not_reached_has_no_fewest_copies() -> None:
    assert SIMULATION.target is not None and SIMULATION.target.fewest is None
    with pytest.raises(AttributeError):
        SIMULATION.seed = 8  # type: ignore[misc]
