"""Exact odds in closed form: hypergeometric sums over count vectors, no step-by-step law.

For a query that can only turn from false to true as cards are drawn (``>=`` and ``>``
comparisons joined by & and |) and whose comparisons share one deadline (or have none),
the chance it holds on the first n cards of a shuffled deck is

    F(n) = sum over s of A(s) * C(rest, n - s) / C(N, n),

where A(s) adds, over the count vectors c of s grouped cards on which the query holds, the
ways prod_a C(k_a, c_a) to draw them. A(s) does not depend on n, so each turn costs a few
multiplications. Under a mulligan rule the kept hand h conditions the rest of the deck the
same way. Integers until the last division: floats to the last bit, or Fractions.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import product
from math import comb
from typing import Any

from nrdeck.results.simulation import QueryOdds
from nrdeck.sim.ask import Query, compile_leaves
from nrdeck.sim.solvers.model import Atoms, Odds, OddsProblem

Vector = tuple[int, ...]


def applies(problem: OddsProblem) -> bool:
    """True when every query is monotone and its comparisons share one deadline (or none)."""
    return all(
        q.monotone and len({leaf.deadline for leaf in q.leaves}) <= 1 for q in problem.queries
    )


def vector_count(atoms: Atoms) -> int:
    """How many count vectors the closed form enumerates."""
    total = 1
    for k in atoms.sizes:
        total *= k + 1
    return total


def ratio(num: int, den: int, exact: bool) -> Any:
    """``num / den`` as a float, or as a Fraction when ``exact``."""
    if exact:
        from fractions import Fraction  # only exact runs (tests) pay for importing it

        return Fraction(num, den)
    return num / den


def query_truth(atoms: Atoms, query: Query, leaf_groups: Sequence[int]) -> Callable[[Vector], bool]:
    """The query's verdict on a count vector (cards seen per atom); deadlines are ignored."""
    verdict = values_verdict(query, leaf_groups)
    return lambda vector: verdict(atoms.group_values(vector))


def values_verdict(query: Query, leaf_groups: Sequence[int]) -> Callable[[Sequence[int]], bool]:
    """The query's verdict on each group's value (``values[g]``); deadlines are ignored."""
    evaluate = compile_leaves(query)
    leaves = list(zip(query.leaves, leaf_groups, strict=True))
    return lambda values: evaluate([leaf.holds(values[g]) for leaf, g in leaves])


class Urn:
    """One deck's count vectors and the ways to draw each."""

    def __init__(self, atoms: Atoms) -> None:
        self.atoms = atoms
        self.vectors: list[Vector] = list(product(*(range(k + 1) for k in atoms.sizes)))
        self.totals = [sum(v) for v in self.vectors]
        self.ways = [ways_to_draw(atoms.sizes, v) for v in self.vectors]
        self._values: list[list[int]] | None = None

    def query_holds(self, query: Query, leaf_groups: Sequence[int]) -> list[bool]:
        """The query's verdict on every count vector (deadlines are ignored); each vector's
        group values are worked out once per urn, for every query asked of it."""
        if self._values is None:
            self._values = [self.atoms.group_values(v) for v in self.vectors]
        verdict = values_verdict(query, leaf_groups)
        return [verdict(values) for values in self._values]

    def numerators(self, holds: Sequence[bool]) -> list[int]:
        """A(s): the ways to see s grouped cards on which the query holds."""
        out = [0] * (sum(self.atoms.sizes) + 1)
        for total, ways, ok in zip(self.totals, self.ways, holds, strict=True):
            if ok:
                out[total] += ways
        return out

    def fresh(self, a: Sequence[int], n: int, exact: bool) -> Any:
        """The chance the query holds on the first ``n`` cards of a fresh shuffle."""
        rest, size = self.atoms.rest, self.atoms.deck_size
        n = min(n, size)
        return ratio(_sum(a, rest, n), comb(size, n), exact)

    def hands(self, opening: int) -> list[tuple[int, int]]:
        """(vector index, ways) of every possible opening hand of ``opening`` cards."""
        rest = self.atoms.rest
        out = []
        for i, total in enumerate(self.totals):
            if total <= opening:
                ways = self.ways[i] * comb(rest, opening - total)
                if ways:
                    out.append((i, ways))
        return out

    def after(self, hand: int, holds: Sequence[bool]) -> list[int]:
        """A(s) given the hand ``hand``: ways to draw s more grouped cards to a verdict."""
        h = self.vectors[hand]
        left = [k - c for k, c in zip(self.atoms.sizes, h, strict=True)]
        out = [0] * (sum(left) + 1)
        for v, total, ok in zip(self.vectors, self.totals, holds, strict=True):
            if ok and all(a >= b for a, b in zip(v, h, strict=True)):
                extra = tuple(a - b for a, b in zip(v, h, strict=True))
                out[total - self.totals[hand]] += ways_to_draw(left, extra)
        return out

    def rest_after(self, hand: int, opening: int) -> int:
        """Cards in no group left in the deck after the hand."""
        return self.atoms.rest - (opening - self.totals[hand])


def ways_to_draw(sizes: Sequence[int], vector: Vector) -> int:
    """prod_a C(sizes[a], vector[a])."""
    ways = 1
    for k, c in zip(sizes, vector, strict=True):
        ways *= comb(k, c)
    return ways


def _sum(a: Sequence[int], rest: int, n: int) -> int:
    """sum_s a[s] * C(rest, n - s), over the s where the binomial is not 0."""
    low, high = max(0, n - rest), min(n, len(a) - 1)
    return sum(a[s] * comb(rest, n - s) for s in range(low, high + 1) if a[s])


def conditional(urn: Urn, a: Sequence[int], rest: int, opening: int, n: int) -> int:
    """The numerator of the chance after a hand (over C(N - opening, n - opening))."""
    return _sum(a, rest, min(n, urn.atoms.deck_size) - opening)


class _Mulligan:
    """The kept hands' conditional numerators, grouped by their count of grouped cards."""

    def __init__(self, problem: OddsProblem, urn: Urn, holds: Sequence[bool]) -> None:
        atoms = problem.atoms
        self.opening = problem.seen[0]
        self.urn = urn
        take = None
        if problem.mulligan is not None:
            take = query_truth(atoms, problem.mulligan, problem.mulligan_groups)
        self.by_rest: dict[int, list[int]] = {}
        self.sent_back = 0
        for i, ways in urn.hands(self.opening):
            if take is not None and take(urn.vectors[i]) == problem.mulligan_if:
                self.sent_back += ways
                continue
            after = urn.after(i, holds)
            acc = self.by_rest.setdefault(urn.rest_after(i, self.opening), [0] * len(after))
            acc.extend([0] * (len(after) - len(acc)))
            for s, w in enumerate(after):
                acc[s] += ways * w

    def chance(self, a: Sequence[int], n: int, exact: bool) -> Any:
        """F(n) with the rule applied: kept hands, plus a fresh hand after a mulligan."""
        size = self.urn.atoms.deck_size
        n = min(n, size)
        hands = comb(size, self.opening)
        num = sum(
            conditional(self.urn, acc, rest, self.opening, n) for rest, acc in self.by_rest.items()
        )
        kept = ratio(num, hands * comb(size - self.opening, n - self.opening), exact)
        return kept + ratio(self.sent_back, hands, exact) * self.urn.fresh(a, n, exact)


Verdicts = tuple[Urn, list[bool], list[int]]


def verdicts(
    atoms: Atoms, query: Query, groups: tuple[int, ...], memo: dict[Any, Any] | None = None
) -> Verdicts:
    """The urn, the query's verdict on each count vector, and A(s); remembered in ``memo``
    (a query asked again on another schedule costs nothing more)."""
    key = (atoms, query, groups)
    if memo is not None and key in memo:
        found: Verdicts = memo[key]
        return found
    urn = memo.get(atoms) if memo is not None else None
    if urn is None:
        urn = Urn(atoms)
    holds = urn.query_holds(query, groups)
    out = (urn, holds, urn.numerators(holds))
    if memo is not None:
        memo[atoms] = urn
        memo[key] = out
    return out


def solve_closed(
    problem: OddsProblem, *, exact: bool = False, memo: dict[Any, Any] | None = None
) -> Odds:
    """Exact odds for every query at every row of ``problem.seen``, and the mulligan rate."""
    rate: Any = ratio(0, 1, exact)
    odds = []
    for query, groups in zip(problem.queries, problem.leaf_groups, strict=True):
        urn, holds, a = verdicts(problem.atoms, query, groups, memo)
        rule = _Mulligan(problem, urn, holds) if problem.mulligan is not None else None
        if rule is not None:
            rate = ratio(rule.sent_back, comb(problem.atoms.deck_size, rule.opening), exact)
        values = _rows(problem.seen, _deadline(query), _chance(urn, rule, a, exact))
        odds.append(QueryOdds(values, values))
    return Odds(tuple(odds), rate, "exact", states=vector_count(problem.atoms))


def _chance(urn: Urn, rule: _Mulligan | None, a: list[int], exact: bool) -> Callable[[int], Any]:
    """F(n): from a fresh shuffle, or under the mulligan rule."""

    def chance(n: int) -> Any:
        return urn.fresh(a, n, exact) if rule is None else rule.chance(a, n, exact)

    return chance


def _deadline(query: Query) -> int | None:
    return query.leaves[0].deadline if query.leaves else None


def _rows(
    seen: Sequence[int], deadline: int | None, chance: Callable[[int], Any]
) -> tuple[Any, ...]:
    """The chance at each row; past a deadline the verdict of the deadline's row holds."""
    cache: dict[int, Any] = {}
    out = []
    for row, n in enumerate(seen):
        if deadline is not None and row > deadline:
            n = seen[min(deadline, len(seen) - 1)]
        if n not in cache:
            cache[n] = chance(n)
        out.append(cache[n])
    return tuple(out)
