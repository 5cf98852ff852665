"""Exact odds by the dynamic programme (in Fractions and floats, and on NumPy arrays): published
values, brute-force enumeration, edge cases."""

from __future__ import annotations

import pytest

from nrdeck.sim.solvers.closed import solve_closed
from nrdeck.sim.solvers.dense import solve_dense
from nrdeck.sim.solvers.exact import hypergeom_at_least, solve_dp
from nrdeck.sim.solvers.model import Odds, OddsProblem
from tests.unit.sim.brute import SMALL_DECK, SMALL_GROUPS, brute, check, make_problem


def solve(problem: OddsProblem, *, exact: bool = False) -> Odds:
    """The dynamic programme (Fractions when exact), else NumPy's dense one."""
    return solve_dp(problem, exact=True) if exact else solve_dense(problem)


def test_published_values() -> None:
    assert round(float(hypergeom_at_least(45, 3, 5, 1)), 4) == 0.3037
    assert round(float(hypergeom_at_least(49, 10, 5, 3)), 4) == 0.0511
    assert round(float(hypergeom_at_least(49, 10, 6, 3)), 4) == 0.0903


def test_published_values_through_the_programme() -> None:
    runner = solve(make_problem({"x": 3, "rest": 42}, {"x": {"x": 1}}, ["x>=1"], [5]))
    assert round(runner.queries[0].at_turn[0], 4) == 0.3037
    corp = make_problem(
        {"agenda": 10, "rest": 39}, {"agenda": {"agenda": 1}}, ["agenda>=3"], [5, 6]
    )
    exact = solve(corp, exact=True)
    assert [round(float(p), 4) for p in exact.queries[0].at_turn] == [0.0511, 0.0903]
    assert exact.queries[0].at_turn[0] == hypergeom_at_least(49, 10, 5, 3)


@pytest.mark.parametrize(
    ("queries", "seen", "mulligan"),
    [
        (["ab>=2", "ab>=1 & bc>=1", "pts>=5"], [2, 3, 4, 5], None),
        (["ab==1 | bc==0", "!(a>=1)"], [1, 2, 4, 6], None),
        (["ab>=1@T1 & bc>=1", "a==0@T2 | pts>=4"], [2, 3, 4, 5], None),
        (["ab>=2", "bc==1 | a>=2"], [3, 4, 5, 6], "ab==0"),
        (["pts>=3 & ab<=1"], [2, 3, 3, 5], "a>=1 & bc>=1"),
    ],
)
def test_equals_brute_force(queries: list[str], seen: list[int], mulligan: str | None) -> None:
    problem = make_problem(SMALL_DECK, SMALL_GROUPS, queries, seen, mulligan)
    expected = brute(SMALL_DECK, SMALL_GROUPS, queries, seen, mulligan)
    check(solve(problem, exact=True), expected)
    floats = solve(problem)  # the NumPy programme
    at, met, p_mull = expected
    assert [list(q.at_turn) for q in floats.queries] == [pytest.approx(row) for row in at]
    assert [list(q.met_by) for q in floats.queries] == [pytest.approx(row) for row in met]
    assert floats.mulligan_rate == pytest.approx(float(p_mull))


def test_keep_rule_is_the_negated_mulligan_rule() -> None:
    keep = make_problem(SMALL_DECK, SMALL_GROUPS, ["ab>=2"], [3, 4], "ab>=1", mulligan_if=False)
    mull = make_problem(SMALL_DECK, SMALL_GROUPS, ["ab>=2"], [3, 4], "ab==0")
    assert solve(keep, exact=True) == solve(mull, exact=True)


def test_float_mode_matches_fractions() -> None:
    problem = make_problem(SMALL_DECK, SMALL_GROUPS, ["ab>=1 & bc>=1", "ab==1"], [2, 3, 5], "a==0")
    exact, floats = solve(problem, exact=True), solve(problem)
    for q_exact, q_float in zip(exact.queries, floats.queries, strict=True):
        assert q_float.at_turn == pytest.approx([float(p) for p in q_exact.at_turn], abs=1e-12)


def test_at_least_zero_is_certain() -> None:
    odds = solve(make_problem({"x": 3, "r": 42}, {"x": {"x": 1}}, ["x>=0"], [0, 5, 6]), exact=True)
    assert list(odds.queries[0].at_turn) == [1, 1, 1]


def test_more_copies_wanted_than_the_deck_has_is_impossible() -> None:
    odds = solve(make_problem({"x": 3, "r": 7}, {"x": {"x": 1}}, ["x>=4"], [5, 10]), exact=True)
    assert list(odds.queries[0].at_turn) == [0, 0]


def test_whole_deck_drawn() -> None:
    problem = make_problem({"x": 3, "r": 2}, {"x": {"x": 1}}, ["x>=3", "x==3"], [5, 5])
    assert [list(q.at_turn) for q in solve(problem, exact=True).queries] == [[1, 1], [1, 1]]


def test_empty_group_counts_zero() -> None:
    problem = make_problem({"r": 10}, {"none": {}}, ["none>=1", "none==0"], [5])
    odds = solve(problem, exact=True)
    assert [q.at_turn[0] for q in odds.queries] == [0, 1]


def test_no_grouped_card_at_all() -> None:
    """A deck with none of the query's cards (every group empty) is 0%, not a crash."""
    problem = make_problem({"r": 10}, {"none": {}}, ["none>=1", "none==0"], [5, 6])
    for odds in (
        solve_dp(problem, exact=True),
        solve_dense(problem),
        solve_closed(make_problem({"r": 10}, {"none": {}}, ["none>=1"], [5, 6]), exact=True),
    ):
        assert odds.queries[0].at_turn == (0, 0)
    assert [float(p) for p in solve_dense(problem).queries[1].at_turn] == [1.0, 1.0]
