"""Benchmark `nrdeck check`: one local deck, 200 decks in one call, peak memory.

    python benchmarks/bench_check.py [--runs 15]

Prints median wall times next to `python -c pass` measured in the same run, and the peak
resident memory (ru_maxrss) of the 200-deck run. Goals: one deck <= 150 ms (<= 7x
`python -c pass`), 200 decks <= 1 s, peak memory <= 120 MiB.
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
EXAMPLES = ROOT / "data" / "examples"
DECKS = ("standard-zahya.txt", "illegal-standard.txt", "sg-catalyst.txt")


def nrdeck_command() -> list[str]:
    """The installed console script next to this interpreter, else `python -m nrdeck`."""
    script = Path(sys.executable).with_name("nrdeck")
    return [str(script)] if script.exists() else [sys.executable, "-m", "nrdeck"]


def run_once(cmd: list[str]) -> tuple[float, int, float]:
    """Wall seconds, the child's peak RSS in KiB (Linux ru_maxrss) and its CPU seconds."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(cmd)} exited {proc.returncode}")
    return wall, usage.ru_maxrss, usage.ru_utime + usage.ru_stime


def measure(cmd: list[str], runs: int) -> tuple[float, int, float]:
    """Median wall seconds (after one warm-up), largest peak RSS, median CPU seconds."""
    run_once(cmd)
    samples = [run_once(cmd) for _ in range(runs)]
    return (
        statistics.median(s[0] for s in samples),
        max(s[1] for s in samples),
        statistics.median(s[2] for s in samples),
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    nrdeck = nrdeck_command()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp, "decks")
        folder.mkdir()
        for i in range(200):
            shutil.copy(EXAMPLES / DECKS[i % len(DECKS)], folder / f"deck{i:03}.txt")
        one = str(folder / "deck000.txt")
        base, _, base_cpu = measure([sys.executable, "-c", "pass"], args.runs)
        floor_cmd = [sys.executable, "-c", "import nrdeck.cli, typer._adapters"]
        floor, _, floor_cpu = measure(floor_cmd, args.runs)
        single, single_rss, single_cpu = measure([*nrdeck, "check", one, "--offline"], args.runs)
        bulk, bulk_rss, bulk_cpu = measure(
            [*nrdeck, "check", str(folder), "--offline"], max(5, args.runs // 3)
        )
    mib = 1024
    rows = [
        ("python -c pass", base, base_cpu, ""),
        ("import CLI + Typer params", floor, floor_cpu, "what any command with options pays"),
        (
            "nrdeck check deck.txt",
            single,
            single_cpu,
            f"{single / base:.1f}x pass; goal 150 ms, 7x",
        ),
        ("nrdeck check <200 decks>", bulk, bulk_cpu, "goal 1000 ms"),
    ]
    for name, secs, cpu, note in rows:
        print(f"{name:<26} median wall {secs * 1000:7.1f} ms  cpu {cpu * 1000:7.1f} ms  {note}")
    print(
        f"peak memory: one deck {single_rss / mib:.1f} MiB, 200 decks {bulk_rss / mib:.1f} MiB"
        " (goal <= 120 MiB)"
    )
    verdicts = {
        "one deck <= 150 ms": single <= 0.150,
        "one deck <= 7x python -c pass": single <= 7 * base,
        "200 decks <= 1 s": bulk <= 1.0,
        "peak memory <= 120 MiB": bulk_rss <= 120 * mib,
    }
    for goal, met in verdicts.items():
        print(f"{'met' if met else 'MISSED':>6}  {goal}")


if __name__ == "__main__":
    main()
