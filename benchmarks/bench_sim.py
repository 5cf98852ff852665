"""Benchmark `nrdeck simulate`'s core: the exact table and Monte Carlo throughput.

    python benchmarks/bench_sim.py [--runs 9] [--games 1000000]

1. A full 11-turn table (hand + T1..T11) with a mulligan rule and three groups, exact
   (Corp: agenda, ice, econ; Runner: econ, breaker, killer), every query followed to the
   end of the deck. Goal: <= 50 ms (median). Also each side's default report (no NumPy).
2. The exact solvers' estimated seconds (which --exact-budget compares) against measured
   ones, on problems of growing size: the rates in nrdeck/sim/solvers/choice.py come from here.
3. Monte Carlo with card order (each game a shuffled deck, a mulligan reshuffle, per-turn
   cards seen): games per second and the time for 10^6 games.
   Goals: >= 1.5 million games/s; 10^6 games <= 1 s (median).

Card data: the bundled snapshot, loaded once outside the timings.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

CORP = {
    "Hedge Fund": 3, "IPO": 3, "Government Subsidy": 3, "PAD Campaign": 3, "Ice Wall": 3,
    "Enigma": 3, "Eli 1.0": 3, "Rototurret": 3, "Gold Farmer": 3, "Hagen": 3,
    "Priority Requisition": 3, "Project Atlas": 3, "Hostile Takeover": 3, "Send a Message": 1,
    "Regolith Mining License": 3, "Spin Doctor": 3, "Wall of Static": 3,
}  # fmt: skip
RUNNER = {
    "Sure Gamble": 3, "Corroder": 2, "Gordian Blade": 2, "Mimic": 2, "Daily Casts": 3,
    "Dirty Laundry": 3, "Overclock": 3, "Diesel": 3, "Jailbreak": 3, "Kati Jones": 3,
    "Liberated Account": 3, "Easy Mark": 3, "Mayfly": 3, "Carmen": 3, "Unity": 3, "Cleaver": 2,
}  # fmt: skip
CORP_QUERIES = ("agenda>=3", "ice>=2@T1 & econ>=1", "ice==0 | agenda>=3")
RUNNER_QUERIES = ("econ>=1 & breaker>=1", "killer>=1", "breaker>=3 & econ>=2")


def median_seconds(func: Callable[[], object], runs: int) -> float:
    """Median wall seconds of ``runs`` calls after one warm-up."""
    func()
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        func()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--games", type=int, default=1_000_000)
    args = parser.parse_args()

    import numpy as np

    from nrdeck.cards.bundled import BundledSource
    from nrdeck.deck import Deck, DeckEntry
    from nrdeck.sim.ask.request import SimRequest
    from nrdeck.sim.engine import problem_for, simulate_deck
    from nrdeck.sim.solvers.montecarlo import simulate

    db = BundledSource().load()

    def deck(identity: str, titles: dict[str, int]) -> Deck:
        entries = []
        for title, n in titles.items():
            card = db.card_by_title(title)
            assert card is not None, title
            entries.append(DeckEntry(card.id, n))
        ident = db.card_by_title(identity)
        assert ident is not None
        return Deck("bench", "bench", DeckEntry(ident.id, 1), tuple(entries))

    cases = (
        ("Corp", deck("Haas-Bioroid: Precision Design", CORP), CORP_QUERIES, "ice==0"),
        ("Runner", deck("The Catalyst: Convention Breaker", RUNNER), RUNNER_QUERIES, "breaker==0"),
    )
    for side, d, queries, rule in cases:
        request = SimRequest(queries=queries, mulligan=rule, turns=11, method="exact", seed=1)
        seconds = median_seconds(lambda d=d, r=request: simulate_deck(d, db, r), args.runs)
        verdict = "ok" if seconds <= 0.050 else "SLOW"
        print(f"exact 11-turn table, mulligan, 3 groups ({side}): {seconds * 1000:.1f} ms "
              f"median (goal <= 50 ms) {verdict}")  # fmt: skip

    for side, d, _queries, _rule in cases:
        seconds = median_seconds(lambda d=d: simulate_deck(d, db, SimRequest(seed=1)), args.runs)
        print(f"default report ({side}), exact: {seconds * 1000:.1f} ms median")

    calibrate(args.runs)

    # Monte Carlo: the same Corp problem the engine solves exactly, timed in the simulator.
    corp_request = SimRequest(queries=CORP_QUERIES, mulligan="ice==0", turns=11)
    problem = problem_for(cases[0][1], db, corp_request)
    games = args.games
    seconds = median_seconds(
        lambda: simulate(problem, games, np.random.default_rng(1), 1), max(3, args.runs // 2)
    )
    rate = games / seconds
    print(f"Monte Carlo, card order, mulligan, 3 groups: {games:,} games in {seconds:.3f} s "
          f"median = {rate / 1e6:.2f} M games/s (goals >= 1.5 M/s, 10^6 <= 1 s) "
          f"{'ok' if rate >= 1.5e6 and seconds * 1e6 / games <= 1 else 'SLOW'}")  # fmt: skip


def calibrate(runs: int) -> None:
    """Estimated against measured seconds of each exact solver, for 4 to 7 groups of 3."""
    from nrdeck.sim.ask.query import parse_query
    from nrdeck.sim.solvers import choice, closed
    from nrdeck.sim.solvers.dense import solve_dense
    from nrdeck.sim.solvers.exact import solve_dp
    from nrdeck.sim.solvers.model import Atoms, OddsProblem

    for groups, mulligan in ((4, None), (6, None), (6, "g0==0"), (7, None)):
        weights = tuple(tuple(int(g == a) for g in range(groups)) for a in range(groups))
        atoms = Atoms(3 * groups + 15, (3,) * groups, weights, groups)
        query = parse_query(" & ".join(f"g{i}>=1" for i in range(groups)))
        rule = parse_query(mulligan) if mulligan else None
        problem = OddsProblem(
            atoms, (query,), (tuple(range(groups)),), tuple(range(5, atoms.deck_size + 1)),
            rule, (0,) if rule else (),
        )  # fmt: skip
        estimated = choice.estimates(problem)
        measured = {
            "closed": median_seconds(lambda p=problem: closed.solve_closed(p), runs),
            "dp": median_seconds(lambda p=problem: solve_dp(p), max(1, runs // 3)),
            "dense": median_seconds(lambda p=problem: solve_dense(p), runs)
            + choice.DENSE_START_SECONDS,
        }
        line = ", ".join(
            f"{k} {measured[k] * 1000:.1f}/{estimated[k] * 1000:.1f} ms" for k in measured
        )
        print(f"{groups} groups of 3{' + mulligan' if rule else ''} (measured/estimated): {line}")


if __name__ == "__main__":
    main()
