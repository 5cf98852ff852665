"""Benchmark large runs: `nrdeck check` of 10,000 decks per output format, `nrdeck event` of
1,000 players.

    python benchmarks/bench_large.py [--runs 3] [--decks 10000] [--players 1000]

`check`: a folder of 10,000 deck files (bench_check.py's three example decks in turn: a
legal Standard deck, an illegal one with a misspelt card, a System Gateway deck, which
Standard refuses), `nrdeck check FOLDER --offline --output-format F` for text, GitHub,
JUnit and JSON, and of a folder of as many decks of random cards (few lines repeat; text).
Prints each run's decks per second of CPU (user + system, median over the
runs; start-up included) and its peak resident memory (the largest of the runs). Goals:
>= 2,900 decks/s and <= 64 MiB for text, GitHub and JUnit; JSON, which streams too, is held
to the same. `event`: bench_event.py's roster (1,000 players, 2,000 local deck files, the
table to a pipe); goal <= 1.0 s of CPU. The commands of a round run in turn, with a Typer
hello-world (benchmarks/hello_typer.py), whose time says how fast the machine was.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import tempfile
from pathlib import Path

from bench_check import DECKS, EXAMPLES
from bench_event import build_roster
from startup import HELLO_WORLD, ensure_bytecode, interleaved, nrdeck_command

ROOT = Path(__file__).resolve().parent.parent

FORMATS = ("text", "github", "junit", "json")
DECKS_PER_S = 2900
PEAK_MIB = 64
EVENT_CPU_S = 1.0
VARIED = "varied"


def build_folder(folder: Path, decks: int) -> Path:
    """``decks`` deck files, the example decks in turn."""
    folder.mkdir()
    for i in range(decks):
        shutil.copy(EXAMPLES / DECKS[i % len(DECKS)], folder / f"deck{i:05}.txt")
    return folder


def build_varied(folder: Path, decks: int) -> Path:
    """``decks`` deck files of an identity and 15 to 25 cards of its side drawn at random
    (seeded), so few lines repeat from deck to deck: a run that remembers little."""
    cards = json.loads((ROOT / "data" / "cards.json").read_bytes())["cards"]
    identities = [c for c in cards if c["type"].endswith("identity")]
    by_side: dict[str, list[str]] = {}
    for card in cards:
        if not card["type"].endswith("identity"):
            by_side.setdefault(card["side"], []).append(card["title"])
    rng = random.Random(7)
    folder.mkdir()
    for i in range(decks):
        identity = rng.choice(identities)
        titles = rng.sample(by_side[identity["side"]], rng.randint(15, 25))
        lines = [identity["title"], *(f"{rng.randint(1, 3)} {t}" for t in titles)]
        (folder / f"deck{i:05}.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return folder


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--decks", type=int, default=10_000)
    parser.add_argument("--players", type=int, default=1000)
    args = parser.parse_args()
    ensure_bytecode()
    nrdeck = nrdeck_command()
    with tempfile.TemporaryDirectory() as tmp:
        folder = build_folder(Path(tmp, "folder"), args.decks)
        roster = build_roster(Path(tmp), args.players)
        commands = {
            f: [*nrdeck, "check", str(folder), "--offline", "--output-format", f] for f in FORMATS
        }
        varied = build_varied(Path(tmp, "varied"), args.decks)
        commands[VARIED] = [*nrdeck, "check", str(varied), "--offline"]
        event = ["event", str(roster), "--format", "system_gateway", "--offline"]
        commands["event"] = [*nrdeck, *event]
        commands["hello"] = HELLO_WORLD
        samples = interleaved(commands, args.runs)
    mib = 1024
    for name in [*FORMATS, VARIED]:
        sample = samples[name]
        rate = args.decks / (sample.cpu_ms / 1000)
        peak = sample.max_rss_kib / mib
        verdict = "ok" if rate >= DECKS_PER_S and peak <= PEAK_MIB else "MISSED"
        what = f"--output-format {name:<6}" if name in FORMATS else "of random cards, text"
        print(
            f"check {args.decks} decks {what} {rate:6.0f} decks/s of CPU "
            f"({sample.cpu_ms / 1000:.2f} s), {sample.wall_ms / 1000:.2f} s wall, peak "
            f"{peak:5.1f} MiB  (goal >= {DECKS_PER_S} decks/s, <= {PEAK_MIB} MiB: {verdict})"
        )
    event = samples["event"]
    verdict = "ok" if event.cpu_ms / 1000 <= EVENT_CPU_S else "MISSED"
    print(
        f"event {args.players} players, table: {event.cpu_ms / 1000:.2f} s CPU, "
        f"{event.wall_ms / 1000:.2f} s wall, peak {event.max_rss_kib // mib} MiB "
        f"(goal <= {EVENT_CPU_S} s CPU: {verdict})"
    )
    hello = samples["hello"]
    print(
        f"Typer hello-world {hello.wall_ms:.0f} ms wall, {hello.cpu_ms:.0f} ms CPU "
        f"(51-55 ms on a steady reference machine); medians over {event.runs} runs"
    )


if __name__ == "__main__":
    main()
