"""Every write error is an answer (docs/reference/exit-codes.md), through the real console
script in a subprocess, for every command, ``--help`` and ``--version``:

- standard output full (``/dev/full``) or closed before the start: one line on stderr and
  exit 5 for a command that writes to it; a command that does not ends as it would have;
- a pipe whose reader has gone: 141, nothing more said;
- standard error full or closed: the status and standard output the run has with a working
  standard error (stderr explains, it never answers);
- ``-o`` onto a full device: exit 5; ``-o`` interrupted by Ctrl-C or SIGTERM: 130 or 143,
  the target as it was and no temporary file, whatever the output format.

A full disk under a regular ``-o`` file is injected at the atomic writer's seam
(tests/unit/test_atomic.py): no small file system can be mounted for a test.
"""

from __future__ import annotations

import errno
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import NamedTuple

import pytest
from typer.testing import CliRunner

from nrdeck.cli import app
from nrdeck.cli import data as data_command
from nrdeck.errors import ExitCode
from tests.acceptance.test_exit_codes import NETWORK, RUNS, USAGE, WRITES_STDOUT, _ids, scratch
from tests.paths import EXAMPLES

scratch = scratch  # the folder of decks, roster and card data every command runs from

pytestmark = pytest.mark.skipif(
    not Path("/dev/full").exists(), reason="needs /dev/full, a device that is always full"
)

# every command as it runs from the scratch folder without the network: the runs of
# test_exit_codes, but data update meets an unreachable NetrunnerDB (exit 3) and serve a usage
# error (it would serve until stopped); and the two answers Typer writes itself
COMMANDS: dict[tuple[str, ...], list[str]] = {
    **RUNS,
    ("data", "update"): list(NETWORK[("data", "update")]),
    ("serve",): USAGE[("serve",)],
    ("--help",): [],
    ("--version",): [],
    ("check", "--help"): [],
}
ANSWERS_ON_STDOUT = {*WRITES_STDOUT, ("--help",), ("--version",), ("check", "--help")}
# the status of each command that writes nothing to standard output, as it runs here
QUIET_ON_STDOUT = {
    ("data", "update"): ExitCode.UNAVAILABLE,
    ("data", "import"): ExitCode.OK,
    ("data", "build"): ExitCode.OK,
    ("data", "clear"): ExitCode.OK,
    ("serve",): ExitCode.USAGE,
}
NEEDS_CARDS_JSON = {("data", "import"), ("data", "build")}
WRITE_FAILED_LINE = "nrdeck: error: cannot write to "


class Ran(NamedTuple):
    status: int
    out: bytes
    err: str


def console() -> list[str]:
    """The installed console script next to this interpreter, else ``python -m nrdeck``."""
    script = Path(sys.executable).with_name("nrdeck")
    return [str(script)] if script.exists() else [sys.executable, "-m", "nrdeck"]


def nrdeck(args: list[str], cwd: Path, *, stdout: str = "pipe", stderr: str = "pipe") -> Ran:
    """Run nrdeck with each stream a pipe, ``full`` (/dev/full) or ``closed`` at the start
    (a cache of its own in ``cwd``)."""
    env = {**os.environ, "NRDECK_HTTP_RETRIES": "0", "NRDECK_CACHE_DIR": str(cwd / "cache")}
    with open("/dev/full", "wb") as full:
        streams = {"pipe": subprocess.PIPE, "full": full, "closed": subprocess.DEVNULL}
        closing = [fd for fd, how in ((1, stdout), (2, stderr)) if how == "closed"]
        done = subprocess.run(
            [*console(), *args],
            cwd=cwd,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=streams[stdout],
            stderr=streams[stderr],
            preexec_fn=(lambda: [os.close(fd) for fd in closing]) if closing else None,
            timeout=120,
            check=False,
        )
    return Ran(done.returncode, done.stdout or b"", (done.stderr or b"").decode("utf-8", "replace"))


def _ready(command: tuple[str, ...], cwd: Path) -> list[str]:
    if command in NEEDS_CARDS_JSON and not (cwd / "cards-json").exists():
        pytest.skip("../shared/netrunner-cards-json is absent")
    return [*command, *COMMANDS[command]]


def _one_write_error_line(err: str) -> None:
    lines = err.splitlines()
    assert "Traceback" not in err and "internal error" not in err, err
    assert [line for line in lines if line.startswith("nrdeck: error")] == lines[-1:], err
    assert lines[-1].startswith(WRITE_FAILED_LINE), err


@pytest.mark.parametrize("command", list(COMMANDS), ids=_ids)
def test_a_standard_output_full_or_closed_is_one_line_and_exit_5(
    scratch: Path, command: tuple[str, ...]
) -> None:
    args = _ready(command, scratch)
    for how in ("full", "closed"):
        ran = nrdeck(args, scratch, stdout=how)
        if command not in ANSWERS_ON_STDOUT:  # it writes nothing there: nothing fails
            assert ran.status == QUIET_ON_STDOUT[command], (how, ran.err)
            continue
        assert ran.status == ExitCode.WRITE_FAILED, (how, ran.err)
        _one_write_error_line(ran.err)
    both = nrdeck(args, scratch, stdout="full", stderr="full")  # the line is lost too
    assert both.status == QUIET_ON_STDOUT.get(command, ExitCode.WRITE_FAILED)


@pytest.mark.parametrize("command", list(COMMANDS), ids=_ids)
def test_a_standard_error_full_or_closed_changes_nothing(
    scratch: Path, command: tuple[str, ...]
) -> None:
    args = _ready(command, scratch)
    usual = nrdeck(args, scratch)
    for how in ("full", "closed"):
        shutil.rmtree(scratch / "cache", ignore_errors=True)  # as the first run found it
        ran = nrdeck(args, scratch, stderr=how)
        assert (ran.status, ran.out) == (usual.status, usual.out), (how, usual.err)


@pytest.mark.parametrize("command", [("--help",), ("--version",), ("check", "--help")], ids=_ids)
def test_help_and_version_into_a_pipe_closed_early_are_141(
    scratch: Path, command: tuple[str, ...]
) -> None:
    with subprocess.Popen(
        [*console(), *command], cwd=scratch, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    ) as proc:
        assert proc.stdout is not None and proc.stderr is not None
        proc.stdout.close()
        err = proc.stderr.read().decode("utf-8", "replace")
        assert proc.wait(timeout=120) == ExitCode.BROKEN_PIPE, err
    assert err == ""


# a command's arguments with -o, writing something whatever the verdict
WITH_OUTPUT: dict[str, list[str]] = {
    "check text": ["check", "hb.txt", "--offline"],
    "check json": ["check", "hb.txt", "--offline", "--output-format", "json"],
    "check junit": ["check", "hb.txt", "--offline", "--output-format", "junit"],
    "check github": ["check", "hb.txt", "--offline", "--output-format", "github"],
    "event": ["event", "roster.csv", "--offline"],
    "convert": ["convert", "zahya.txt", "--to", "o8d", "--offline"],
    "diff": ["diff", "zahya.txt", "hb.txt", "--offline"],
}


@pytest.mark.parametrize("name", list(WITH_OUTPUT))
def test_an_output_onto_a_full_device_is_one_line_and_exit_5(scratch: Path, name: str) -> None:
    ran = nrdeck([*WITH_OUTPUT[name], "-o", "/dev/full"], scratch)
    assert ran.status == ExitCode.WRITE_FAILED, ran.err
    _one_write_error_line(ran.err)
    assert ran.out == b""


MANY = 3000  # decks: a run long enough to be stopped while it writes


@pytest.fixture(scope="module")
def many_decks(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("many") / "decks"
    folder.mkdir()
    for number in range(MANY):
        shutil.copy(EXAMPLES / "illegal-standard.txt", folder / f"deck{number:04}.txt")
    return folder


@pytest.mark.parametrize(
    ("signum", "status"),
    [(signal.SIGTERM, ExitCode.TERMINATED), (signal.SIGINT, ExitCode.INTERRUPTED)],
    ids=["SIGTERM", "Ctrl-C"],
)
@pytest.mark.parametrize("output_format", ["text", "json", "junit", "github"])
def test_an_output_interrupted_leaves_no_temporary_file(
    many_decks: Path, tmp_path: Path, output_format: str, signum: int, status: int
) -> None:
    target = tmp_path / f"report.{output_format}"
    args = [str(many_decks), "--offline", "--output-format", output_format, "-o", str(target)]
    with subprocess.Popen(
        [*console(), "check", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    ) as proc:
        deadline = time.monotonic() + 60
        while not list(tmp_path.glob(".report.*.tmp")):  # the report is being written
            assert proc.poll() is None and time.monotonic() < deadline, "no temporary file"
            time.sleep(0.005)
        proc.send_signal(signum)
        out, err = proc.communicate(timeout=120)
    assert proc.returncode == status, err
    assert err.decode().splitlines()[-1] in ("nrdeck: interrupted", "nrdeck: terminated")
    assert sorted(p.name for p in tmp_path.iterdir()) == [], "a file was left behind"
    assert out == b""


@pytest.mark.parametrize(
    ("raised", "status", "line"),
    [
        ("KeyboardInterrupt", ExitCode.INTERRUPTED, "nrdeck: interrupted"),
        ("nrdeck.errors.Terminated", ExitCode.TERMINATED, "nrdeck: terminated"),
    ],
    ids=["Ctrl-C", "SIGTERM"],
)
def test_an_interrupt_while_typer_parses_still_says_so(
    scratch: Path, raised: str, status: int, line: str
) -> None:
    """Typer turns an interrupt that comes before the command into status 130 and says
    nothing: the run still ends with the interrupt's line and status."""
    script = (
        "import functools, sys, nrdeck.cli, nrdeck.errors\n"
        "real = nrdeck.cli._root\n"
        "@functools.wraps(real)\n"
        "def interrupted(*args, **kwargs):\n"
        f"    raise {raised}\n"
        "nrdeck.cli._root = interrupted\n"
        "sys.argv = ['nrdeck', 'data', 'status']\n"
        "from nrdeck.__main__ import main\n"
        "main()\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=scratch, capture_output=True, text=True, timeout=120
    )
    assert (done.returncode, done.stderr, done.stdout) == (status, line + "\n", "")


def test_a_full_disk_under_a_command_s_own_files_is_exit_5(
    scratch: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``data build`` writes its files itself (so do the cache and ``--plot``): a full disk
    there is the same answer, not a bug."""

    def full(*args: object, **kwargs: object) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), "built.json")

    monkeypatch.setattr(data_command, "build_snapshot", full)
    result = CliRunner().invoke(app, ["data", "build", "--from", ".", "--out", "built.json"])
    assert result.exit_code == ExitCode.WRITE_FAILED, result.output
    _one_write_error_line(result.stderr)
