"""A folder search follows links to folders (each deck checked once, by its real path; a loop
is a note, never a hang) and names every folder it could not search: a linked or unreadable
folder is never dropped in silence, and "no decklists" names what the search skipped.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from nrdeck.cli import app
from nrdeck.errors import ExitCode
from tests.acceptance.check.words import lines_with, skipped
from tests.paths import EXAMPLES, ROOT

LEGAL = EXAMPLES / "standard-zahya.txt"
ILLEGAL = EXAMPLES / "illegal-standard.txt"
POSIX = pytest.mark.skipif(sys.platform == "win32", reason="symbolic links and modes")


def run(*args: str) -> Result:
    return CliRunner().invoke(app, ["check", "--offline", *args])


def checked(result: Result) -> list[str]:
    return [deck["source"] for deck in json.loads(result.stdout)["decks"]]


def deck(path: Path, source: Path = LEGAL) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(source, path)
    return path


@POSIX
def test_a_linked_folder_is_searched_even_when_it_leads_outside(tmp_path: Path) -> None:
    decks = tmp_path / "repo" / "decks"
    deck(decks / "zahya.txt")
    deck(tmp_path / "elsewhere" / "hb.txt", ILLEGAL)
    (decks / "current").symlink_to(Path("..", "..", "elsewhere"))
    result = run(str(decks), "--output-format", "json")
    assert result.exit_code == ExitCode.ILLEGAL, result.output
    assert checked(result) == [str(decks / "current" / "hb.txt"), str(decks / "zahya.txt")]


@POSIX
def test_a_link_in_a_linked_folder_that_leads_further_out_is_a_note(tmp_path: Path) -> None:
    """So one link cannot pull in a whole machine (a link to /proc leads into every process's
    folder through its links)."""
    decks = tmp_path / "decks"
    deck(decks / "zahya.txt")
    deck(tmp_path / "elsewhere" / "hb.txt", ILLEGAL)
    deck(tmp_path / "further" / "more.txt", ILLEGAL)
    (decks / "current").symlink_to(tmp_path / "elsewhere")
    (tmp_path / "elsewhere" / "further").symlink_to(tmp_path / "further")
    (tmp_path / "elsewhere" / "back").symlink_to(decks)  # inside the search: searched once
    result = run(str(decks), "--output-format", "json")
    assert checked(result) == [str(decks / "current" / "hb.txt"), str(decks / "zahya.txt")]
    notes = skipped(result.stderr)
    assert set(notes) == {str(decks / "current" / "further"), str(decks / "current" / "back")}
    assert "not followed" in notes[str(decks / "current" / "further")]
    named = run(str(decks), str(decks / "current" / "further"), "--output-format", "json")
    assert str(decks / "current" / "further" / "more.txt") in checked(named)


@POSIX
def test_each_deck_is_checked_once_under_the_name_that_needs_no_link(tmp_path: Path) -> None:
    decks = tmp_path / "decks"
    real = deck(decks / "2026" / "zahya.txt")
    (decks / "0-latest").symlink_to("2026")  # sorts first: still not the name kept
    (decks / "best.txt").symlink_to(real)
    result = run(str(decks), "--output-format", "json")
    assert result.exit_code == ExitCode.OK, result.output
    assert checked(result) == [str(real)]
    notes = skipped(result.stderr)
    assert set(notes) == {str(decks / "0-latest"), str(decks / "best.txt")}
    assert str(real) in notes[str(decks / "best.txt")]
    twice = run(str(decks), str(decks / "0-latest"), "--output-format", "json")
    assert checked(twice) == [str(real)]
    assert str(decks / "0-latest" / "zahya.txt") in skipped(twice.stderr)


@POSIX
def test_a_link_loop_is_a_note_never_a_hang(tmp_path: Path) -> None:
    decks = tmp_path / "decks"
    deck(decks / "a" / "zahya.txt")
    (decks / "a" / "up").symlink_to("..")
    (decks / "a" / "home").symlink_to(tmp_path)  # above the folder searched: a loop too
    (decks / "self").symlink_to(".")
    result = run(str(decks), "--output-format", "json")
    assert result.exit_code == ExitCode.OK, result.output
    assert checked(result) == [str(decks / "a" / "zahya.txt")]
    notes = skipped(result.stderr)
    assert set(notes) == {str(decks / "a" / "up"), str(decks / "a" / "home"), str(decks / "self")}
    assert all("loop" in why for why in notes.values())


@POSIX
def test_a_folder_holding_only_a_link_says_what_it_skipped(tmp_path: Path) -> None:
    only = tmp_path / "only"
    only.mkdir()
    (only / "self").symlink_to(".")
    (only / "gone").symlink_to(tmp_path / "not-checked-out")
    result = run(str(only))
    assert result.exit_code == ExitCode.USAGE, result.output
    error = next(line for line in result.stderr.splitlines() if line.startswith("nrdeck: error:"))
    assert str(only / "self") in error and str(only / "gone") in error


def test_an_unreadable_folder_is_a_note_naming_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    decks = tmp_path / "decks"
    deck(decks / "zahya.txt")
    deck(decks / "locked" / "hb.txt", ILLEGAL)
    _refuse_to_list(monkeypatch, decks / "locked")
    result = run(str(decks), "--output-format", "json")
    assert result.exit_code == ExitCode.OK, result.output
    assert checked(result) == [str(decks / "zahya.txt")]
    assert "cannot be read" in skipped(result.stderr)[str(decks / "locked")]
    _refuse_to_list(monkeypatch, decks)
    nothing = run(str(decks))
    assert nothing.exit_code == ExitCode.USAGE, nothing.output
    [error] = lines_with(nothing.stderr, "nrdeck: error: ")
    assert f"skipped {decks}: " in error and "cannot be read" in error  # what, and why


def _refuse_to_list(monkeypatch: pytest.MonkeyPatch, folder: Path) -> None:
    """What a folder of mode 000 answers a user who is not its owner (nor root)."""
    listing = os.scandir

    def refusing(path: str) -> Iterator[os.DirEntry[str]]:
        if os.path.realpath(path) == os.path.realpath(folder):
            raise PermissionError(13, "Permission denied", path)
        return listing(path)

    monkeypatch.setattr(os, "scandir", refusing)


@POSIX
def test_a_folder_of_mode_000_is_a_note_for_a_user_who_cannot_read_it() -> None:
    """The same for real: run as this user, or as 'nobody' when the tests run as root."""
    as_user = _unprivileged()
    with tempfile.TemporaryDirectory() as made:
        top = Path(made)
        top.chmod(0o755)  # 'nobody' must reach the decks, not the locked folder
        deck(top / "decks" / "zahya.txt")
        locked = deck(top / "decks" / "locked" / "hb.txt", ILLEGAL).parent
        locked.chmod(0)
        try:
            done = subprocess.run(
                [sys.executable, "-m", "nrdeck", "check", "--offline", "--no-cache", "decks"],
                cwd=top, capture_output=True, text=True, check=False, timeout=120,
                env={**os.environ, "HOME": made, "PYTHONPATH": str(ROOT)}, **as_user,
            )  # fmt: skip
        finally:
            locked.chmod(0o755)
    assert done.returncode == ExitCode.OK, done.stderr
    assert "cannot be read" in skipped(done.stderr)[os.path.join("decks", "locked")]


def _unprivileged() -> dict[str, Any]:
    """subprocess.run's arguments that run it as a user a mode of 000 keeps out (skips when
    running as root and no such user can run this interpreter and checkout)."""
    if os.geteuid() != 0:
        return {}
    import pwd

    try:
        nobody = pwd.getpwnam("nobody")
    except KeyError:
        pytest.skip("running as root, with no user 'nobody' to run as")
    as_nobody = {"user": nobody.pw_uid, "group": nobody.pw_gid, "extra_groups": []}
    try:
        probe = subprocess.run(
            [sys.executable, "-c", "import nrdeck.cli"], cwd="/", capture_output=True,
            env={**os.environ, "PYTHONPATH": str(ROOT)}, check=False, timeout=60, **as_nobody,
        )  # fmt: skip
    except PermissionError:
        probe = None
    if probe is None or probe.returncode != 0:
        pytest.skip("running as root, and 'nobody' cannot run this Python or this checkout")
    return as_nobody
