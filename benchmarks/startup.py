"""Timing whole commands fairly: interleaved runs, medians, CPU time and peak memory.

Used by the start-up benchmarks. Each round runs every command once, in turn, so a
machine that gets busier or quieter affects all of them alike and their ratios stay honest.
"""

from __future__ import annotations

import compileall
import importlib.util
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "nrdeck"
# A Typer hello-world CLI (one command, this interpreter): the yardstick for start-up
HELLO_WORLD = [sys.executable, str(Path(__file__).resolve().parent / "hello_typer.py"), "world"]


@dataclass(frozen=True)
class Sample:
    """Medians over the runs of one command (milliseconds), and its largest peak RSS (KiB)."""

    wall_ms: float
    cpu_ms: float
    max_rss_kib: int
    runs: int


def nrdeck_command() -> list[str]:
    """The installed console script next to this interpreter, else `python -m nrdeck`."""
    script = Path(sys.executable).with_name("nrdeck")
    return [str(script)] if script.exists() else [sys.executable, "-m", "nrdeck"]


def ensure_bytecode() -> None:
    """Check the environment, then compile nrdeck's modules, as ``pip install`` does.

    In a checkout run with PYTHONDONTWRITEBYTECODE=1 nothing else would write them, and every
    measured start would include compiling nrdeck from source.
    """
    require_environment()
    compileall.compile_dir(str(PACKAGE), quiet=1)


def require_environment() -> None:
    """Stop, with what to do, unless this interpreter has nrdeck and Typer.

    Without them every timed command would fail at once (exit 1, as an illegal deck does),
    and its few milliseconds would pass for a very fast nrdeck.
    """
    missing = [name for name in ("nrdeck", "typer") if importlib.util.find_spec(name) is None]
    if missing:
        raise SystemExit(
            f"{sys.executable} cannot import {', '.join(missing)}: run the benchmarks with the "
            "interpreter of the environment nrdeck is installed in (pip install -e '.[test]')"
        )


def run_once(cmd: Sequence[str], env: Mapping[str, str] | None = None) -> tuple[float, float, int]:
    """Wall ms, CPU ms (user + system) and peak RSS KiB of one run; exit 0 or 1 expected."""
    start = time.perf_counter()
    proc = subprocess.Popen(
        list(cmd), env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    _, status, usage = os.wait4(proc.pid, 0)
    wall = (time.perf_counter() - start) * 1000
    code = os.waitstatus_to_exitcode(status)
    if code not in (0, 1):
        raise SystemExit(f"{' '.join(cmd)} exited {code}")
    return wall, (usage.ru_utime + usage.ru_stime) * 1000, usage.ru_maxrss


def warm_up(cmd: Sequence[str], env: Mapping[str, str] | None = None) -> None:
    """Run a command once, untimed; stop if it crashed (a traceback, a module not found)."""
    proc = subprocess.run(list(cmd), env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    errors = proc.stderr.decode("utf-8", "replace")
    if "Traceback (most recent call last)" in errors or "No module named" in errors:
        last = errors.strip().splitlines()[-1]
        raise SystemExit(f"{' '.join(cmd)} crashed: {last}")


def interleaved(
    commands: Mapping[str, Sequence[str]], runs: int, env: Mapping[str, str] | None = None
) -> dict[str, Sample]:
    """Run each command once to warm caches, then ``runs`` rounds of every command in turn."""
    for cmd in commands.values():
        warm_up(cmd, env)
    samples: dict[str, list[tuple[float, float, int]]] = {name: [] for name in commands}
    for _ in range(runs):
        for name, cmd in commands.items():
            samples[name].append(run_once(cmd, env))
    return {
        name: Sample(
            wall_ms=statistics.median(s[0] for s in rows),
            cpu_ms=statistics.median(s[1] for s in rows),
            max_rss_kib=max(s[2] for s in rows),
            runs=len(rows),
        )
        for name, rows in samples.items()
    }
