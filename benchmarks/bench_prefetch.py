"""256 players' NetrunnerDB links (512 decklists) checked in one command, through prefetch.

    python benchmarks/bench_prefetch.py [--runs 5] [--latency 0.05] [--jobs 8 16]

The NetrunnerDB double serves 512 published decklists (the prebuilt decks, each under its
own id) with ``--latency`` seconds per answer. Each round times `nrdeck check <512 links>`
on an empty cache (every deck downloaded) and again on the warm cache (every deck
revalidated: 304s), for each ``--jobs``. Prints the medians. Goals at the default 8 jobs:
first run <= 8 s, re-run <= 3 s. Needs ../shared (the double and its card data).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import tempfile
from pathlib import Path

from nrdb_double import CARDS_JSON, require_shared, serving, stats, wall
from startup import ensure_bytecode, nrdeck_command

PLAYERS = 256
GOALS = {"first run": 8.0, "re-run": 3.0}


def write_decklists(folder: Path) -> list[str]:
    """512 decklists for the double; the links players would register."""
    prebuilts = json.loads((CARDS_JSON / "prebuilts.json").read_text(encoding="utf-8"))
    folder.mkdir()
    links = []
    for n in range(2 * PLAYERS):
        deck_id = f"00000000-0000-4000-8000-{n:012d}"
        built = prebuilts[n % len(prebuilts)]
        doc = {"id": n, "uuid": deck_id, "name": f"{built['name']} #{n}", "cards": built["cards"]}
        (folder / f"{deck_id}.json").write_text(json.dumps(doc), encoding="utf-8")
        links.append(f"https://netrunnerdb.com/en/decklist/{deck_id}/player-{n // 2}")
    return links


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--latency", type=float, default=0.05)
    parser.add_argument("--jobs", type=int, nargs="+", default=[8, 16])
    args = parser.parse_args()
    require_shared()
    ensure_bytecode()
    with tempfile.TemporaryDirectory() as tmp:
        links = write_decklists(Path(tmp) / "decklists")
        options = ("--latency", str(args.latency), "--decklists", str(Path(tmp) / "decklists"))
        with serving(*options) as root:
            env = {**os.environ, "NO_COLOR": "1", "NRDECK_V2_URL": f"{root}/api/2.0/public"}
            check = [*nrdeck_command(), "check", *links, "--format", "eternal"]
            for jobs in args.jobs:
                report(jobs, rounds(check, env, Path(tmp) / f"jobs-{jobs}", jobs, args.runs))
            counters = stats(root)
    print(f"the double answered {counters.get('200', 0)} decks and {counters.get('304', 0)} 304s")
    if not counters.get("304"):
        raise SystemExit("no re-run was answered 304: the deck cache was not used")


def rounds(
    check: list[str], env: dict[str, str], where: Path, jobs: int, runs: int
) -> dict[str, list[float]]:
    """First run on an empty cache, then the re-run on it, ``runs`` times."""
    times: dict[str, list[float]] = {"first run": [], "re-run": []}
    for n in range(runs):
        cache = ["--cache-dir", str(where / str(n)), "--jobs", str(jobs)]
        times["first run"].append(wall([*check, *cache], env, accept=(0, 1)))
        times["re-run"].append(wall([*check, *cache], env, accept=(0, 1)))
    return times


def report(jobs: int, times: dict[str, list[float]]) -> None:
    """One line per kind of run: its median and whether it meets the goal."""
    for name, samples in times.items():
        median = statistics.median(samples)
        verdict = "ok" if median <= GOALS[name] else "OVER GOAL"
        print(
            f"{PLAYERS} players, {2 * PLAYERS} links, --jobs {jobs:>2}, {name:<9}: median "
            f"{median:.2f} s (min {min(samples):.2f}, max {max(samples):.2f}; "
            f"goal <= {GOALS[name]:g} s: {verdict})"
        )


if __name__ == "__main__":
    main()
