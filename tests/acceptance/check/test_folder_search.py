"""A folder search never drops a decklist in silence and never fails on what cannot be one.

Text with a byte order mark (UTF-8, UTF-16 as Windows Notepad saves "Unicode", UTF-32) is
read as text; a file with a decklist suffix that still cannot be read is that deck's problem
(exit 1); a dangling link, a FIFO, a socket or a device a folder search meets is skipped with
a note (named on the command line, it stays an error); paths holding no deck at all are a
usage error (exit 2), so a misconfigured workflow cannot pass green.
"""

from __future__ import annotations

import os
import shutil
import socket
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from nrdeck.cli import app
from nrdeck.errors import ExitCode
from tests.acceptance.check.words import lines_with, plain, skipped, tally
from tests.paths import EXAMPLES, assert_golden_cases

LEGAL = EXAMPLES / "standard-zahya.txt"
ILLEGAL = EXAMPLES / "illegal-standard.txt"
POSIX = pytest.mark.skipif(sys.platform == "win32", reason="FIFOs, sockets and links")
# (encoding, its byte order mark written by hand where the codec writes none)
MARKED = [
    ("utf-8-sig", b""),
    ("utf-16", b""),  # what Notepad's "Unicode" writes: a BOM, then UTF-16 LE
    ("utf-16-le", b"\xff\xfe"),
    ("utf-16-be", b"\xfe\xff"),
    ("utf-32", b""),
    ("utf-32-be", b"\x00\x00\xfe\xff"),
]


def run(*args: str) -> Result:
    return CliRunner().invoke(app, ["check", "--offline", *args])


def notes(result: Result) -> list[str]:
    return [line for line in result.stderr.splitlines() if line.startswith("nrdeck: note:")]


def write_in(path: Path, deck: Path, encoding: str, bom: bytes) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(bom + deck.read_text(encoding="utf-8").encode(encoding))
    return path


@pytest.mark.parametrize(("encoding", "bom"), MARKED, ids=[e for e, _ in MARKED])
def test_text_with_a_byte_order_mark_is_read_named_or_found(
    tmp_path: Path, encoding: str, bom: bytes
) -> None:
    write_in(tmp_path / "decks" / "zahya.txt", LEGAL, encoding, bom)
    write_in(tmp_path / "decks" / "hb.txt", ILLEGAL, encoding, bom)
    found = run(str(tmp_path / "decks"))
    assert found.exit_code == ExitCode.ILLEGAL, found.output
    assert tally(found.stderr) == (2, 1, 1)
    assert "4 copies of Hedge Fund" in found.stdout  # read as written
    named = run(str(tmp_path / "decks" / "zahya.txt"))
    assert named.exit_code == ExitCode.OK, named.output


def test_a_roster_and_a_format_file_with_a_byte_order_mark_are_read_too(tmp_path: Path) -> None:
    shutil.copy(LEGAL, tmp_path / "zahya.txt")
    shutil.copy(ILLEGAL, tmp_path / "hb.txt")
    roster = tmp_path / "roster.csv"
    roster.write_text("player,corp,runner\nAna,hb.txt,zahya.txt\n", encoding="utf-16")
    result = CliRunner().invoke(app, ["event", str(roster), "--offline", "--output-format", "csv"])
    assert result.exit_code == ExitCode.ILLEGAL, result.output  # the roster read; hb.txt illegal
    assert "Ana" in result.stdout and "Zahya Sadeghi" in result.stdout
    league = tmp_path / "league.toml"
    league.write_text('name = "League"\nbase = "standard"\n', encoding="utf-8-sig")
    checked = run(str(tmp_path / "zahya.txt"), "--format-file", str(league))
    assert checked.exit_code == ExitCode.OK, checked.output


@pytest.mark.parametrize(
    ("content", "says"),
    [
        (b"\x00\x01\x02\x03Hedge Fund\x00", "is a binary file, not a decklist"),
        (b"\xff\xfe3\x00x\x00 \x00\x00\xd8", "begins as UTF-16 text but is not"),
        (b"3x Hedge Fund \x81\x8d\x8f\n", "neither UTF-8 nor cp1252"),
    ],
    ids=["binary", "broken-utf-16", "no-encoding"],
)
def test_a_deck_file_that_cannot_be_read_is_that_decks_problem_never_a_note(
    tmp_path: Path, content: bytes, says: str
) -> None:
    shutil.copy(LEGAL, tmp_path / "zahya.txt")
    (tmp_path / "saved-wrong.txt").write_bytes(content)
    result = run(str(tmp_path))
    assert result.exit_code == ExitCode.ILLEGAL, result.output
    assert says in result.stdout
    assert tally(result.stderr) == (2, 1, 1)
    assert notes(result) == []
    # one problem says why it was not read; no rule piles on (no identity-missing)
    assert "identity-missing" not in result.stdout
    assert result.stdout.count("✗ parse-error") == 1


@pytest.mark.parametrize("content", [b"", b" \n\t\r\n", b"\x00\x01\x02binary\x00"])
def test_an_empty_or_binary_file_named_gets_one_problem(tmp_path: Path, content: bytes) -> None:
    deck = tmp_path / "deck.txt"
    deck.write_bytes(content)
    result = run(str(deck), "--output-format", "json")
    assert result.exit_code == ExitCode.ILLEGAL, result.output
    assert '"identity-missing"' not in result.stdout
    assert result.stdout.count('"code": "parse-error"') == 1


@POSIX
def test_what_cannot_be_a_deck_file_is_skipped_with_a_note_unopened(tmp_path: Path) -> None:
    decks = tmp_path / "decks"
    decks.mkdir()
    shutil.copy(LEGAL, decks / "zahya.txt")
    (decks / "submodule.txt").symlink_to(tmp_path / "not-checked-out" / "deck.txt")
    (decks / "loop.txt").symlink_to(decks / "loop.txt")
    os.mkfifo(decks / "pipe.txt")
    (decks / "null.txt").symlink_to(os.devnull)
    sock = socket.socket(socket.AF_UNIX)
    sock_path = decks / "s.txt"
    try:
        sock.bind(str(sock_path))
    except OSError:  # a path too long for a socket: the others still tell
        sock_path = None
    result = run(str(decks))
    sock.close()
    assert result.exit_code == ExitCode.OK, result.output
    assert tally(result.stderr) == (1, 1, 0)
    why = skipped(result.stderr)
    expected = {"submodule.txt", "loop.txt", "pipe.txt", "null.txt"}
    expected |= {"s.txt"} if sock_path is not None else set()
    assert set(why) == {str(decks / name) for name in expected}
    assert "symbolic link" in why[str(decks / "submodule.txt")]
    assert "not there" in why[str(decks / "submodule.txt")]
    assert "not a regular file" in why[str(decks / "pipe.txt")]
    assert "not a regular file" in why[str(decks / "null.txt")]


@POSIX
def test_named_on_the_command_line_they_stay_errors(tmp_path: Path) -> None:
    dangling = tmp_path / "submodule.txt"
    dangling.symlink_to(tmp_path / "nowhere.txt")
    result = run(str(dangling))
    assert result.exit_code == ExitCode.USAGE
    assert f"{dangling}: no such file" in result.stderr
    device = run(os.devnull)
    assert device.exit_code == ExitCode.ILLEGAL
    assert "is not a regular file" in device.stdout


def test_paths_holding_no_deck_at_all_are_a_usage_error(tmp_path: Path) -> None:
    (tmp_path / "notes.md").write_text("# Notes\n\nTry the new ice suite.\n", encoding="utf-8")
    (tmp_path / "empty.txt").write_bytes(b"")
    result = run(str(tmp_path), "--output-format", "github")
    assert result.exit_code == ExitCode.USAGE, result.output
    assert result.stdout == ""
    [error] = lines_with(result.stderr, "nrdeck: error: ")
    assert f"no decklist in {tmp_path}: " in error  # where
    assert "2 files found skipped" in error  # and why none was checked
    assert len(notes(result)) == 2  # why each was skipped, even with -q
    quiet = run(str(tmp_path), "-q")
    assert quiet.exit_code == ExitCode.USAGE and len(notes(quiet)) == 2
    empty = tmp_path / "nothing"
    empty.mkdir()
    assert run(str(empty)).exit_code == ExitCode.USAGE


def test_the_pinned_data_and_its_titles_are_never_taken_for_decks(tmp_path: Path) -> None:
    shutil.copy(LEGAL, tmp_path / "zahya.txt")
    data = tmp_path / "cards.json"
    shutil.copy(EXAMPLES.parent / "cards.json", data)
    shutil.copy(EXAMPLES.parent / "cards.titles.json", tmp_path / "cards.titles.json")
    result = run(str(tmp_path), "--data", str(data))
    assert result.exit_code == ExitCode.OK, result.output
    assert "cards" not in result.stdout and notes(result) == []


def test_naming_only_the_pinned_data_as_a_deck_says_no_decklist_without_skipped_notes(
    tmp_path: Path,
) -> None:
    data = tmp_path / "cards.json"
    shutil.copy(EXAMPLES.parent / "cards.json", data)
    result = run(str(data), "--data", str(data))
    assert result.exit_code == ExitCode.USAGE, result.output
    error = [line for line in result.stderr.splitlines() if line.startswith("nrdeck: error:")]
    assert error == [error[0]] and f"no decklist in {data} (" in error[0]
    assert "found skipped" not in result.stderr and notes(result) == []


@pytest.mark.skipif(sys.platform == "win32", reason="a dangling link")
def test_what_a_folder_search_says_reads_as_the_golden_file_says(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # paths named as a user names them, in any checkout
    on = ("--as-of", "2026-06-01")  # no warning that the data is old

    def said(*args: str) -> str:
        result = run(*args, *on)
        return plain(result.stdout + result.stderr, tmp_path)

    decks = Path("decks")
    decks.mkdir()
    shutil.copy(LEGAL, decks / "zahya.txt")
    (decks / "empty.txt").write_bytes(b"")
    (decks / "notes.md").write_text("# Notes\n\nTry the new ice suite.\n", encoding="utf-8")
    (decks / "submodule.txt").symlink_to(tmp_path / "not-checked-out" / "deck.txt")
    (decks / "loop.txt").symlink_to("loop.txt")
    nothing = Path("nothing")
    nothing.mkdir()
    (nothing / "empty.txt").write_bytes(b"")
    (nothing / "notes.md").write_text("# Notes\n", encoding="utf-8")
    cases = [
        ("files skipped in a folder", said("decks")),
        ("a folder holding no decklist", said("nothing")),
        ("a dangling link, named", said("decks/submodule.txt")),
        ("a file in no encoding", said(str(write_bytes("wrong.txt", b"3x Hedge Fund \x81\x8d\n")))),
        (
            "a broken UTF-16 file",
            said(str(write_bytes("u16.txt", b"\xff\xfe3\x00x\x00 \x00\x00\xd8"))),
        ),
    ]
    assert_golden_cases("messages/check-folders.txt", cases, __file__)


def write_bytes(name: str, content: bytes) -> Path:
    Path(name).write_bytes(content)
    return Path(name)
