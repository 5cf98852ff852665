"""Benchmark `nrdeck timeline` and `nrdeck card` against `nrdeck check` of the same deck.

    python benchmarks/bench_history.py [--runs 31]

The three commands run interleaved in the same rounds (benchmarks/startup.py), so machine
load affects them alike, and the ratios of their median wall times are reported. The deck is
the 2016 World Champion NBN list (24 cards over 14 sets and their reprints); its timeline
covers the whole Standard history (35 periods, plus every release date of its cards and its
errata). The card is Hedge Fund (four printings; a history in each of six formats).
Goals: timeline <= 1.5x check; card <= 1.3x check.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from startup import ensure_bytecode, interleaved, nrdeck_command

ROOT = Path(__file__).resolve().parent.parent
DECK = ROOT / "tests" / "fixtures" / "legality" / "nbn-ctm-worlds-2016.txt"
GOALS = {"nrdeck timeline deck.txt": 1.5, "nrdeck card 'Hedge Fund'": 1.3}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=31)
    args = parser.parse_args()
    ensure_bytecode()
    nrdeck = nrdeck_command()
    deck = str(DECK)
    samples = interleaved(
        {
            "nrdeck check deck.txt": [*nrdeck, "check", deck, "--offline", "-q"],
            "nrdeck timeline deck.txt": [*nrdeck, "timeline", deck, "--offline", "-q"],
            "nrdeck card 'Hedge Fund'": [*nrdeck, "card", "Hedge Fund", "--offline", "-q"],
        },
        args.runs,
    )
    check = samples["nrdeck check deck.txt"].wall_ms
    for name, sample in samples.items():
        ratio = sample.wall_ms / check
        goal = GOALS.get(name)
        met = goal is not None and ratio <= goal
        verdict = "" if goal is None else f"  goal <= {goal}x: {'met' if met else 'MISSED'}"
        print(
            f"{name:<26} median wall {sample.wall_ms:7.1f} ms  cpu {sample.cpu_ms:7.1f} ms"
            f"  {ratio:4.2f}x check{verdict}"
        )


if __name__ == "__main__":
    main()
