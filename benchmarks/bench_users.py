"""Benchmark start-up as users run nrdeck: default settings, the inputs users really have.

    python benchmarks/bench_users.py [--runs 21] [--no-callgrind]

Every command runs with a fresh, empty HOME and an environment of PATH and LANG only (no
``NRDECK_*`` variable: the cache folder is found through platformdirs, as on a user's
machine), after one untimed run that compiles bytecode, against the Typer hello-world
(benchmarks/hello_typer.py) run by the same interpreter the same way:

- ``check`` of a legal Standard deck (data/examples/standard-zahya.txt);
- the same deck with one misspelt card (benchmarks/decks/standard-zahya-typo.txt);
- ``check --format astro`` of the same deck;
- ``check`` of the same list in French (benchmarks/decks/standard-zahya-fr.txt);
- ``simulate``'s default report of a Corp deck (tests/fixtures/simulate/hb-precision-core.txt);
- ``check`` of the legal deck in another fresh HOME whose cache ``nrdeck data import`` filled
  from ../shared/netrunner-cards-json (what a user who ran ``data update`` has; skipped when
  that folder is not beside the repository), with a hello-world of its own rounds.

Prints, for each, the instructions counted by ``valgrind --tool=callgrind`` (the same count on
a noisy machine; skipped without valgrind) and the median wall time of interleaved runs, each
as a ratio to the hello-world's. Goals: every check <= 1.25x, simulate <= 1.5x.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from startup import HELLO_WORLD, ensure_bytecode, interleaved, nrdeck_command

ROOT = Path(__file__).resolve().parent.parent
DECKS = Path(__file__).resolve().parent / "decks"
LEGAL = ROOT / "data" / "examples" / "standard-zahya.txt"
CORP = ROOT / "tests" / "fixtures" / "simulate" / "hb-precision-core.txt"
COMMANDS = {
    "check (legal Standard deck)": ("check", str(LEGAL), "--offline"),
    "check (one misspelt card)": ("check", str(DECKS / "standard-zahya-typo.txt"), "--offline"),
    "check --format astro": ("check", str(LEGAL), "--offline", "--format", "astro"),
    "check (a French list)": ("check", str(DECKS / "standard-zahya-fr.txt"), "--offline"),
    "simulate (default report)": ("simulate", str(CORP)),
}
CACHED = "check (a cache: data import)"
GOALS = {name: 1.5 if name.startswith("simulate") else 1.25 for name in [*COMMANDS, CACHED]}
SHARED_CARDS = ROOT.parent / "shared" / "netrunner-cards-json"


def user_environment(home: str) -> dict[str, str]:
    """What a user's shell gives nrdeck: a home, a PATH and a locale; no NRDECK_* at all."""
    return {"HOME": home, "PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LANG": "C.UTF-8"}


def instructions(command: list[str], env: dict[str, str]) -> int | None:
    """Instructions of one run under callgrind (None without valgrind)."""
    if shutil.which("valgrind") is None:
        return None
    with tempfile.TemporaryDirectory() as tmp:
        done = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={tmp}/out", *command],
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )
    found = re.search(r"Collected : (\d+)", done.stderr)
    return int(found.group(1)) if found else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--no-callgrind", action="store_true")
    args = parser.parse_args()
    ensure_bytecode()
    nrdeck = nrdeck_command()
    commands = {name: [*nrdeck, *words] for name, words in COMMANDS.items()}
    print(
        f"{'command':<30} {'instructions':>14} {'x hello':>8} {'wall ms':>8} {'x hello':>8}  goal"
    )
    measure(commands, args, lambda env: None)
    if SHARED_CARDS.is_dir():  # a user who ran 'data update' checks from the cache
        cached = {CACHED: [*nrdeck, "check", str(LEGAL), "--offline"]}
        fill = [*nrdeck, "data", "import", str(SHARED_CARDS)]
        measure(cached, args, lambda env: quietly(fill, env))
    else:
        print(f"{CACHED}: skipped ({SHARED_CARDS} is not there to import)")


def quietly(command: list[str], env: dict[str, str]) -> None:
    """Run a command that must succeed, its output kept off the table (shown if it fails)."""
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    if done.returncode:
        sys.exit(f"{' '.join(command)} failed ({done.returncode}): {done.stderr.strip()}")


Prepare = Callable[[dict[str, str]], object]


def measure(commands: dict[str, list[str]], args: argparse.Namespace, prepare: Prepare) -> None:
    """Print each command's row beside a hello-world's, in a fresh home ``prepare`` fills."""
    with tempfile.TemporaryDirectory() as home:
        env = user_environment(home)
        prepare(env)
        commands = {"typer hello-world": HELLO_WORLD, **commands}
        for command in commands.values():
            subprocess.run(command, env=env, capture_output=True, check=False)  # bytecode
        counted = {
            name: None if args.no_callgrind else instructions(command, env)
            for name, command in commands.items()
        }
        samples = interleaved(commands, args.runs, env=env)
    hello_ir, hello_ms = counted["typer hello-world"], samples["typer hello-world"].wall_ms
    for name, sample in samples.items():
        ir = counted[name]
        ir_text = f"{ir / 1e6:11.1f} M" if ir else "           -"
        ir_ratio = f"{ir / hello_ir:7.2f}x" if ir and hello_ir else "       -"
        goal = f"<= {GOALS[name]:.2f}x" if name in GOALS else ""
        print(
            f"{name:<30} {ir_text:>14} {ir_ratio:>8} {sample.wall_ms:8.1f} "
            f"{sample.wall_ms / hello_ms:7.2f}x  {goal}"
        )


if __name__ == "__main__":
    sys.exit(main())
