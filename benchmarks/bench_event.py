"""Benchmark `nrdeck event`: 1,000 players of local deck files, table output, whole command.

    python benchmarks/bench_event.py [--runs 7] [--players 1000]

Builds a roster of 1,000 players (2,000 deck files: System Gateway decks, one illegal in
eight, so the table has real problems to print) in a temporary folder, and runs
`nrdeck event ROSTER --format system_gateway --offline` (the table, to a pipe) as a
subprocess. Rounds interleave it with a Typer hello-world (benchmarks/startup.py) so a
busier machine affects both alike. Prints the medians. Goals: <= 1.5 s wall, <= 1.0 s CPU.
"""

from __future__ import annotations

import argparse
import shutil
import tempfile
from pathlib import Path

from startup import HELLO_WORLD, ensure_bytecode, interleaved, nrdeck_command

ROOT = Path(__file__).resolve().parent.parent
DECKS = ROOT / "tests" / "fixtures" / "event" / "decks"
GOAL_S = 1.5
GOAL_CPU_S = 1.0


def build_roster(folder: Path, players: int) -> Path:
    """Each player with their own Corp and Runner deck file."""
    decks = folder / "decks"
    decks.mkdir()
    rows = ["player,corp,runner,table"]
    for n in range(players):
        runner = "sg-catalyst-4-carmen.txt" if n % 8 == 7 else "sg-catalyst.txt"
        shutil.copy(DECKS / "sg-syndicate.txt", decks / f"p{n:04d}-corp.txt")
        shutil.copy(DECKS / runner, decks / f"p{n:04d}-runner.txt")
        rows.append(f"Player {n:04d},decks/p{n:04d}-corp.txt,decks/p{n:04d}-runner.txt,{n // 2}")
    roster = folder / "roster.csv"
    roster.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return roster


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--players", type=int, default=1000)
    args = parser.parse_args()
    ensure_bytecode()
    with tempfile.TemporaryDirectory() as tmp:
        roster = build_roster(Path(tmp), args.players)
        event = [*nrdeck_command(), "event", str(roster), "--format", "system_gateway", "--offline"]
        samples = interleaved({"event": event, "hello": HELLO_WORLD}, args.runs)
    run, base = samples["event"], samples["hello"]
    wall = "ok" if run.wall_ms / 1000 <= GOAL_S else "OVER GOAL"
    cpu = "ok" if run.cpu_ms / 1000 <= GOAL_CPU_S else "OVER GOAL"
    print(
        f"nrdeck event, {args.players} players / {2 * args.players} local decks, table: "
        f"median {run.wall_ms / 1000:.2f} s wall (goal <= {GOAL_S} s: {wall}), "
        f"{run.cpu_ms / 1000:.2f} s CPU (goal <= {GOAL_CPU_S} s: {cpu}) over {run.runs} runs; "
        f"peak {run.max_rss_kib // 1024} MiB; Typer hello-world {base.wall_ms:.0f} ms"
    )


if __name__ == "__main__":
    main()
