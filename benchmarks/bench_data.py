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


def timed(func: Callable[[], object], runs: int) -> list[float]:
    """Wall times in milliseconds."""
    out = []
    for _ in range(runs):
        start = time.perf_counter()
        func()
        out.append((time.perf_counter() - start) * 1000)
    return out


def in_process(runs: int, cache: Path) -> None:
    from nrdeck.app.carddata import DataSettings, load_database

    settings = DataSettings(cache_dir=cache)
    load = timed(lambda: load_database(settings), runs)
    lookup = timed(lambda: load_database(settings).card_by_title("Hedge Fund"), runs)
    full = timed(lambda: list(load_database(settings).cards.values()), runs)
    print(f"load bundled CardDB          median {statistics.median(load):7.1f} ms  (goal <= 30)")
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
    status, bare = [], []
    for _ in range(runs):  # interleaved, so both see the same machine load
        status += timed(lambda: run(status_cmd), 1)
        bare += timed(lambda: run(pass_cmd), 1)
    s, b = statistics.median(status), statistics.median(bare)
    print(f"nrdeck data status           median {s:7.1f} ms")
    print(f"python -c pass               median {b:7.1f} ms")
    print(f"ratio                               {s / b:7.1f} x   (goal <= 8)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=25)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as empty:
        in_process(args.runs, Path(empty))
        processes(args.runs, Path(empty))


if __name__ == "__main__":
    main()
