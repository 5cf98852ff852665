"""`nrdeck data update` against the NetrunnerDB double with 100 ms of latency per answer.

    python benchmarks/bench_update.py [--runs 9] [--latency 0.1]

Each round times a first update into an empty cache (every page downloaded, checked and
committed) and a repeat update of a warm cache (every page answers 304), one after the
other, so machine load affects both alike. Prints the medians. Goals: first <= 1.5 s,
repeat <= 0.6 s. Needs ../shared (the double and its card data).
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
from pathlib import Path

from nrdb_double import require_shared, serving, stats, wall
from startup import ensure_bytecode, nrdeck_command

GOALS = {"first": 1.5, "repeat": 0.6}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--latency", type=float, default=0.1)
    args = parser.parse_args()
    require_shared()
    ensure_bytecode()
    times: dict[str, list[float]] = {"first": [], "repeat": []}
    with serving("--latency", str(args.latency)) as root, tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "NO_COLOR": "1"}
        update = [*nrdeck_command(), "data", "update", "--api-url", f"{root}/api/v3/public"]
        warm = Path(tmp) / "warm"
        wall([*update, "--cache-dir", str(warm)], env)  # fill the warm cache (and OS caches)
        for n in range(args.runs):
            empty = Path(tmp) / f"empty-{n}"
            times["first"].append(wall([*update, "--cache-dir", str(empty)], env))
            times["repeat"].append(wall([*update, "--cache-dir", str(warm)], env))
        counters = stats(root)
    for name, samples in times.items():
        median = statistics.median(samples)
        verdict = "ok" if median <= GOALS[name] else "OVER GOAL"
        print(
            f"data update, {name:<6}: median {median:.3f} s over {args.runs} runs "
            f"(min {min(samples):.3f}, max {max(samples):.3f}; goal <= {GOALS[name]} s: {verdict})"
        )
    print(f"the double answered {counters.get('200', 0)} pages and {counters.get('304', 0)} 304s")


if __name__ == "__main__":
    main()
