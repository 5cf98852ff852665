"""Ctrl-C never crashes: an interrupt at any moment of start-up ends the run as interrupted
(exit 130, or death by SIGINT before nrdeck's handler is in place), or the run finishes
(exit 0 or 1); never a crash (docs/design/msgspec-datetime.md)."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.paths import EXAMPLES

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")

DECK = EXAMPLES / "sg-catalyst.txt"
COMMAND = [sys.executable, "-m", "nrdeck", "check", str(DECK), "--offline"]
RUNS = 120
AT_ONCE = 4  # runs started together, each interrupted at its own moment
SEED = 20261128
LATEST = 0.15  # seconds: start-up and the check are over by then on a quiet machine
FINE = {0, 1, 130, -signal.SIGINT}


def _user_env(home: Path) -> dict[str, str]:
    """A user's environment: a fresh HOME, no NRDECK_* variable, no cache folder set."""
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith("NRDECK_") and k not in ("XDG_CACHE_HOME", "PYTHONFAULTHANDLER")
    }
    env["HOME"] = str(home)
    return env


def _interrupted_batch(delays: list[float], env: dict[str, str]) -> list[tuple[int, str]]:
    """Start one run per delay, send each SIGINT that long after its start; (status, stderr)."""
    started = [(subprocess.Popen(COMMAND, env=env, **_quiet()), time.monotonic()) for _ in delays]
    for (proc, start), delay in sorted(zip(started, delays, strict=True), key=lambda s: s[1]):
        time.sleep(max(0.0, start + delay - time.monotonic()))
        if proc.poll() is None:
            proc.send_signal(signal.SIGINT)
    found = []
    for proc, _ in started:
        _, err = proc.communicate(timeout=120)
        found.append((proc.returncode, err.decode("utf-8", "replace")))
    return found


def _quiet() -> dict[str, object]:
    return {"stdin": subprocess.DEVNULL, "stdout": subprocess.DEVNULL, "stderr": subprocess.PIPE}


def test_sigint_at_random_moments_of_start_up_never_crashes(tmp_path: Path) -> None:
    rng = random.Random(SEED)
    env = _user_env(tmp_path)
    statuses: list[int] = []
    for _ in range(RUNS // AT_ONCE):
        delays = [rng.uniform(0.005, LATEST) for _ in range(AT_ONCE)]
        for status, err in _interrupted_batch(delays, env):
            assert status in FINE, f"exit {status} after SIGINT:\n{err[-2000:]}"
            statuses.append(status)
    assert len(statuses) >= 100


# An import hook standing in for Ctrl-C while ``datetime`` is first imported, then the
# console script's own start-up; the moment msgspec's C module once lost the interrupt in.
INTERRUPT_DATETIME = """
import runpy, sys

class Interrupt:
    def find_spec(self, name, path=None, target=None):
        if name == "datetime":
            sys.meta_path.remove(self)
            raise KeyboardInterrupt
        return None

sys.meta_path.insert(0, Interrupt())
sys.argv = ["nrdeck", "check", sys.argv[1], "--offline"]
try:
    runpy.run_module("nrdeck", run_name="__main__", alter_sys=True)
except KeyboardInterrupt:
    sys.exit(130)
"""


def test_ctrl_c_while_datetime_is_first_imported_ends_the_run_as_interrupted(
    tmp_path: Path,
) -> None:
    proc = subprocess.run(
        [sys.executable, "-c", INTERRUPT_DATETIME, str(DECK)],
        env=_user_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert proc.returncode in (130, -signal.SIGINT), proc.stderr[-2000:]
