"""Benchmark `nrdeck simulate deck.txt` start-up against a Typer hello-world CLI.

    python benchmarks/bench_simulate_startup.py [--runs 31]

Times, interleaved (see startup.py), the one-command Typer app of hello_typer.py, and the
default report of `nrdeck simulate` on a Runner and a Corp deck (output piped, as in CI or a
shell pipeline). Goal: each default report <= 1.5x the Typer hello-world.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from startup import HELLO_WORLD, ensure_bytecode, interleaved, nrdeck_command

ROOT = Path(__file__).resolve().parent.parent
RUNNER_DECK = ROOT / "data" / "examples" / "sg-catalyst.txt"
CORP_DECK = ROOT / "tests" / "fixtures" / "simulate" / "hb-precision-core.txt"
GOAL = 1.5


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=31)
    args = parser.parse_args()
    ensure_bytecode()
    nrdeck = nrdeck_command()
    samples = interleaved(
        {
            "typer hello-world": HELLO_WORLD,
            "simulate runner.txt": [*nrdeck, "simulate", str(RUNNER_DECK)],
            "simulate corp.txt": [*nrdeck, "simulate", str(CORP_DECK)],
        },
        args.runs,
    )
    base = samples["typer hello-world"].wall_ms
    for name, sample in samples.items():
        ratio = sample.wall_ms / base
        print(
            f"{name:<22} median wall {sample.wall_ms:7.1f} ms  cpu {sample.cpu_ms:7.1f} ms"
            f"  {ratio:4.2f}x hello-world"
        )
    for name, sample in samples.items():
        if name != "typer hello-world":
            met = sample.wall_ms <= GOAL * base
            print(f"{'met' if met else 'MISSED':>6}  {name} <= {GOAL}x the Typer hello-world")


if __name__ == "__main__":
    main()
