"""The optimal mulligan rule, exactly: every opening hand's chance and the goal's chance if
kept; a hand is kept when keeping does no worse than a new deal, and the rule's chance is
the best of the two, hand by hand."""

from __future__ import annotations

from fractions import Fraction

import pytest

from nrdeck.catalog import CardDB
from nrdeck.results.simulation import OptimalMulligan
from nrdeck.sim.answers.optimal import optimal_rule, rule_in_words
from nrdeck.sim.answers.run import Tally
from nrdeck.sim.ask import parse_query
from tests.unit.sim.answers.runs import run_of


@pytest.fixture(scope="module")
def best(db: CardDB) -> OptimalMulligan:
    run = run_of(db, optimal_mulligan="breaker>=1@T1")
    return optimal_rule(run, Tally(), parse_query("breaker>=1"), 1)


def test_every_opening_hand_is_weighed_once(best: OptimalMulligan) -> None:
    assert sum(c.chance for c in best.choices) == 1
    assert len({c.counts for c in best.choices}) == len(best.choices)
    assert best.classes == ("breaker",) and (best.goal, best.turn) == ("breaker>=1", 1)


def test_a_hand_is_kept_when_keeping_is_no_worse_than_a_new_deal(best: OptimalMulligan) -> None:
    for choice in best.choices:
        assert choice.keep is (choice.goal_if_kept >= best.never)
    assert not next(c for c in best.choices if c.counts == (0,)).keep
    assert all(c.keep for c in best.choices if c.counts[0] >= 1)  # the goal is met already


def test_the_rules_chance_is_the_best_of_keeping_and_a_new_deal(best: OptimalMulligan) -> None:
    never = sum(c.chance * c.goal_if_kept for c in best.choices)
    assert best.never == never
    assert best.optimal == sum(c.chance * max(c.goal_if_kept, never) for c in best.choices)
    assert best.optimal > best.never
    assert best.mulligan_rate == sum(c.chance for c in best.choices if not c.keep)
    assert isinstance(best.optimal, Fraction)


def test_the_rule_in_words_names_the_least_hand_kept() -> None:
    said = rule_in_words([(0,), (1,), (2,)], [False, True, True], ("breaker",))
    assert said.startswith("keep ") and "at least 1 breaker;" in said
    assert rule_in_words([(0,), (1,)], [True, True], ("econ",)).startswith("never mulligan")
    odd = rule_in_words([(0,), (1,), (2,)], [True, False, True], ("econ",))
    assert odd.startswith("mulligan ") and "exactly 1 econ;" in odd
