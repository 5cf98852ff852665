"""The console script ends without the interpreter's teardown, losing nothing on the way.

``nrdeck.__main__.main`` ends the process once its streams are flushed and every other exit
handler has run: the status, all of standard output (even when it is a pipe) and the work
of exit handlers registered during the run all survive.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

from nrdeck.errors import ExitCode
from tests.acceptance.check.words import summary, tally
from tests.paths import EXAMPLES, SNAPSHOT_DATE
from tests.startup import broken

RULE = "No teardown at exit"

EXAMPLES = EXAMPLES


def _console(*args: str, prelude: str = "") -> subprocess.CompletedProcess[str]:
    script = (
        f"import sys\n{prelude}sys.argv = ['nrdeck', *{list(args)!r}]\n"
        "from nrdeck.__main__ import main\nmain()\n"
    )
    return subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=False
    )


def test_the_status_of_the_command_is_the_status_of_the_process() -> None:
    legal = _console("check", str(EXAMPLES / "standard-zahya.txt"), "--offline", "--no-cache")
    illegal = _console("check", str(EXAMPLES / "illegal-standard.txt"), "--offline", "--no-cache")
    missing = _console("check", "no-such-deck.txt", "--offline", "--no-cache")
    statuses = (legal.returncode, illegal.returncode, missing.returncode)
    assert statuses == (ExitCode.OK, ExitCode.ILLEGAL, ExitCode.USAGE), broken(RULE)
    # every line written before the process ended: the summary last, whole
    assert illegal.stdout.startswith("✗ ") and illegal.stderr.endswith("\n")
    last = illegal.stderr.splitlines()[-1]
    assert tally(last) == (1, 0, 1) and summary(last)["card data"].endswith(SNAPSHOT_DATE)


def test_a_long_report_to_a_pipe_arrives_whole(tmp_path: Path) -> None:
    for i in range(150):
        shutil.copy(EXAMPLES / "standard-zahya.txt", tmp_path / f"deck{i:03}.txt")
    result = _console("check", str(tmp_path), "--offline", "--no-cache", "--output-format", "json")
    assert result.returncode == ExitCode.OK, result.stderr
    report = json.loads(result.stdout)  # the last buffered bytes were written too
    assert len(report["decks"]) == 150, broken(RULE)


def test_exit_handlers_registered_during_the_run_still_run(tmp_path: Path) -> None:
    marker = tmp_path / "handler-ran"
    prelude = (
        "import atexit, pathlib, nrdeck.cli\n"
        "real = nrdeck.cli.main\n"
        "def wrapped():\n"
        f"    atexit.register(pathlib.Path({str(marker)!r}).write_text, 'yes')\n"
        "    real()\n"
        "nrdeck.cli.main = wrapped\n"
    )
    result = _console("--version", prelude=prelude)
    assert result.returncode == 0 and result.stdout.startswith("nrdeck ")
    assert marker.exists() and marker.read_text() == "yes", broken(RULE)


def test_under_a_tracer_exit_handlers_registered_before_the_run_still_run(
    tmp_path: Path,
) -> None:
    # coverage and debuggers register their exit handler when the interpreter starts
    marker = tmp_path / "measured"
    prelude = (
        "import atexit, pathlib\n"
        f"atexit.register(pathlib.Path({str(marker)!r}).write_text, 'saved')\n"
        "sys.settrace(lambda *args: None)\n"
    )
    result = _console("--version", prelude=prelude)
    assert result.returncode == 0 and result.stdout.startswith("nrdeck ")
    assert marker.exists() and marker.read_text() == "saved", broken(RULE)


BUG = "entry point bug"  # what the broken entry point raises


def test_a_failure_outside_the_command_still_ends_the_usual_way() -> None:
    prelude = (
        "import nrdeck.cli\n"
        "def broken():\n"
        f"    raise RuntimeError({BUG!r})\n"
        "nrdeck.cli.main = broken\n"
    )
    result = _console("--version", prelude=prelude)
    assert result.returncode == 1
    assert "Traceback" in result.stderr and f"RuntimeError: {BUG}" in result.stderr


def test_the_interpreter_s_teardown_is_skipped(tmp_path: Path) -> None:
    """What only the teardown would do (free a module's objects one by one) is never done."""
    marker = tmp_path / "freed"
    prelude = (
        "import pathlib\n"
        "class Freed:\n"
        "    def __del__(self):\n"
        f"        pathlib.Path({str(marker)!r}).write_text('freed')\n"
        "import nrdeck\n"
        "nrdeck.kept_to_the_end = Freed()\n"
    )
    result = _console("check", str(EXAMPLES / "standard-zahya.txt"), "--offline", prelude=prelude)
    assert result.returncode == ExitCode.OK, result.stderr
    assert not marker.exists(), f"{broken(RULE)}: the interpreter tore the modules down"
