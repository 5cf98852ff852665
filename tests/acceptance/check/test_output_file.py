"""``-o FILE`` behaves like the tools beside it, for every command that has it: '-' is
standard output, devices and FIFOs are written directly, symlinks are written through, an
input of the run is refused (exit 2), a regular file is replaced atomically keeping its
mode, and a new file gets the umask's mode.
"""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from nrdeck.cli import app
from nrdeck.errors import ExitCode
from tests.paths import ROOT

LEGAL = ROOT / "data" / "examples" / "standard-zahya.txt"
COMMANDS = ("check", "convert", "event", "diff")


def invoke(*args: str) -> Result:
    return CliRunner().invoke(app, list(args))


@pytest.fixture
def inputs(tmp_path: Path) -> Path:
    """A deck and a roster naming it, in a folder of their own."""
    shutil.copy(LEGAL, tmp_path / "deck.txt")
    (tmp_path / "roster.csv").write_text("player,corp,runner\nAna,,deck.txt\n", "utf-8")
    return tmp_path


def command(name: str, folder: Path, output: str) -> list[str]:
    """The command's arguments, writing its report to ``output``."""
    return {
        "check": ["check", str(folder / "deck.txt"), "--offline", "--output-format", "json"],
        "convert": ["convert", str(folder / "deck.txt"), "--to", "jinteki", "--offline"],
        "event": ["event", str(folder / "roster.csv"), "--offline", "--output-format", "csv"],
        "diff": ["diff", str(folder / "deck.txt"), str(LEGAL), "--offline"],
    }[name] + ["-o", output]


@pytest.fixture
def umask() -> Iterator[None]:
    old = os.umask(0o022)
    yield
    os.umask(old)


@pytest.mark.parametrize("name", COMMANDS)
def test_dash_is_standard_output(name: str, inputs: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(inputs)
    result = invoke(*command(name, inputs, "-"))
    assert result.exit_code in (0, 1), result.stderr
    assert result.stdout.strip()
    assert not (inputs / "-").exists()


@pytest.mark.parametrize("name", COMMANDS)
def test_an_input_is_refused_as_the_output(name: str, inputs: Path) -> None:
    target = inputs / ("roster.csv" if name == "event" else "deck.txt")
    before = target.read_bytes()
    result = invoke(*command(name, inputs, str(target)))
    assert result.exit_code == ExitCode.USAGE, result.stdout
    assert "an input of this run" in result.stderr  # the words: check-cli.txt
    assert target.read_bytes() == before


def test_a_file_found_in_a_folder_is_refused_as_the_output(inputs: Path) -> None:
    before = (inputs / "deck.txt").read_bytes()
    result = invoke("check", str(inputs), "--offline", "-o", str(inputs / "deck.txt"))
    assert result.exit_code == ExitCode.USAGE
    assert (inputs / "deck.txt").read_bytes() == before


def test_the_pinned_data_file_is_refused_as_the_output(inputs: Path) -> None:
    pinned = inputs / "cards.json"
    shutil.copy(ROOT / "data" / "cards.json", pinned)
    result = invoke("check", str(inputs / "deck.txt"), "--data", str(pinned), "-o", str(pinned))
    assert result.exit_code == ExitCode.USAGE


@pytest.mark.parametrize("name", COMMANDS)
def test_an_existing_file_keeps_its_mode(name: str, inputs: Path, tmp_path: Path) -> None:
    report = tmp_path / "report.out"
    report.write_text("old\n", encoding="utf-8")
    report.chmod(0o600)
    result = invoke(*command(name, inputs, str(report)))
    assert result.exit_code in (0, 1), result.stderr
    assert stat.S_IMODE(report.stat().st_mode) == 0o600
    assert report.read_text(encoding="utf-8") != "old\n"
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []


@pytest.mark.parametrize(("mask", "mode"), [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)])
def test_a_new_file_honours_the_umask(
    inputs: Path, tmp_path: Path, umask: None, mask: int, mode: int
) -> None:
    os.umask(mask)
    report = tmp_path / "new.json"
    result = invoke(*command("check", inputs, str(report)))
    assert result.exit_code == 0, result.stderr
    assert stat.S_IMODE(report.stat().st_mode) == mode


@pytest.mark.parametrize("name", COMMANDS)
def test_a_symlink_is_written_through(name: str, inputs: Path, tmp_path: Path) -> None:
    real = tmp_path / "reports" / "real.out"
    real.parent.mkdir()
    real.write_text("old\n", encoding="utf-8")
    link = tmp_path / "link.out"
    link.symlink_to(real)
    result = invoke(*command(name, inputs, str(link)))
    assert result.exit_code in (0, 1), result.stderr
    assert link.is_symlink() and link.resolve() == real
    assert real.read_text(encoding="utf-8") != "old\n"


def test_dev_null_is_written_not_replaced(inputs: Path) -> None:
    if not os.path.exists(os.devnull) or os.name != "posix":
        pytest.skip("no /dev/null")
    result = invoke(*command("check", inputs, os.devnull))
    assert result.exit_code == 0, result.stderr
    assert stat.S_ISCHR(os.stat(os.devnull).st_mode)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
@pytest.mark.parametrize("name", COMMANDS)
def test_a_fifo_is_written_directly_and_stays_a_fifo(
    name: str, inputs: Path, tmp_path: Path
) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    received: list[bytes] = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()), daemon=True)
    reader.start()
    result = invoke(*command(name, inputs, str(fifo)))
    reader.join(timeout=20)
    assert result.exit_code in (0, 1), result.stderr
    assert received and received[0].strip()
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)


def test_dev_stdout_is_standard_output_and_stays_a_link() -> None:
    if not os.path.islink("/dev/stdout"):
        pytest.skip("no /dev/stdout link")
    proc = subprocess.run(
        [sys.executable, "-m", "nrdeck", "check", str(LEGAL), "--offline",
         "--output-format", "json", "-o", "/dev/stdout"],
        capture_output=True, text=True, encoding="utf-8", timeout=60, check=False,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("{")
    assert os.path.islink("/dev/stdout")
