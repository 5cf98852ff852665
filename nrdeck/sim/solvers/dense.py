"""The exact programme in floating point on NumPy arrays: one axis per atom, one for flags.

The same law as ``exact``'s dictionary programme (which also runs in Fractions), laid
out densely: ``dist[c_1, …, c_m, f]`` is the chance of having seen ``c_a`` cards of each
atom with flag bits ``f`` (frozen deadline leaves, and "met" bits of non-monotone
queries). Drawing a card shifts mass one step along an atom's axis.
"""

from __future__ import annotations

from math import comb
from typing import TYPE_CHECKING, Any

import numpy as np
from msgspec.structs import replace

from nrdeck.results.simulation import QueryOdds
from nrdeck.sim.solvers.model import Atoms, Odds, OddsProblem
from nrdeck.sim.solvers.montecarlo import eval_tree, numpy_ops

if TYPE_CHECKING:
    from numpy.typing import NDArray


class _Grid:
    """Per-cell facts of the count grid: totals, leaf truths, flag bits."""

    def __init__(self, problem: OddsProblem) -> None:
        atoms = problem.atoms
        depth = problem.seen[-1]
        self.shape = tuple(min(k, depth) + 1 for k in atoms.sizes)
        axes = np.indices(self.shape) if self.shape else np.zeros((0,), dtype=np.int64)
        self.counts = [axes[a] for a in range(len(self.shape))]
        self.total = sum(self.counts, np.zeros(self.shape, dtype=np.int64))
        self.values = [
            sum((atoms.weights[a][g] * self.counts[a] for a in range(len(self.shape))),
                np.zeros(self.shape, dtype=np.int64))
            for g in range(atoms.groups)
        ]  # fmt: skip
        self.leaves = [
            (leaf, groups[i])
            for query, groups in zip(problem.queries, problem.leaf_groups, strict=True)
            for i, leaf in enumerate(query.leaves)
        ]
        bits = [i for i, (leaf, _) in enumerate(self.leaves) if leaf.deadline is not None]
        self.leaf_bit = {i: b for b, i in enumerate(bits)}
        self.tracked = [q for q, query in enumerate(problem.queries) if not query.monotone]
        self.met_bit = {q: len(bits) + j for j, q in enumerate(self.tracked)}
        self.flags = 1 << (len(bits) + len(self.tracked))
        flag_ids = np.arange(self.flags)
        self.bit_truth = {
            b: ((flag_ids >> b) & 1).astype(bool) for b in range(len(bits) + len(self.tracked))
        }

    def truth(self, leaf_index: int) -> NDArray[Any]:
        leaf, g = self.leaves[leaf_index]
        result: NDArray[Any] = numpy_ops()[leaf.op](self.values[g], leaf.n)
        return result


def _opening(problem: OddsProblem, grid: _Grid) -> NDArray[Any]:
    atoms = problem.atoms
    n = min(problem.seen[0], atoms.deck_size)
    law = np.ones(grid.shape, dtype=np.float64)
    for a, k in enumerate(atoms.sizes):
        # no hand of n cards holds more than n of an atom: those ways are 0 (and C(1440, 700)
        # is past what a float holds)
        ways = np.array(
            [comb(k, c) if c <= n else 0 for c in range(grid.shape[a])], dtype=np.float64
        )
        law = law * ways[grid.counts[a]]
    most = int(grid.total.max(initial=0))
    rest = np.array(
        [comb(atoms.rest, n - t) if t <= n else 0 for t in range(most + 1)], dtype=np.float64
    )
    law = law * rest[grid.total]
    law[grid.total > n] = 0.0
    result: NDArray[Any] = law / comb(atoms.deck_size, n)
    return result


def _mulligan(problem: OddsProblem, grid: _Grid, law: NDArray[Any]) -> tuple[float, NDArray[Any]]:
    rule = problem.mulligan
    if rule is None:
        return 0.0, law
    ops = numpy_ops()
    leaves = {
        id(leaf): ops[leaf.op](grid.values[g], leaf.n)
        for leaf, g in zip(rule.leaves, problem.mulligan_groups, strict=True)
    }
    take = eval_tree(rule.tree, leaves) == problem.mulligan_if
    p_mull = float((law * take).sum())
    kept: NDArray[Any] = law * ~take + p_mull * law
    return p_mull, kept


def _draw(dist: NDArray[Any], problem: OddsProblem, grid: _Grid, n: int) -> NDArray[Any]:
    """The law after one more card, from the law after ``n`` cards."""
    atoms = problem.atoms
    left = atoms.deck_size - n
    rest_left = np.clip(atoms.rest - (n - grid.total), 0, None) / left
    out: NDArray[Any] = dist * rest_left[..., None]
    for a, k in enumerate(atoms.sizes):
        moved = dist * ((k - grid.counts[a]) / left)[..., None]
        src = [slice(None)] * dist.ndim
        dst = [slice(None)] * dist.ndim
        src[a] = slice(0, -1)
        dst[a] = slice(1, None)
        out[tuple(dst)] += moved[tuple(src)]
    return out


def solve_dense(problem: OddsProblem) -> Odds:
    """Exact odds (floating point) for every query at every turn, and the mulligan rate."""
    if not problem.atoms.sizes:  # no grouped card at all: one empty atom keeps the axes
        atoms = problem.atoms
        empty = Atoms(atoms.deck_size, (0,), ((0,) * atoms.groups,), atoms.groups)
        problem = replace(problem, atoms=empty)
    grid = _Grid(problem)
    p_mull, kept = _mulligan(problem, grid, _opening(problem, grid))
    dist = np.zeros((*grid.shape, grid.flags), dtype=np.float64)
    dist[..., 0] = kept
    nq = len(problem.queries)
    at_turn: list[list[float]] = [[] for _ in range(nq)]
    met_by: list[list[float]] = [[] for _ in range(nq)]
    current = [grid.truth(i) for i in range(len(grid.leaves))]
    n = problem.seen[0]
    peak = 0
    for turn, target in enumerate(problem.seen):
        while n < target:
            dist = _draw(dist, problem, grid, n)
            n += 1
        dist = _judge(dist, problem, grid, current, turn, at_turn, met_by)
        peak = max(peak, int(np.count_nonzero(dist)))
    odds = tuple(QueryOdds(tuple(a), tuple(m)) for a, m in zip(at_turn, met_by, strict=True))
    return Odds(odds, p_mull, "exact", states=peak)


def _judge(
    dist: NDArray[Any],
    problem: OddsProblem,
    grid: _Grid,
    current: list[NDArray[Any]],
    turn: int,
    at_turn: list[list[float]],
    met_by: list[list[float]],
) -> NDArray[Any]:
    offset = 0
    freeze: list[tuple[int, NDArray[Any]]] = []
    for q, query in enumerate(problem.queries):
        leaves = {}
        for i, leaf in enumerate(query.leaves):
            index = offset + i
            if leaf.deadline is not None and leaf.deadline < turn:
                leaves[id(leaf)] = grid.bit_truth[grid.leaf_bit[index]]
            else:
                leaves[id(leaf)] = current[index][..., None]
            if leaf.deadline == turn:
                freeze.append((grid.leaf_bit[index], current[index]))
        offset += len(query.leaves)
        verdict = np.broadcast_to(eval_tree(query.tree, leaves), dist.shape)
        at_turn[q].append(float((dist * verdict).sum()))
        bit = grid.met_bit.get(q)
        if bit is None:
            met_by[q].append(at_turn[q][-1])
            continue
        dist = _set_bit(dist, bit, verdict)
        met_by[q].append(float(dist[..., grid.bit_truth[bit]].sum()))
    for bit, truth in freeze:
        dist = _set_bit(dist, bit, np.broadcast_to(truth[..., None], dist.shape))
    return dist


def _set_bit(dist: NDArray[Any], bit: int, where: NDArray[Any]) -> NDArray[Any]:
    """Move the mass where ``where`` holds from flags without ``bit`` to flags with it."""
    out: NDArray[Any] = dist.copy()
    for f in range(dist.shape[-1]):
        if not f >> bit & 1:
            moving = dist[..., f] * where[..., f]
            out[..., f] -= moving
            out[..., f | 1 << bit] += moving
    return out
