"""Benchmark `nrdeck event`: a 64-player roster of local deck files, the whole command.

    python benchmarks/bench_event.py [--runs 9]

Builds a roster of 64 players (128 deck files: System Gateway decks, one illegal in
eight) in a temporary folder, runs `nrdeck event ROSTER --format system_gateway
--offline` as a subprocess and prints the median wall time (and the child's median
CPU time, which a busy machine does not inflate). Goal: <= 2 s wall.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DECKS = ROOT / "tests" / "fixtures" / "event" / "decks"
PLAYERS = 64
GOAL = 2.0


def nrdeck_command() -> list[str]:
    """The installed console script next to this interpreter, else `python -m nrdeck`."""
    script = Path(sys.executable).with_name("nrdeck")
    return [str(script)] if script.exists() else [sys.executable, "-m", "nrdeck"]


def build_roster(folder: Path) -> Path:
    """64 players, each with their own Corp and Runner deck file."""
    decks = folder / "decks"
    decks.mkdir()
    rows = ["player,corp,runner,table"]
    for n in range(PLAYERS):
        runner = "sg-catalyst-4-carmen.txt" if n % 8 == 7 else "sg-catalyst.txt"
        shutil.copy(DECKS / "sg-syndicate.txt", decks / f"p{n:02d}-corp.txt")
        shutil.copy(DECKS / runner, decks / f"p{n:02d}-runner.txt")
        rows.append(f"Player {n:02d},decks/p{n:02d}-corp.txt,decks/p{n:02d}-runner.txt,{n // 2}")
    roster = folder / "roster.csv"
    roster.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return roster


def run_once(cmd: list[str]) -> tuple[float, float]:
    """Wall and CPU (user + system) seconds of one run (exit 1: one deck in eight is illegal)."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    code = os.waitstatus_to_exitcode(status)
    if code not in (0, 1):
        raise SystemExit(f"{' '.join(cmd)} exited {code}")
    return wall, usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        roster = build_roster(Path(tmp))
        cmd = [*nrdeck_command(), "event", str(roster), "--format", "system_gateway", "--offline"]
        run_once(cmd)  # warm-up
        samples = [run_once(cmd) for _ in range(args.runs)]
    median = statistics.median(wall for wall, _ in samples)
    cpu = statistics.median(seconds for _, seconds in samples)
    verdict = "ok" if median <= GOAL else "OVER GOAL"
    print(
        f"nrdeck event, {PLAYERS} players / {2 * PLAYERS} local decks: median {median:.3f} s "
        f"over {args.runs} runs (goal <= {GOAL:.0f} s: {verdict}); median CPU {cpu:.3f} s"
    )


if __name__ == "__main__":
    main()
