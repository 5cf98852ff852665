"""Benchmark `nrdeck simulate deck.txt` start-up against a Typer hello-world CLI.

    python benchmarks/bench_simulate_startup.py [--runs 31]

Times, interleaved (see startup.py), the one-command Typer app of hello_typer.py, and the
default report of `nrdeck simulate` on a Runner and a Corp deck (output piped, as in CI or a
shell pipeline). Goal: each default report <= 1.5x the Typer hello-world.
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

from startup import HELLO_WORLD, ensure_bytecode, interleaved, nrdeck_command

ROOT = Path(__file__).resolve().parent.parent
RUNNER_DECK = ROOT / "data" / "examples" / "sg-catalyst.txt"
CORP_DECK = """Haas-Bioroid: Precision Design
3 Hedge Fund
3 IPO
3 Government Subsidy
3 PAD Campaign
3 Ice Wall
3 Enigma
3 Eli 1.0
3 Rototurret
3 Gold Farmer
3 Hagen
3 Priority Requisition
3 Project Atlas
3 Hostile Takeover
1 Send a Message
3 Regolith Mining License
3 Spin Doctor
3 Wall of Static
"""
GOAL = 1.5


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=31)
    args = parser.parse_args()
    ensure_bytecode()
    nrdeck = nrdeck_command()
    with tempfile.TemporaryDirectory() as tmp:
        corp = Path(tmp, "corp.txt")
        corp.write_text(CORP_DECK, encoding="utf-8")
        samples = interleaved(
            {
                "typer hello-world": HELLO_WORLD,
                "simulate runner.txt": [*nrdeck, "simulate", str(RUNNER_DECK)],
                "simulate corp.txt": [*nrdeck, "simulate", str(corp)],
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
