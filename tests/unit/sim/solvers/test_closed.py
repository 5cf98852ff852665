"""Exact odds in closed form: edge cases, brute-force enumeration, and the problems it leaves to
the other solvers."""

from __future__ import annotations

import pytest

from nrdeck.sim.solvers.closed import applies, solve_closed
from nrdeck.sim.solvers.exact import hypergeom_at_least, solve_dp
from tests.unit.sim.brute import SMALL_DECK, SMALL_GROUPS, brute, check, make_problem

CLOSED_CASES = [
    (["ab>=2", "ab>=1 & bc>=1", "pts>=5"], [2, 3, 4, 5], None),
    (["ab>=1@T1 & bc>=1@T1", "a>=1 | pts>=4"], [2, 3, 4, 5], None),
    (["ab>=2", "bc>=1 | a>=2"], [3, 4, 5, 6], "ab==0"),
    (["pts>=3 & ab>=1"], [2, 3, 3, 5], "a>=1 & bc>=1"),
    (["ab>=1 & bc>=1"], [4, 5, 6], "!(pts>=3)"),
]


def test_closed_form_edge_cases() -> None:
    assert hypergeom_at_least(45, 3, 5, 0) == 1  # at least 0 is certain
    assert hypergeom_at_least(10, 12, 3, 3) == 1  # more copies than the deck: all of it
    assert hypergeom_at_least(10, 3, 15, 3) == 1  # drawing past the end sees every card
    assert hypergeom_at_least(10, 3, 5, 4) == 0  # more than there are
    assert hypergeom_at_least(10, 0, 5, 1) == 0  # an empty group


@pytest.mark.parametrize(("queries", "seen", "mulligan"), CLOSED_CASES)
def test_closed_form_equals_brute_force(
    queries: list[str], seen: list[int], mulligan: str | None
) -> None:
    problem = make_problem(SMALL_DECK, SMALL_GROUPS, queries, seen, mulligan)
    assert applies(problem)
    check(
        solve_closed(problem, exact=True), brute(SMALL_DECK, SMALL_GROUPS, queries, seen, mulligan)
    )
    floats = solve_closed(problem)
    exact = solve_dp(problem, exact=True)
    for f, e in zip(floats.queries, exact.queries, strict=True):
        assert list(f.at_turn) == pytest.approx([float(p) for p in e.at_turn], abs=1e-15)


def test_closed_form_refuses_what_it_cannot_do() -> None:
    for queries in (["ab==1"], ["ab>=1@T1 & bc>=1"], ["!(a>=1)"]):
        assert not applies(make_problem(SMALL_DECK, SMALL_GROUPS, queries, [2, 3]))
