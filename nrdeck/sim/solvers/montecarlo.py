"""Monte Carlo odds: NumPy, vectorised over games, randomness from a passed-in Generator.

Each game deals the deck in a random order (card by card, as deep as cards are seen),
applies the mulligan rule to the first hand (a mulligan reshuffles and deals a new
hand), and judges every query on the cards seen by each turn.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import numpy as np

from nrdeck.results.simulation import QueryOdds
from nrdeck.sim.ask import Cmp, Expr
from nrdeck.sim.solvers.model import Atoms, Odds, OddsProblem

if TYPE_CHECKING:
    from numpy.typing import NDArray

CHUNK = 1 << 16
Z95 = 1.959963984540054


def wilson(successes: int, n: int) -> tuple[float, float]:
    """The 95% Wilson score interval for a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + Z95**2 / n
    centre = (p + Z95**2 / (2 * n)) / denom
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95**2 / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def urn_sizes(atoms: Atoms) -> tuple[int, ...]:
    """Copies per label: each atom, then the cards in no group."""
    return (*atoms.sizes, atoms.rest)


def dealt_labels(
    sizes: tuple[int, ...], games: int, depth: int, rng: np.random.Generator
) -> NDArray[Any]:
    """The first ``depth`` cards of ``games`` shuffled decks, as labels: (depth, games).

    Each card is drawn uniformly from what is left of its deck (an urn per game), which
    is the top of a uniformly shuffled deck, in order, without building the whole deck.
    """
    n = sum(sizes)
    depth = min(depth, n)
    kind = np.int16 if n < 2**15 else np.int32
    remaining: NDArray[Any] = np.repeat(np.asarray(sizes, dtype=kind)[:, None], games, axis=1)
    out: NDArray[Any] = np.zeros((depth, games), dtype=np.uint8 if len(sizes) <= 255 else np.uint16)
    acc: NDArray[Any] = np.empty(games, dtype=kind)
    hit: NDArray[Any] = np.empty(games, dtype=bool)
    for p in range(depth):
        r = rng.integers(0, n - p, size=games, dtype=kind)
        label: NDArray[Any] = out[p]
        np.copyto(acc, remaining[0])
        for a in range(1, len(sizes)):
            np.greater_equal(r, acc, out=hit)
            label += hit
            acc += remaining[a]
        for a in range(len(sizes)):
            np.equal(label, a, out=hit)
            remaining[a] -= hit
    return out


def _group_values(
    prefix: NDArray[Any], column: NDArray[Any], seen: tuple[int, ...]
) -> NDArray[Any]:
    """One group's value at each turn's cards seen: (turns, games)."""
    running = column.take(prefix)
    for r in range(1, running.shape[0]):
        np.add(running[r], running[r - 1], out=running[r])
    zeros = np.zeros((1, running.shape[1]), dtype=running.dtype)
    values: NDArray[Any] = np.concatenate([zeros, running], axis=0)[list(seen)]
    return values


def numpy_ops() -> dict[str, Any]:
    """The comparison operators as NumPy ufuncs."""
    return {
        ">=": np.greater_equal,
        "<=": np.less_equal,
        "==": np.equal,
        "!=": np.not_equal,
        ">": np.greater,
        "<": np.less,
    }


def _leaf(leaf: Cmp, values: NDArray[Any]) -> NDArray[Any]:
    """The leaf's truth per (turn, game), with its deadline applied."""
    truth: NDArray[Any] = numpy_ops()[leaf.op](values, leaf.n)
    if leaf.deadline is not None and leaf.deadline + 1 < truth.shape[0]:
        truth[leaf.deadline + 1 :] = truth[leaf.deadline]
    return truth


def eval_tree(expr: Expr, leaves: dict[int, NDArray[Any]]) -> NDArray[Any]:
    """A query tree over arrays of leaf truths (broadcasting)."""
    if isinstance(expr, Cmp):
        return leaves[id(expr)]
    parts = [eval_tree(c, leaves) for c in expr.children]
    if expr.kind == "not":
        negated: NDArray[Any] = np.logical_not(parts[0])
        return negated
    combine = np.logical_and if expr.kind == "and" else np.logical_or
    out = parts[0]
    for part in parts[1:]:
        out = combine(out, part)
    return out


def _hands(
    problem: OddsProblem, sizes: tuple[int, ...], games: int, rng: np.random.Generator
) -> tuple[NDArray[Any], int]:
    """The cards of each game up to the deepest turn, mulligan applied; and mulligans taken."""
    depth = problem.seen[-1]
    prefix = dealt_labels(sizes, games, depth, rng)
    rule = problem.mulligan
    if rule is None:
        return prefix, 0
    weights = _weights(problem.atoms, problem.mulligan_groups)
    first = weights[prefix[: problem.seen[0]]].sum(axis=0, dtype=np.int32)  # (games, leaves)
    leaves = {id(leaf): _leaf_plain(leaf, first[:, i]) for i, leaf in enumerate(rule.leaves)}
    take = eval_tree(rule.tree, leaves) == problem.mulligan_if
    count = int(np.count_nonzero(take))
    if count:
        prefix[:, take] = dealt_labels(sizes, count, depth, rng)
    return prefix, count


def _leaf_plain(leaf: Cmp, values: NDArray[Any]) -> NDArray[Any]:
    return _leaf(Cmp(leaf.group, leaf.quoted, leaf.op, leaf.n), values)


def _weights(atoms: Atoms, groups: tuple[int, ...]) -> NDArray[Any]:
    """(atoms + 1, len(groups)) weights, the last row (cards in no group) zero."""
    rows = [[w[g] for g in groups] for w in atoms.weights] + [[0] * len(groups)]
    small = all(
        sum(w[g] * k for w, k in zip(atoms.weights, atoms.sizes, strict=True)) < 127 for g in groups
    )
    kind = np.int8 if small else np.int32
    return np.asarray(rows, dtype=kind).reshape(len(atoms.sizes) + 1, len(groups))


def _chunk_counts(
    problem: OddsProblem, sizes: tuple[int, ...], games: int, rng: np.random.Generator
) -> tuple[NDArray[Any], NDArray[Any], int]:
    """Per query and turn: games where it holds, games where it was met by then."""
    prefix, mulligans = _hands(problem, sizes, games, rng)
    weights = _weights(problem.atoms, tuple(range(problem.atoms.groups)))
    used = {g for groups in problem.leaf_groups for g in groups}
    values = {
        g: _group_values(prefix, np.ascontiguousarray(weights[:, g]), problem.seen) for g in used
    }
    holds = np.zeros((len(problem.queries), len(problem.seen)), dtype=np.int64)
    met = np.zeros_like(holds)
    for q, (query, groups) in enumerate(zip(problem.queries, problem.leaf_groups, strict=True)):
        leaves = {
            id(leaf): _leaf(leaf, values[g]) for leaf, g in zip(query.leaves, groups, strict=True)
        }
        truth = eval_tree(query.tree, leaves)
        holds[q] = np.count_nonzero(truth, axis=1)
        if query.monotone:
            met[q] = holds[q]
            continue
        ever = truth.copy()
        for r in range(1, ever.shape[0]):
            np.logical_or(ever[r], ever[r - 1], out=ever[r])
        met[q] = np.count_nonzero(ever, axis=1)
    return holds, met, mulligans


def simulate(problem: OddsProblem, games: int, rng: np.random.Generator, seed: int | None) -> Odds:
    """Monte Carlo odds over ``games`` games, with 95% intervals."""
    sizes = urn_sizes(problem.atoms)
    shape = (len(problem.queries), len(problem.seen))
    holds = np.zeros(shape, dtype=np.int64)
    met = np.zeros(shape, dtype=np.int64)
    mulligans = 0
    done = 0
    while done < games:
        size = min(CHUNK, games - done)
        h, m, k = _chunk_counts(problem, sizes, size, rng)
        holds += h
        met += m
        mulligans += k
        done += size
    odds = tuple(
        QueryOdds(
            tuple(float(x) / games for x in holds[q]),
            tuple(float(x) / games for x in met[q]),
            tuple(wilson(int(x), games) for x in holds[q]),
        )
        for q in range(shape[0])
    )
    return Odds(odds, mulligans / games, "mc", samples=games, seed=seed)
