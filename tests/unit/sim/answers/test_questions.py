"""The what-if questions' syntax (``QUERY@Tk``, ``QUERY>=P%@Tk``) and the fewest copies
that reach a target chance."""

from __future__ import annotations

from fractions import Fraction

import pytest

from nrdeck.catalog import CardDB
from nrdeck.errors import ExitCode, UsageError
from nrdeck.sim.answers.questions import answer, parse_goal, parse_target
from tests.unit.sim.answers.runs import run_of


@pytest.mark.parametrize(
    ("text", "query", "turn"),
    [("breaker>=1@T2", "breaker>=1", 2), ("econ>=1 & breaker>=2 @ t3", "econ>=1 & breaker>=2", 3),
     ("econ>=1@0", "econ>=1", 0)],
)  # fmt: skip
def test_a_goal_is_a_query_and_a_turn(text: str, query: str, turn: int) -> None:
    goal, at = parse_goal(text, "--optimal-mulligan")
    assert (goal.text, at) == (query, turn)


@pytest.mark.parametrize(
    ("text", "query", "chance", "turn"),
    [
        ("breaker>=1>=90%@T2", "breaker>=1", 0.9, 2),
        ("econ>=1 >= 100 % @ 1", "econ>=1", 1.0, 1),
        ("econ>=2>=0.5%@T4", "econ>=2", 0.005, 4),
    ],
)
def test_a_target_is_a_query_a_chance_and_a_turn(
    text: str, query: str, chance: float, turn: int
) -> None:
    parsed, p, at = parse_target(text)
    assert (parsed.text, p, at) == (query, chance, turn)


@pytest.mark.parametrize("text", ["breaker>=1", "@T2", "breaker>=1@Tx"])
def test_a_goal_without_a_turn_is_a_usage_error(text: str) -> None:
    with pytest.raises(UsageError) as caught:
        parse_goal(text, "--optimal-mulligan")
    assert caught.value.exit_code is ExitCode.USAGE and caught.value.hint


@pytest.mark.parametrize(
    "text", ["breaker>=1@T2", "breaker>=1>=0%@T2", "breaker>=1>=101%@T2", "breaker>=1>=90@T2"]
)
def test_a_target_without_a_chance_in_0_to_100_is_a_usage_error(text: str) -> None:
    with pytest.raises(UsageError) as caught:
        parse_target(text)
    assert caught.value.exit_code is ExitCode.USAGE and caught.value.hint


def test_the_fewest_copies_stop_at_the_first_that_reaches_the_target(db: CardDB) -> None:
    run = run_of(db, target="killer>=1>=60%@T2")
    sim = answer(run)
    target = sim.target
    assert target is not None and sim.optimal is None and sim.sections == ()
    assert (target.item, target.turn, target.chance) == ("killer", 2, 0.6)
    chances = [s.chance for s in target.steps]
    assert [s.copies for s in target.steps] == list(range(len(chances)))  # from 0, one by one
    assert chances == sorted(chances) and chances[0] == 0
    size, seen = sim.deck_size, run.schedule.cards_seen(sim.deck_size, 2)[-1]
    assert chances[1] == Fraction(seen, size)  # one copy among the cards seen by turn 2
    assert target.fewest == target.steps[-1].copies  # a monotone query stops there
    assert chances[-1] >= 0.6 > chances[-2]


def test_a_target_out_of_reach_has_no_fewest(db: CardDB) -> None:
    target = answer(run_of(db, target='"Sure Gamble">=1>=100%@T0')).target
    assert target is not None and target.fewest is None
    assert [s.copies for s in target.steps] == [0, 1, 2, 3]  # up to its deck limit


def test_a_target_over_two_groups_needs_a_sweep(db: CardDB) -> None:
    with pytest.raises(UsageError) as caught:
        answer(run_of(db, target="econ>=1 & breaker>=1>=90%@T2"))
    assert "--sweep" in (caught.value.hint or "")
    swept = answer(run_of(db, target="econ>=1 & breaker>=1>=90%@T2", sweep="breaker=4..7"))
    assert swept.target is not None and swept.target.steps[0].copies == 4


def test_an_optimal_mulligan_answer_carries_no_target(db: CardDB) -> None:
    sim = answer(run_of(db, optimal_mulligan="breaker>=1@T1"))
    assert sim.target is None and sim.optimal is not None and sim.optimal.turn == 1
