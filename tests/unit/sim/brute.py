"""Brute force for the exact solvers' tests: every ordering of a small deck, in Fractions."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from itertools import permutations

from nrdeck.sim.ask.groups import Group
from nrdeck.sim.ask.query import Query, parse_query
from nrdeck.sim.solvers.model import Odds, OddsProblem, build_atoms


def make_problem(
    deck: dict[str, int],
    groups: dict[str, dict[str, int]],
    queries: Sequence[str],
    seen: Sequence[int],
    mulligan: str | None = None,
    mulligan_if: bool = True,
) -> OddsProblem:
    names = list(groups)
    group_objs = [Group(n, groups[n], n) for n in names]
    parsed = tuple(parse_query(q) for q in queries)
    rule = parse_query(mulligan) if mulligan else None
    return OddsProblem(
        build_atoms(deck, group_objs),
        parsed,
        tuple(tuple(names.index(leaf.group) for leaf in q.leaves) for q in parsed),
        tuple(seen),
        rule,
        tuple(names.index(leaf.group) for leaf in rule.leaves) if rule else (),
        mulligan_if,
    )


def truth(query: Query, groups: dict[str, dict[str, int]], hands: list[list[str]], t: int) -> bool:
    leaves = []
    for leaf in query.leaves:
        at = t if leaf.deadline is None else min(t, leaf.deadline)
        value = sum(groups[leaf.group].get(card, 0) for card in hands[at])
        leaves.append(leaf.holds(value))
    return query.evaluate(leaves)


def brute(
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
        at = [[truth(q, groups, hands, t) for t in range(len(seen))] for q in parsed]
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
    takes = [truth(rule, groups, [hand], 0) for hand in first]
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


def check(
    odds: Odds, expected: tuple[list[list[Fraction]], list[list[Fraction]], Fraction]
) -> None:
    at, met, p_mull = expected
    assert [list(q.at_turn) for q in odds.queries] == at
    assert [list(q.met_by) for q in odds.queries] == met
    assert odds.mulligan_rate == p_mull


# a small deck and overlapping groups: every ordering is few enough to enumerate
SMALL_DECK = {"a": 2, "b": 1, "c": 1, "d": 2}

SMALL_GROUPS = {
    "ab": {"a": 1, "b": 1},  # overlaps with "bc"
    "bc": {"b": 1, "c": 1},
    "a": {"a": 1},
    "pts": {"a": 2, "c": 3},
}
