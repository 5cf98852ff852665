"""Exact odds: a dynamic programme over cards seen per atom (multivariate hypergeometric).

States are (count per atom, flags): flags freeze leaves whose deadline has passed and
remember whether a non-monotone query was ever met. Pure Python, in floats or, for tests,
in ``fractions.Fraction`` (``exact=True``); ``dense`` runs the same law on NumPy arrays.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from math import comb
from typing import Any

from nrdeck.results.simulation import QueryOdds
from nrdeck.sim.ask import compile_leaves
from nrdeck.sim.solvers.closed import ratio
from nrdeck.sim.solvers.model import Atoms, Odds, OddsProblem

State = tuple[tuple[int, ...], int]


def count_vectors(sizes: Sequence[int], n: int) -> Iterator[tuple[int, ...]]:
    """Every count per atom with c[a] <= sizes[a] and sum <= n."""
    if not sizes:
        yield ()
        return
    head, tail = sizes[0], sizes[1:]
    for c in range(min(head, n) + 1):
        for rest in count_vectors(tail, n - c):
            yield (c, *rest)


def opening_distribution(atoms: Atoms, n: int, exact: bool) -> dict[tuple[int, ...], Any]:
    """P(counts per atom) for ``n`` cards drawn: the multivariate hypergeometric law."""
    n = min(n, atoms.deck_size)
    total = comb(atoms.deck_size, n)
    out: dict[tuple[int, ...], Any] = {}
    for c in count_vectors(atoms.sizes, n):
        ways = comb(atoms.rest, n - sum(c))
        for k, ci in zip(atoms.sizes, c, strict=True):
            ways *= comb(k, ci)
        if ways:
            out[c] = ratio(ways, total, exact)
    return out


class _Leaves:
    """Leaf truths per count vector, cached; flags layout for frozen leaves and met bits."""

    def __init__(self, problem: OddsProblem) -> None:
        self.atoms = problem.atoms
        self.leaves = [
            (leaf, groups[i])
            for query, groups in zip(problem.queries, problem.leaf_groups, strict=True)
            for i, leaf in enumerate(query.leaves)
        ]
        self.offsets: list[int] = []
        pos = 0
        for query in problem.queries:
            self.offsets.append(pos)
            pos += len(query.leaves)
        self.evals = [compile_leaves(q) for q in problem.queries]
        self.tracked = [i for i, q in enumerate(problem.queries) if not q.monotone]
        self.met_bit = {q: len(self.leaves) + j for j, q in enumerate(self.tracked)}
        self._cache: dict[tuple[int, ...], tuple[bool, ...]] = {}
        # (passed-deadline mask, freezing turn or -1) -> (counts, flags) -> verdicts, new bits
        self.judged: dict[
            tuple[int, int], dict[tuple[tuple[int, ...], int], tuple[tuple[int, ...], int]]
        ] = {}

    def current(self, counts: tuple[int, ...]) -> tuple[bool, ...]:
        truth = self._cache.get(counts)
        if truth is None:
            values = self.atoms.group_values(counts)
            truth = tuple(leaf.holds(values[g]) for leaf, g in self.leaves)
            self._cache[counts] = truth
        return truth

    def at_turn(self, counts: tuple[int, ...], flags: int, turn: int) -> list[bool]:
        cur = self.current(counts)
        return [
            bool(flags >> i & 1) if leaf.deadline is not None and leaf.deadline < turn else cur[i]
            for i, (leaf, _) in enumerate(self.leaves)
        ]


def _verdicts(leaves: _Leaves, problem: OddsProblem, truth: Sequence[bool]) -> list[bool]:
    out = []
    for q, query in enumerate(problem.queries):
        start = leaves.offsets[q]
        out.append(leaves.evals[q](truth[start : start + len(query.leaves)]))
    return out


def _mulligan_split(problem: OddsProblem, hands: dict[tuple[int, ...], Any]) -> tuple[Any, Any]:
    """(P(mulligan), the kept-hand law) for the opening-hand law ``hands``."""
    rule = problem.mulligan
    zero = 0 * next(iter(hands.values()))
    if rule is None:
        return zero, hands
    ev = compile_leaves(rule)
    take: dict[tuple[int, ...], bool] = {}
    for c in hands:
        values = problem.atoms.group_values(c)
        truth = [
            leaf.holds(values[g])
            for leaf, g in zip(rule.leaves, problem.mulligan_groups, strict=True)
        ]
        take[c] = ev(truth) == problem.mulligan_if
    p_mull = sum((p for c, p in hands.items() if take[c]), zero)
    kept = {c: (0 if take[c] else p) + p_mull * p for c, p in hands.items()}
    return p_mull, kept


def _draw_one(dist: dict[State, Any], atoms: Atoms, n: int, exact: bool) -> dict[State, Any]:
    """The law after one more card, from the law after ``n`` cards."""
    left = atoms.deck_size - n
    scale: Any = ratio(1, left, exact)
    out: dict[State, Any] = {}
    get = out.get
    rest0 = atoms.rest - n
    sizes = list(enumerate(atoms.sizes))
    for state, p in dist.items():
        counts, flags = state
        q = p * scale
        rest_left = rest0 + sum(counts)
        if rest_left:
            out[state] = get(state, 0) + q * rest_left
        for a, k in sizes:
            c = counts[a]
            if c < k:
                key = ((*counts[:a], c + 1, *counts[a + 1 :]), flags)
                out[key] = get(key, 0) + q * (k - c)
    return out


def solve_dp(problem: OddsProblem, *, exact: bool = False) -> Odds:
    """Exact odds for every query at every turn, and the mulligan rate."""
    atoms = problem.atoms
    seen = problem.seen
    leaves = _Leaves(problem)
    hands = opening_distribution(atoms, seen[0], exact)
    p_mull, kept = _mulligan_split(problem, hands)
    dist: dict[State, Any] = {(c, 0): p for c, p in kept.items()}
    nq = len(problem.queries)
    at_turn: list[list[Any]] = [[] for _ in range(nq)]
    met_by: list[list[Any]] = [[] for _ in range(nq)]
    n = seen[0]
    peak = len(dist)
    for turn, target in enumerate(seen):
        while n < target:
            dist = _draw_one(dist, atoms, n, exact)
            n += 1
        dist = _judge(dist, leaves, problem, turn, at_turn, met_by)
        peak = max(peak, len(dist))
    odds = tuple(
        QueryOdds(tuple(float(x) for x in a), tuple(float(x) for x in m))
        if not exact
        else QueryOdds(tuple(a), tuple(m))
        for a, m in zip(at_turn, met_by, strict=True)
    )
    return Odds(odds, p_mull if exact else float(p_mull), "exact", states=peak)


def _judge(
    dist: dict[State, Any],
    leaves: _Leaves,
    problem: OddsProblem,
    turn: int,
    at_turn: list[list[Any]],
    met_by: list[list[Any]],
) -> dict[State, Any]:
    """Record each query's odds at this turn; freeze deadline leaves; update met bits."""
    nq = len(problem.queries)
    zero = 0 * next(iter(dist.values()))
    sums = [zero] * nq
    met = [zero] * nq
    passed = sum(
        1 << i
        for i, (leaf, _) in enumerate(leaves.leaves)
        if leaf.deadline is not None and leaf.deadline < turn
    )
    freeze = [i for i, (leaf, _) in enumerate(leaves.leaves) if leaf.deadline == turn]
    tracked = [(q, leaves.met_bit[q]) for q in leaves.tracked]
    cache = leaves.judged.setdefault((passed, turn if freeze else -1), {})
    out: dict[State, Any] = {}
    for state, p in dist.items():
        counts, flags = state
        ckey = (counts, flags & passed)
        hit = cache.get(ckey)
        if hit is None:
            truth = leaves.at_turn(counts, flags, turn)
            verdict = _verdicts(leaves, problem, truth)
            set_bits = sum(1 << i for i in freeze if truth[i])
            set_bits |= sum(1 << bit for q, bit in tracked if verdict[q])
            hit = (tuple(q for q in range(nq) if verdict[q]), set_bits)
            cache[ckey] = hit
        holding, set_bits = hit
        for q in holding:
            sums[q] += p
        new_flags = flags | set_bits
        for q, bit in tracked:
            if new_flags >> bit & 1:
                met[q] += p
        key = (counts, new_flags) if new_flags != flags else state
        out[key] = out.get(key, 0) + p
    tracked_q = set(leaves.tracked)
    for q in range(nq):
        at_turn[q].append(sums[q])
        met_by[q].append(met[q] if q in tracked_q else sums[q])
    return out


def hypergeom_at_least(deck: int, copies: int, drawn: int, k: int) -> Any:
    """P(at least ``k`` of ``copies`` in ``drawn`` cards from ``deck``), exactly."""
    copies = min(copies, deck)
    drawn = min(drawn, deck)
    if k <= 0:
        return ratio(1, 1, True)
    total = comb(deck, drawn)
    ways = sum(comb(copies, i) * comb(deck - copies, drawn - i) for i in range(k, drawn + 1))
    return ratio(ways, total, True)
