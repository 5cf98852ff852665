"""Standard streams as consumers have them: a cp1252 or ASCII stdout (Windows redirects, old
pipes) never makes a command fail, glyphs fall back to ASCII where the stream cannot encode
them, machine formats stay exact UTF-8; a closed stdout (``| head -1``) ends a run quietly;
Ctrl-C while starting up prints no traceback.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from nrdeck.errors import ExitCode
from tests.paths import ROOT

EXAMPLES = ROOT / "data" / "examples"
LEGAL = str(EXAMPLES / "standard-zahya.txt")
ILLEGAL = str(EXAMPLES / "illegal-standard.txt")
BROKEN_PIPE = 141


def run_bytes(
    *args: str, encoding: str, cwd: Path | None = None
) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "PYTHONIOENCODING": encoding, "COLUMNS": "120"}
    return subprocess.run(
        [sys.executable, "-m", "nrdeck", *args],
        capture_output=True, env=env, cwd=cwd, timeout=60, check=False,
    )  # fmt: skip


@pytest.fixture
def roster(tmp_path: Path) -> Path:
    """A roster and its decks, side by side (roster cells stay inside the roster's folder)."""
    shutil.copy(ILLEGAL, tmp_path / "corp.txt")
    shutil.copy(LEGAL, tmp_path / "runner.txt")
    path = tmp_path / "roster.csv"
    path.write_text("player,corp,runner\nAna,corp.txt,runner.txt\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("encoding", ["cp1252", "ascii"])
def test_every_command_works_on_a_stdout_that_cannot_encode_its_glyphs(
    encoding: str, roster: Path
) -> None:
    commands = {
        "check": ["check", LEGAL, ILLEGAL, "--offline", "-v"],
        "stats": ["stats", ILLEGAL, "--offline"],
        "simulate": ["simulate", LEGAL, "--offline", "--seed", "1", "--sample", "1"],
        "event": ["event", str(roster), "--offline"],
    }
    for name, args in commands.items():
        proc = run_bytes(*args, encoding=encoding)
        assert proc.returncode in (0, 1), (name, proc.stderr.decode(encoding, "replace"))
        out = proc.stdout.decode(encoding)  # the bytes are in the stream's encoding
        err = proc.stderr.decode(encoding)
        assert "Traceback" not in err and "internal error" not in err, name
        assert not any(line.lstrip().startswith("? ") for line in out.splitlines()), name
        if name == "check":
            assert out.startswith(f"+ {LEGAL}")
            assert f"\nx {ILLEGAL}" in out and "  x copies (line 4)" in out
        if name == "event":
            assert "+ Zahya Sadeghi" in out and "x Haas-Bioroid" in out


def test_a_file_name_the_stream_cannot_encode_is_escaped(tmp_path: Path) -> None:
    deck = tmp_path / "デッキ.txt"
    shutil.copy(LEGAL, deck)
    proc = run_bytes("check", str(deck), "--offline", encoding="cp1252")
    assert proc.returncode == ExitCode.OK, proc.stderr
    assert "\\u30c7\\u30c3\\u30ad.txt" in proc.stdout.decode("cp1252")
    as_json = run_bytes(
        "check", str(deck), "--offline", "--output-format", "json", encoding="cp1252"
    )
    doc = json.loads(as_json.stdout.decode("utf-8"))  # machine formats: exact UTF-8
    assert doc["decks"][0]["source"] == str(deck)


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX file names are bytes")
def test_a_file_name_that_is_not_utf8_never_fails_the_run(tmp_path: Path) -> None:
    folder = os.fsencode(tmp_path)
    name = os.path.join(folder, b"deck-\xff.txt")
    shutil.copy(LEGAL, name)
    proc = subprocess.run(
        [sys.executable, "-m", "nrdeck", "check", tmp_path, "--offline"],
        capture_output=True, timeout=60, check=False,
    )  # fmt: skip
    assert proc.returncode == ExitCode.OK, proc.stderr
    assert b"deck-\\udcff.txt" in proc.stdout


def _closed_stdout(*args: str) -> tuple[int, str]:
    """Run with a standard output whose reader has already gone away."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "nrdeck", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()
    err = proc.stderr.read().decode("utf-8", "replace")
    proc.stderr.close()
    return proc.wait(timeout=60), err


@pytest.mark.parametrize(
    "args",
    [
        ("check", LEGAL, ILLEGAL, "--offline"),
        ("check", LEGAL, "--offline", "--output-format", "json"),
        ("check", LEGAL, "--offline", "--color", "always"),
        ("stats", LEGAL, "--offline"),
        ("simulate", LEGAL, "--offline", "--seed", "1"),
        ("simulate", LEGAL, "--offline", "--seed", "1", "--output-format", "json"),
        ("convert", LEGAL, "--to", "o8d", "--offline"),
    ],
    ids=lambda a: " ".join(a[:1] + a[-2:]),
)
def test_a_closed_stdout_ends_the_run_quietly(args: tuple[str, ...]) -> None:
    code, err = _closed_stdout(*args)
    assert code == BROKEN_PIPE
    assert "Traceback" not in err and "BrokenPipeError" not in err and "internal error" not in err


def test_ctrl_c_while_starting_up_prints_one_line_and_exits_130() -> None:
    script = (
        "import builtins, sys\n"
        "real = builtins.__import__\n"
        "def interrupting(name, *args, **kwargs):\n"
        "    if name == 'nrdeck.cli':\n"
        "        raise KeyboardInterrupt\n"
        "    return real(name, *args, **kwargs)\n"
        "builtins.__import__ = interrupting\n"
        "sys.argv = ['nrdeck', 'check', 'deck.txt']\n"
        "from nrdeck.__main__ import main\n"
        "main()\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=False
    )
    assert proc.returncode == ExitCode.INTERRUPTED
    assert proc.stderr == "nrdeck: interrupted\n"
