"""Monte Carlo lands within 4 standard errors of the exact answer on every golden case."""

from __future__ import annotations

import math

import numpy as np
import pytest

from nrdeck.sim.solvers.exact import solve_dp as solve
from nrdeck.sim.solvers.montecarlo import dealt_labels, simulate, wilson
from tests.unit.sim.brute import SMALL_DECK, SMALL_GROUPS
from tests.unit.sim.brute import make_problem as _problem

GAMES = 60_000
CASES = [
    ({"x": 3, "r": 42}, {"x": {"x": 1}}, ["x>=1"], [5, 6, 7], None),
    ({"ag": 10, "r": 39}, {"ag": {"ag": 1}}, ["ag>=3", "ag==0"], [5, 6, 10, 16], None),
    (
        {"ice": 17, "ag": 10, "econ": 8, "r": 14},
        {"ice": {"ice": 1}, "ag": {"ag": 1}, "econ": {"econ": 1}},
        ["ag>=3", "ice>=2@T1 & econ>=1", "ice==0 | ag>=3"],
        list(range(5, 17)),
        "ice==0",
    ),
    (SMALL_DECK, SMALL_GROUPS, ["ab>=1 & bc>=1", "pts>=5", "ab==1"], [2, 3, 4, 5], "a>=1"),
]


@pytest.mark.parametrize(("deck", "groups", "queries", "seen", "mulligan"), CASES)
def test_within_four_standard_errors(
    deck: dict[str, int],
    groups: dict[str, dict[str, int]],
    queries: list[str],
    seen: list[int],
    mulligan: str | None,
) -> None:
    problem = _problem(deck, groups, queries, seen, mulligan)
    exact = solve(problem)
    mc = simulate(problem, GAMES, np.random.default_rng(20261121), 20261121)
    assert mc.samples == GAMES and mc.method == "mc"
    for e, m in zip(exact.queries, mc.queries, strict=True):
        for series_e, series_m in ((e.at_turn, m.at_turn), (e.met_by, m.met_by)):
            for p, estimate in zip(series_e, series_m, strict=True):
                se = math.sqrt(max(p * (1 - p), 1e-12) / GAMES)
                assert abs(estimate - p) <= 4 * se + 1e-12
    se = math.sqrt(max(exact.mulligan_rate * (1 - exact.mulligan_rate), 1e-12) / GAMES)
    assert abs(mc.mulligan_rate - exact.mulligan_rate) <= 4 * se + 1e-12


def test_same_seed_same_answer_and_intervals_cover() -> None:
    problem = _problem({"x": 3, "r": 42}, {"x": {"x": 1}}, ["x>=1"], [5, 6])
    first = simulate(problem, 10_000, np.random.default_rng(5), 5)
    again = simulate(problem, 10_000, np.random.default_rng(5), 5)
    assert first == again
    assert first.queries[0].ci95 is not None
    low, high = first.queries[0].ci95[0]
    assert low < first.queries[0].at_turn[0] < high


def test_dealt_labels_are_a_shuffled_deck() -> None:
    sizes = (1, 2, 3, 4)
    dealt = dealt_labels(sizes, 4000, 10, np.random.default_rng(1))
    assert dealt.shape == (10, 4000)
    deck = np.repeat(np.arange(4), sizes)
    assert (np.sort(dealt, axis=0) == deck[:, None]).all()  # every game uses the whole deck
    for position in (0, 4, 9):  # each position holds each label in proportion
        share = np.bincount(dealt[position], minlength=4) / 4000
        assert share == pytest.approx(np.asarray(sizes) / 10, abs=0.03)


def test_wilson_interval() -> None:
    low, high = wilson(0, 100)
    assert low == pytest.approx(0, abs=1e-12) and 0 < high < 0.05
    assert wilson(50, 100)[0] < 0.5 < wilson(50, 100)[1]
