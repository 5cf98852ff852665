"""Benchmark `nrdeck check`: one local deck, 200 decks in one call, peak memory.

    python benchmarks/bench_check.py [--runs 31]

Prints median wall times next to `python -c pass`, `python -c "import typer"` and a Typer
hello-world CLI (benchmarks/hello_typer.py: one command, same interpreter), measured in the
same run with the commands interleaved, and the peak resident memory (ru_maxrss) of the
200-deck run. One deck is checked twice: under the default (built-in) format, and under a
community format nrdeck ships (`--format astro`: its file read, parsed and checked against the
card data). Goals: one deck <= 150 ms and <= 1.25x the Typer hello-world in both cases, 200
decks <= 1 s, peak memory <= 120 MiB.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from pathlib import Path

from startup import HELLO_WORLD, ensure_bytecode, interleaved, nrdeck_command

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "data" / "examples"
DECKS = ("standard-zahya.txt", "illegal-standard.txt", "sg-catalyst.txt")
ASTRO = "check deck.txt --format astro"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=31)
    args = parser.parse_args()
    ensure_bytecode()
    nrdeck = nrdeck_command()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp, "decks")
        folder.mkdir()
        for i in range(200):
            shutil.copy(EXAMPLES / DECKS[i % len(DECKS)], folder / f"deck{i:03}.txt")
        one = str(folder / "deck000.txt")
        small = interleaved(
            {
                "python -c pass": [sys.executable, "-c", "pass"],
                "import typer": [sys.executable, "-c", "import typer"],
                "typer hello-world": HELLO_WORLD,
                "nrdeck check deck.txt": [*nrdeck, "check", one, "--offline"],
                ASTRO: [*nrdeck, "check", one, "--offline", "--format", "astro"],
            },
            args.runs,
        )
        bulk = interleaved(
            {"nrdeck check <200 decks>": [*nrdeck, "check", str(folder), "--offline"]},
            max(5, args.runs // 3),
        )
    base = small["python -c pass"].wall_ms
    hello = small["typer hello-world"].wall_ms
    single_ratio = small["nrdeck check deck.txt"].wall_ms / hello
    astro_ratio = small[ASTRO].wall_ms / hello
    notes = {
        "import typer": "the CLI framework alone",
        "typer hello-world": "one-command Typer CLI",
        "nrdeck check deck.txt": f"goal 150 ms, 1.25x hello ({single_ratio:.2f}x)",
        ASTRO: f"goal 1.25x hello ({astro_ratio:.2f}x)",
        "nrdeck check <200 decks>": "goal 1000 ms",
    }
    for name, sample in {**small, **bulk}.items():
        ratio = f"{sample.wall_ms / base:5.1f}x pass" if name != "python -c pass" else " " * 11
        print(
            f"{name:<32} median wall {sample.wall_ms:7.1f} ms  cpu {sample.cpu_ms:7.1f} ms"
            f"  {ratio}  {notes.get(name, '')}"
        )
    single = small["nrdeck check deck.txt"]
    many = bulk["nrdeck check <200 decks>"]
    mib = 1024
    print(
        f"peak memory: one deck {single.max_rss_kib / mib:.1f} MiB, "
        f"200 decks {many.max_rss_kib / mib:.1f} MiB (goal <= 120 MiB)"
    )
    verdicts = {
        "one deck <= 150 ms": single.wall_ms <= 150,
        "one deck <= 1.25x the Typer hello-world": single.wall_ms <= 1.25 * hello,
        "one deck --format astro <= 1.25x the Typer hello-world": small[ASTRO].wall_ms
        <= 1.25 * hello,
        "200 decks <= 1 s": many.wall_ms <= 1000,
        "peak memory <= 120 MiB": many.max_rss_kib <= 120 * mib,
    }
    for goal, met in verdicts.items():
        print(f"{'met' if met else 'MISSED':>6}  {goal}")


if __name__ == "__main__":
    main()
