"""Card-data speed: loading the bundled CardDB, and `nrdeck data status` next to `python -c pass`.

Run: python benchmarks/bench_data.py [--runs N]
Goals: bundled load median <= 30 ms; `nrdeck data status` <= 8x `python -c pass`.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path


def timed(
    func: Callable[[], object], runs: int, clock: Callable[[], float] = time.perf_counter
) -> list[float]:
    """Times in milliseconds (wall clock unless another clock is given)."""
    out = []
    for _ in range(runs):
        start = clock()
        func()
        out.append((clock() - start) * 1000)
    return out


def child_cpu() -> float:
    """CPU seconds used by finished child processes (user + system)."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def in_process(runs: int, cache: Path) -> None:
    from nrdeck.app.carddata import DataSettings, load_database

    settings = DataSettings(cache_dir=cache)
    load = timed(lambda: load_database(settings), runs)
    cpu = timed(lambda: load_database(settings), runs, time.process_time)
    lookup = timed(lambda: load_database(settings).card_by_title("Hedge Fund"), runs)
    full = timed(lambda: list(load_database(settings).cards.values()), runs)
    print(f"load bundled CardDB          median {statistics.median(load):7.1f} ms  (goal <= 30)")
    print(f"  (CPU time)                 median {statistics.median(cpu):7.1f} ms")
    print(f"  + first title lookup       median {statistics.median(lookup):7.1f} ms")
    print(f"  + every Card object built  median {statistics.median(full):7.1f} ms")


def processes(runs: int, cache: Path) -> None:
    env = {**os.environ, "NRDECK_CACHE_DIR": str(cache), "PRE_COMMIT": "1"}
    status_cmd = [sys.executable, "-m", "nrdeck", "data", "status"]
    pass_cmd = [sys.executable, "-c", "pass"]

    def run(cmd: list[str]) -> None:
        subprocess.run(
            cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True
        )

    run(status_cmd)  # warm the file cache
    status, bare, status_cpu, bare_cpu = [], [], [], []
    for _ in range(runs):  # interleaved, so both see the same machine load
        status += timed(lambda: run(status_cmd), 1)
        status_cpu += timed(lambda: run(status_cmd), 1, child_cpu)
        bare += timed(lambda: run(pass_cmd), 1)
        bare_cpu += timed(lambda: run(pass_cmd), 1, child_cpu)
    s, b = statistics.median(status), statistics.median(bare)
    sc, bc = statistics.median(status_cpu), statistics.median(bare_cpu)
    print(f"nrdeck data status           median {s:7.1f} ms wall, {sc:6.1f} ms CPU")
    print(f"python -c pass               median {b:7.1f} ms wall, {bc:6.1f} ms CPU")
    print(
        f"ratio                               {s / b:7.1f} x wall, "
        f"{sc / max(bc, 1e-3):5.1f} x CPU (goal <= 8)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=25)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as empty:
        in_process(args.runs, Path(empty))
        processes(args.runs, Path(empty))


if __name__ == "__main__":
    main()
