"""Which solver answers a problem, and why: exact forms first, Monte Carlo past a time budget.

Each exact solver's cost is estimated from the problem's size, in seconds, with rates
measured by ``benchmarks/bench_sim.py --calibrate`` on the reference machine:

- closed form (``closed``): count vectors times queries, and kept hands times vectors
  under a mulligan rule; pure Python, no NumPy;
- dynamic programme (``exact``): states times atoms per card drawn; pure Python;
- the same programme on NumPy arrays (``dense``): grid cells times atoms per card drawn,
  plus NumPy's import;
- Monte Carlo (``montecarlo``, NumPy): games times cards dealt.

Under ``--method auto`` the cheapest exact solver runs when it is expected within the
budget (``--exact-budget``), else Monte Carlo, and the answer says why. NumPy is optional
(the ``simulate`` extra, ``errors.extra_hint``): a problem that needs it says so.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from math import lgamma, log
from typing import Any

import msgspec

from nrdeck.errors import UsageError, extra_hint
from nrdeck.sim.solvers import closed
from nrdeck.sim.solvers.model import Odds, OddsProblem

# seconds per unit of work (reference machine: 2 cores, CPython 3.11, NumPy 2)
CLOSED_SECONDS = 0.7e-6  # per count vector, query and atom (plus two)
CLOSED_PAIR_SECONDS = 0.2e-6  # per kept hand and count vector (mulligan rule)
DP_SECONDS = 0.45e-6  # per state and atom, each card drawn
DENSE_SECONDS = 8e-9  # per grid cell and atom, each card drawn
DENSE_START_SECONDS = 0.15  # importing NumPy
# math.comb on big numbers (a deck of thousands of cards): per call, plus per factor and bit
# of the result (C(7749, 1000) has 4,294 bits)
COMB_CALL_SECONDS = 0.1e-6
COMB_BIT_SECONDS = 0.03e-9
INSTALL_HINT = extra_hint("simulate", "numpy")


class Choice(msgspec.Struct, frozen=True):
    """The solver picked, its estimated seconds, and why when it is Monte Carlo."""

    solver: str  # "closed", "dp", "dense" or "mc"
    seconds: float
    reason: str = ""


def _totals(sizes: Sequence[int]) -> list[int]:
    """How many count vectors have each total (a product of polynomials)."""
    poly = [1]
    for k in sizes:
        nxt = [0] * (len(poly) + k)
        for t, ways in enumerate(poly):
            for c in range(k + 1):
                nxt[t + c] += ways
        poly = nxt
    return poly


def _flags(problem: OddsProblem) -> int:
    deadlines = sum(1 for q in problem.queries for leaf in q.leaves if leaf.deadline is not None)
    tracked = sum(1 for q in problem.queries if not q.monotone)
    return 1 << (deadlines + tracked)


def estimates(problem: OddsProblem) -> dict[str, float]:
    """Estimated seconds of each exact solver that applies to the problem."""
    atoms = problem.atoms
    totals = _totals(atoms.sizes)
    vectors = sum(totals)
    opening, depth = problem.seen[0], problem.seen[-1]
    out: dict[str, float] = {}
    if closed.applies(problem):
        hands = sum(totals[: opening + 1]) if problem.mulligan is not None else 0
        queries = max(1, len(problem.queries))
        per_vector = CLOSED_SECONDS * (len(atoms.sizes) + 2) + hands * CLOSED_PAIR_SECONDS
        out["closed"] = vectors * queries * per_vector + queries * _row_sums(problem)
    width = len(atoms.sizes) + 1
    flags = _flags(problem)
    reach = 0
    states = 0
    for n in range(opening, depth):
        while reach <= n and reach < len(totals):
            states += totals[reach]
            reach += 1
        out["dp"] = out.get("dp", 0.0) + states * width * flags * DP_SECONDS
    out.setdefault("dp", vectors * flags * DP_SECONDS)
    cells = vectors * flags * width * max(1, depth - opening)
    out["dense"] = DENSE_START_SECONDS + cells * DENSE_SECONDS
    return out


def _row_sums(problem: OddsProblem) -> float:
    """Seconds the closed form spends summing each row's chance: a binomial coefficient of
    the deck per count of grouped cards seen, big numbers in a deck of thousands of cards."""
    atoms = problem.atoms
    return _sums_seconds(sum(atoms.sizes), atoms.rest, atoms.deck_size, problem.seen)


@lru_cache(maxsize=256)
def _sums_seconds(grouped: int, rest: int, size: int, seen: tuple[int, ...]) -> float:
    """The estimate for one shape of problem: the columns of a report share decks and rows,
    and a report has a few dozen problems at most (256 keep a long-running process's
    reports bounded)."""
    seconds = 0.0
    for n in set(seen):
        drawn = min(n, size)
        terms = min(grouped, drawn) + 1
        seconds += terms * _comb_seconds(rest, min(drawn, rest))
    return seconds


def _comb_seconds(n: int, k: int) -> float:
    """Estimated seconds of ``math.comb(n, k)``."""
    if k <= 0 or k >= n:
        return COMB_CALL_SECONDS
    bits = (lgamma(n + 1) - lgamma(k + 1) - lgamma(n - k + 1)) / log(2)
    return COMB_CALL_SECONDS + COMB_BIT_SECONDS * k * bits


def choose(problem: OddsProblem, method: str, budget: float) -> Choice:
    """The solver for this problem under ``--method`` and ``--exact-budget``."""
    if method == "mc":
        return Choice("mc", 0.0)
    costs = estimates(problem)
    pure = min((k for k in costs if k != "dense"), key=costs.__getitem__)
    best = min(costs, key=costs.__getitem__)
    if best == "dense" and not numpy_available():
        best = pure
    if method == "exact" or costs[best] <= budget:
        return Choice(best, costs[best])
    reason = (
        f"the exact method was estimated at {_seconds(costs[best])}, over the "
        f"{_seconds(budget)} budget (--exact-budget; --method exact waits for it)"
    )
    return Choice("mc", costs[best], reason)


def _seconds(s: float) -> str:
    return f"{s:.2g} s" if s < 10 else f"{s:,.0f} s"


def numpy_available() -> bool:
    """True when NumPy can be imported."""
    try:
        import numpy  # noqa: F401  (a gateway: only problems that need it pay for it)
    except ImportError:
        return False
    return True


def need_numpy(why: str) -> None:
    """A usage error naming the install command when NumPy is missing."""
    if not numpy_available():
        raise UsageError(f"{why} needs NumPy, which is not installed", hint=INSTALL_HINT)


def solve(
    choice: Choice,
    problem: OddsProblem,
    *,
    exact: bool,
    games: int,
    seed: Sequence[int],
    memo: dict[Any, Any] | None = None,
) -> Odds:
    """Run the chosen solver (``seed``: the Monte Carlo stream, seeded by the request;
    ``memo``: what the closed form may reuse across problems of one run)."""
    if choice.solver == "closed":
        return closed.solve_closed(problem, exact=exact, memo=memo)
    if choice.solver == "dp" or (choice.solver == "dense" and exact):
        from nrdeck.sim.solvers.exact import solve_dp  # problems the closed form cannot take

        return solve_dp(problem, exact=exact)
    if choice.solver == "dense":
        from nrdeck.sim.solvers.dense import solve_dense

        return solve_dense(problem)
    need_numpy("Monte Carlo" + (f" ({choice.reason})" if choice.reason else ""))
    import numpy as np

    from nrdeck.sim.solvers.montecarlo import simulate

    rng: Any = np.random.default_rng(list(seed))
    return simulate(problem, games, rng, seed[0])
