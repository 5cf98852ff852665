"""Exact odds: published values, brute-force enumeration in Fractions, edge cases."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from itertools import permutations

import pytest

from nrdeck.errors import UsageError
from nrdeck.sim.exact import hypergeom_at_least, solve
from nrdeck.sim.groups import Group
from nrdeck.sim.model import Odds, Problem, build_atoms
from nrdeck.sim.query import Query, parse_query


def _problem(
    deck: dict[str, int],
    groups: dict[str, dict[str, int]],
    queries: Sequence[str],
    seen: Sequence[int],
    mulligan: str | None = None,
    mulligan_if: bool = True,
) -> Problem:
    names = list(groups)
    group_objs = [Group(n, groups[n], n) for n in names]
    parsed = tuple(parse_query(q) for q in queries)
    rule = parse_query(mulligan) if mulligan else None
    return Problem(
        build_atoms(deck, group_objs),
        parsed,
        tuple(tuple(names.index(leaf.group) for leaf in q.leaves) for q in parsed),
        tuple(seen),
        rule,
        tuple(names.index(leaf.group) for leaf in rule.leaves) if rule else (),
        mulligan_if,
    )


def _truth(query: Query, groups: dict[str, dict[str, int]], hands: list[list[str]], t: int) -> bool:
    leaves = []
    for leaf in query.leaves:
        at = t if leaf.deadline is None else min(t, leaf.deadline)
        value = sum(groups[leaf.group].get(card, 0) for card in hands[at])
        leaves.append(leaf.holds(value))
    return query.evaluate(leaves)


def _brute(
    deck: dict[str, int],
    groups: dict[str, dict[str, int]],
    queries: Sequence[str],
    seen: Sequence[int],
    mulligan: str | None = None,
) -> tuple[list[list[Fraction]], list[list[Fraction]], Fraction]:
    """Every ordering of the deck (cards made distinct), each equally likely."""
    cards = [c for c, n in deck.items() for _ in range(n)]
    orders = list(permutations(range(len(cards))))
    weight = Fraction(1, len(orders))
    parsed = [parse_query(q) for q in queries]
    rule = parse_query(mulligan) if mulligan else None

    def outcome(order: tuple[int, ...]) -> tuple[list[list[bool]], list[list[bool]]]:
        hands = [[cards[i] for i in order[:n]] for n in seen]
        at = [[_truth(q, groups, hands, t) for t in range(len(seen))] for q in parsed]
        met = [[any(row[: t + 1]) for t in range(len(seen))] for row in at]
        return at, met

    def average(selected: list[tuple[int, ...]]) -> tuple[list[list[Fraction]], ...]:
        at = [[Fraction(0)] * len(seen) for _ in parsed]
        met = [[Fraction(0)] * len(seen) for _ in parsed]
        for order in selected:
            a, m = outcome(order)
            for q in range(len(parsed)):
                for t in range(len(seen)):
                    at[q][t] += weight * a[q][t]
                    met[q][t] += weight * m[q][t]
        return at, met

    fresh_at, fresh_met = average(orders)
    if rule is None:
        return fresh_at, fresh_met, Fraction(0)
    first = [[cards[i] for i in order[: seen[0]]] for order in orders]
    takes = [_truth(rule, groups, [hand], 0) for hand in first]
    p_mull = weight * sum(takes)
    kept_at, kept_met = average([o for o, t in zip(orders, takes, strict=True) if not t])
    at = [
        [k + p_mull * f for k, f in zip(kr, fr, strict=True)]
        for kr, fr in zip(kept_at, fresh_at, strict=True)
    ]
    met = [
        [k + p_mull * f for k, f in zip(kr, fr, strict=True)]
        for kr, fr in zip(kept_met, fresh_met, strict=True)
    ]
    return at, met, p_mull


def _check(
    odds: Odds, expected: tuple[list[list[Fraction]], list[list[Fraction]], Fraction]
) -> None:
    at, met, p_mull = expected
    assert [list(q.at_turn) for q in odds.queries] == at
    assert [list(q.met_by) for q in odds.queries] == met
    assert odds.mulligan_rate == p_mull


def test_published_values() -> None:
    assert round(float(hypergeom_at_least(45, 3, 5, 1)), 4) == 0.3037
    assert round(float(hypergeom_at_least(49, 10, 5, 3)), 4) == 0.0511
    assert round(float(hypergeom_at_least(49, 10, 6, 3)), 4) == 0.0903


def test_published_values_through_the_programme() -> None:
    runner = solve(_problem({"x": 3, "rest": 42}, {"x": {"x": 1}}, ["x>=1"], [5]))
    assert round(runner.queries[0].at_turn[0], 4) == 0.3037
    corp = _problem({"agenda": 10, "rest": 39}, {"agenda": {"agenda": 1}}, ["agenda>=3"], [5, 6])
    exact = solve(corp, exact=True)
    assert [round(float(p), 4) for p in exact.queries[0].at_turn] == [0.0511, 0.0903]
    assert exact.queries[0].at_turn[0] == hypergeom_at_least(49, 10, 5, 3)


SMALL_DECK = {"a": 2, "b": 1, "c": 1, "d": 2}
SMALL_GROUPS = {
    "ab": {"a": 1, "b": 1},  # overlaps with "bc"
    "bc": {"b": 1, "c": 1},
    "a": {"a": 1},
    "pts": {"a": 2, "c": 3},
}


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
    problem = _problem(SMALL_DECK, SMALL_GROUPS, queries, seen, mulligan)
    expected = _brute(SMALL_DECK, SMALL_GROUPS, queries, seen, mulligan)
    _check(solve(problem, exact=True), expected)
    floats = solve(problem)  # the NumPy programme
    at, met, p_mull = expected
    assert [list(q.at_turn) for q in floats.queries] == [pytest.approx(row) for row in at]
    assert [list(q.met_by) for q in floats.queries] == [pytest.approx(row) for row in met]
    assert floats.mulligan_rate == pytest.approx(float(p_mull))


def test_keep_rule_is_the_negated_mulligan_rule() -> None:
    keep = _problem(SMALL_DECK, SMALL_GROUPS, ["ab>=2"], [3, 4], "ab>=1", mulligan_if=False)
    mull = _problem(SMALL_DECK, SMALL_GROUPS, ["ab>=2"], [3, 4], "ab==0")
    assert solve(keep, exact=True) == solve(mull, exact=True)


def test_float_mode_matches_fractions() -> None:
    problem = _problem(SMALL_DECK, SMALL_GROUPS, ["ab>=1 & bc>=1", "ab==1"], [2, 3, 5], "a==0")
    exact, floats = solve(problem, exact=True), solve(problem)
    for q_exact, q_float in zip(exact.queries, floats.queries, strict=True):
        assert q_float.at_turn == pytest.approx([float(p) for p in q_exact.at_turn], abs=1e-12)


def test_closed_form_edge_cases() -> None:
    assert hypergeom_at_least(45, 3, 5, 0) == 1  # at least 0 is certain
    assert hypergeom_at_least(10, 12, 3, 3) == 1  # more copies than the deck: all of it
    assert hypergeom_at_least(10, 3, 15, 3) == 1  # drawing past the end sees every card
    assert hypergeom_at_least(10, 3, 5, 4) == 0  # more than there are
    assert hypergeom_at_least(10, 0, 5, 1) == 0  # an empty group


def test_at_least_zero_is_certain() -> None:
    odds = solve(_problem({"x": 3, "r": 42}, {"x": {"x": 1}}, ["x>=0"], [0, 5, 6]), exact=True)
    assert list(odds.queries[0].at_turn) == [1, 1, 1]


def test_more_copies_wanted_than_the_deck_has_is_impossible() -> None:
    odds = solve(_problem({"x": 3, "r": 7}, {"x": {"x": 1}}, ["x>=4"], [5, 10]), exact=True)
    assert list(odds.queries[0].at_turn) == [0, 0]


def test_whole_deck_drawn() -> None:
    problem = _problem({"x": 3, "r": 2}, {"x": {"x": 1}}, ["x>=3", "x==3"], [5, 5])
    assert [list(q.at_turn) for q in solve(problem, exact=True).queries] == [[1, 1], [1, 1]]


def test_empty_group_counts_zero() -> None:
    problem = _problem({"r": 10}, {"none": {}}, ["none>=1", "none==0"], [5])
    odds = solve(problem, exact=True)
    assert [q.at_turn[0] for q in odds.queries] == [0, 1]


def test_state_cap_is_a_usage_error() -> None:
    deck = {f"c{i}": 3 for i in range(15)}
    groups = {f"g{i}": {f"c{i}": 1} for i in range(15)}
    problem = _problem(deck, groups, [" & ".join(f"g{i}>=1" for i in range(15))], [5, 20])
    with pytest.raises(UsageError, match="cap"):
        solve(problem, state_cap=1000)
