"""Card-data speed: loading the bundled CardDB, and `nrdeck data status` next to `python -c pass`.

Run: python benchmarks/bench_data.py [--runs N]
Goals: bundled load median <= 30 ms; `nrdeck data status` <= 8x `python -c pass`.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from startup import ensure_bytecode, interleaved


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


def in_process(runs: int, cache: Path) -> None:
    from nrdeck.app.inputs.cards import DataSettings, load_database

    settings = DataSettings(cache_dir=cache)
    load = timed(lambda: load_database(settings), runs)
    cpu = timed(lambda: load_database(settings), runs, time.process_time)
    lookup = timed(lambda: load_database(settings).card_by_title("Hedge Fund"), runs)
    print(f"load bundled CardDB (again)  median {statistics.median(load):7.1f} ms  (goal <= 30)")
    print(f"  (CPU time)                 median {statistics.median(cpu):7.1f} ms")
    print(f"  + first title lookup       median {statistics.median(lookup):7.1f} ms")


FIRST_LOAD = """
import time
start = time.perf_counter()
from nrdeck.cards.bundled import BundledSource
imported = time.perf_counter()
BundledSource().load()
print((imported - start) * 1000, (time.perf_counter() - imported) * 1000)
"""


def first_load(runs: int) -> None:
    """In a new process each time: importing the card-data modules, then the first load."""
    rows = []
    for _ in range(runs):
        done = subprocess.run(
            [sys.executable, "-c", FIRST_LOAD], capture_output=True, text=True, check=True
        )
        rows.append([float(x) for x in done.stdout.split()])
    imports = statistics.median(r[0] for r in rows)
    load = statistics.median(r[1] for r in rows)
    print(f"  in a new process: imports  median {imports:7.1f} ms, first load {load:5.1f} ms")


def processes(runs: int, cache: Path) -> None:
    env = {**os.environ, "NRDECK_CACHE_DIR": str(cache), "PRE_COMMIT": "1"}
    samples = interleaved(
        {
            "nrdeck data status": [sys.executable, "-m", "nrdeck", "data", "status"],
            "python -c pass": [sys.executable, "-c", "pass"],
        },
        runs,
        env,
    )
    status, bare = samples["nrdeck data status"], samples["python -c pass"]
    for name, sample in samples.items():
        print(f"{name:<28} median {sample.wall_ms:7.1f} ms wall, {sample.cpu_ms:6.1f} ms CPU")
    print(
        f"ratio                               {status.wall_ms / bare.wall_ms:7.1f} x wall, "
        f"{status.cpu_ms / max(bare.cpu_ms, 1e-3):5.1f} x CPU (goal <= 8)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=31)
    args = parser.parse_args()
    ensure_bytecode()
    with tempfile.TemporaryDirectory() as empty:
        in_process(args.runs, Path(empty))
        first_load(args.runs)
        processes(args.runs, Path(empty))


if __name__ == "__main__":
    main()
