"""The optimal mulligan rule for a goal, exactly.

For the goal "QUERY holds on the cards seen by turn k", each opening hand is described by
how many cards of each hand class it holds (a class: cards with the same weight in every
group of the goal; a finer description cannot help, since cards of one class are alike
for the goal). Keeping hand h gives the goal the chance V(h), computed exactly on the
rest of the deck; a mulligan gives a new hand, which must be kept: the chance F of a fresh
deal, the mean of V over all hands. The best rule keeps h exactly when V(h) >= F, and
raises the goal's chance from F to the mean of max(V(h), F).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from math import comb

from msgspec.structs import replace

from nrdeck.results.simulation import HandChoice, OptimalMulligan
from nrdeck.sim.answers.run import (
    Run,
    Tally,
    base_pool,
    build_problem,
    group_key,
    resolve_query,
    solve_problem,
)
from nrdeck.sim.ask import Cmp, Query, map_leaves
from nrdeck.sim.solvers import Atoms, OddsProblem, Urn, ratio

NOISE = 1e-12  # floating-point ties count as ties


def conditioned(problem: OddsProblem, hand: Sequence[int]) -> OddsProblem:
    """The problem on the rest of the deck once ``hand`` (cards per atom) is kept."""
    atoms = problem.atoms
    opening = problem.seen[0]
    rest = Atoms(
        atoms.deck_size - opening,
        tuple(k - c for k, c in zip(atoms.sizes, hand, strict=True)),
        atoms.weights,
        atoms.groups,
    )
    values = atoms.group_values(hand)
    queries = tuple(
        map_leaves(q, _shifter(values, groups))
        for q, groups in zip(problem.queries, problem.leaf_groups, strict=True)
    )
    seen = tuple(n - opening for n in problem.seen)
    return OddsProblem(rest, queries, problem.leaf_groups, seen)


def _shifter(values: list[int], groups: tuple[int, ...]) -> Callable[[int, Cmp], Cmp]:
    """Leaves judged on the rest of the deck: the hand's share taken off each threshold."""

    def shift(i: int, leaf: Cmp) -> Cmp:
        return replace(leaf, n=leaf.n - values[groups[i]])

    return shift


def optimal_rule(run: Run, tally: Tally, goal: Query, turn: int) -> OptimalMulligan:
    """The keep-or-mulligan decision for every opening hand that maximises the goal."""
    resolve_query(run, goal)
    pool = base_pool(run)
    seen = run.schedule.cards_seen(pool.size, turn)
    problem = build_problem(run, pool, [goal], seen, False)
    urn = Urn(problem.atoms)
    hands = urn.hands(seen[0])
    deals = comb(problem.atoms.deck_size, seen[0])
    chances = [ratio(ways, deals, run.exact) for _, ways in hands]
    values = []
    for i, _ in hands:
        odds = solve_problem(run, tally, conditioned(problem, urn.vectors[i]), (70, i))
        values.append(odds.queries[0].at_turn[turn])
    fresh = sum(p * v for p, v in zip(chances, values, strict=True))
    tie = 0 if run.exact else NOISE
    keep = [v >= fresh - tie for v in values]
    best = sum(p * max(v, fresh) for p, v in zip(chances, values, strict=True))
    rate = sum(p for p, k in zip(chances, keep, strict=True) if not k)
    # classes in the goal's order of groups ("econ" before "breaker" in econ>=1 & breaker>=1)
    weights = problem.atoms.weights
    order = sorted(range(len(weights)), key=lambda a: tuple(-w for w in weights[a]))
    names = _classes(run, goal, problem.atoms)
    classes = tuple(names[a] for a in order)
    vectors = [tuple(urn.vectors[i][a] for a in order) for i, _ in hands]
    choices = tuple(
        HandChoice(v, p, value, k)
        for v, p, value, k in zip(vectors, chances, values, keep, strict=True)
    )
    return OptimalMulligan(
        goal.text, turn, classes, choices, fresh, best, rate, rule_in_words(vectors, keep, classes)
    )


def _classes(run: Run, goal: Query, atoms: Atoms) -> tuple[str, ...]:
    """Each atom named by its groups ("econ", "econ+breaker", "points 3")."""
    keys = list(dict.fromkeys(group_key(x.group, x.quoted) for x in goal.leaves))
    names = [run.used[k].name for k in keys]
    return tuple(
        "+".join(n if w == 1 else f"{n} {w}" for n, w in zip(names, weights, strict=True) if w)
        for weights in atoms.weights
    )


def rule_in_words(
    vectors: Sequence[tuple[int, ...]], keep: Sequence[bool], classes: Sequence[str]
) -> str:
    """The rule as a sentence: the least hands kept (when more is never worse), else a list."""
    kept = [v for v, k in zip(vectors, keep, strict=True) if k]
    sent = [v for v, k in zip(vectors, keep, strict=True) if not k]
    if not sent:
        return "never mulligan: no opening hand does worse than a new one"
    if _upward(kept, vectors):
        least = [v for v in kept if not any(w != v and _below(w, v) for w in kept)]
        options = "; or ".join(_describe(v, classes) for v in sorted(least))
        return f"keep a hand with at least {options}; mulligan any other hand"
    options = "; or ".join(_describe(v, classes, exactly=True) for v in sorted(sent))
    return f"mulligan a hand with exactly {options}; keep any other hand"


def _below(a: Sequence[int], b: Sequence[int]) -> bool:
    return all(x <= y for x, y in zip(a, b, strict=True))


def _upward(kept: list[tuple[int, ...]], vectors: Sequence[tuple[int, ...]]) -> bool:
    """True when every hand holding at least a kept hand's cards is kept too."""
    kept_set = set(kept)
    return all(w in kept_set for v in kept for w in vectors if _below(v, w))


def _describe(vector: Sequence[int], classes: Sequence[str], exactly: bool = False) -> str:
    parts = [f"{c} {name}" for c, name in zip(vector, classes, strict=True) if c or exactly]
    if not parts:
        return "no card of the goal's groups" if exactly else "nothing"
    return " and ".join(parts)
