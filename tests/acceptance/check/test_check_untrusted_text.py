"""Nothing from a decklist reaches the terminal raw: escape sequences in deck and file names,
card lines and messages are shown escaped in every human-facing output (text, stats, GitHub,
JUnit, warnings, notes, summaries, convert's problems), Rich never reads them as markup, and
JSON keeps the exact text.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from nrdeck.cli import app
from tests.paths import ROOT

LEGAL = ROOT / "data" / "examples" / "standard-zahya.txt"
CLEAR = "\x1b[2J"
TITLE = "\x1b]0;owned\x07"
CLIPBOARD = "\x1b]52;c;cm0gLXJmIH4=\x07"
LINK = "\x1b]8;;http:evil.example\x1b\\click\x1b]8;;\x1b\\"  # no "/": a file name holds it
HOSTILE = CLEAR + TITLE + CLIPBOARD + LINK + "\u202e"
MARKUP = "[link=http://evil.example]x[/link][/x][bold red]"


def _without_styles(text: str) -> str:
    """Rich's own colour codes (SGR: ESC [ … m) removed; anything else stays."""
    import re

    return re.sub(r"\x1b\[[0-9;]*m", "", text)


def invoke(*args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(app, list(args), input=input)


def _raw(text: str) -> bool:
    """True when a control or bidi character of the hostile text got through unescaped."""
    return any(c in text for c in ("\x1b", "\x07", "\u202e"))


FILE_MARKUP = "[bold red]x[link=evil]"


@pytest.fixture
def named_deck(tmp_path: Path) -> Path:
    """A Zahya deck whose file name, deck name and one card line hold escape sequences."""
    lines = LEGAL.read_text(encoding="utf-8").splitlines()
    text = "\n".join([f"## {CLEAR}\u202e{MARKUP}", *lines, f"3 Hedge Fund{TITLE}"])
    path = tmp_path / f"deck{HOSTILE}{FILE_MARKUP}.md"
    path.write_text(text + "\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("color", ["never", "always"])
def test_text_output_shows_control_characters_escaped(named_deck: Path, color: str) -> None:
    result = invoke("check", str(named_deck), "--offline", "--color", color)
    assert result.exit_code == 1, result.stderr
    assert not _raw(_without_styles(result.stdout)) and not _raw(result.stderr)
    assert "\\x1b[2J" in result.stdout and "\\x1b]0;owned\\x07" in result.stdout
    assert "\\x1b]52;c;" in result.stdout and "\\x1b]8;;http" in result.stdout
    assert "\\u202e" in result.stdout
    assert FILE_MARKUP in result.stdout  # shown as it is: never read as Rich markup


def test_github_and_junit_show_control_characters_escaped(named_deck: Path) -> None:
    for fmt in ("github", "junit"):
        result = invoke("check", str(named_deck), "--offline", "--output-format", fmt)
        assert result.exit_code == 1, result.stderr
        assert not _raw(result.stdout), fmt
        assert "\\x1b[2J" in result.stdout, fmt


def test_json_keeps_the_exact_text(named_deck: Path) -> None:
    result = invoke("check", str(named_deck), "--offline", "--output-format", "json")
    assert "\x1b" not in result.stdout  # JSON escapes it (\u001b) ...
    deck = json.loads(result.stdout)["decks"][0]
    assert deck["source"] == str(named_deck)  # ... and a JSON reader gets it back exactly
    assert deck["name"] == f"{CLEAR}\u202e{MARKUP}"


@pytest.mark.parametrize("color", ["never", "always"])
def test_stats_tables_never_read_names_as_markup(
    named_deck: Path, color: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(named_deck.parent)  # where the table wraps is not where pytest's tmp is
    result = invoke("stats", named_deck.name, "--offline", "--color", color)
    assert result.exit_code == 0, result.stderr
    shown = result.stdout if color == "never" else _without_styles(result.stdout)
    assert not _raw(shown)
    assert "\\x1b[2J" in shown
    assert "[bold" in shown and "red]x[link=evil].md" in shown  # wrapped, but never markup


def test_convert_problems_on_stderr_are_escaped(named_deck: Path) -> None:
    result = invoke("convert", str(named_deck), "--to", "jinteki", "--offline")
    assert result.exit_code == 1
    assert "unknown-card" in result.stderr
    assert not _raw(result.stderr) and "\\x1b[2J" in result.stderr


def test_notes_warnings_and_summary_are_escaped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "decks"
    folder.mkdir()
    shutil.copy(LEGAL, folder / "zahya.txt")
    (folder / f"notes{CLEAR}.txt").write_text("just some notes\n", encoding="utf-8")
    pinned = tmp_path / f"cards{TITLE}.json"
    shutil.copy(ROOT / "data" / "cards.json", pinned)

    import msgspec

    import nrdeck.app.check
    from nrdeck.catalog import CardDB

    real = nrdeck.app.check.load_database

    def with_warning(settings: object) -> CardDB:
        db = real(settings)  # type: ignore[arg-type]
        db.info = msgspec.structs.replace(db.info, warnings=(f"cache {CLIPBOARD} damaged",))
        return db

    monkeypatch.setattr(nrdeck.app.check, "load_database", with_warning)
    result = invoke("check", str(folder), "--data", str(pinned))
    assert result.exit_code == 0, result.stdout + result.stderr
    assert not _raw(result.stderr) and not _raw(result.stdout)
    assert "nrdeck: note: skipped " in result.stderr and "notes\\x1b[2J.txt" in result.stderr
    assert "nrdeck: warning: cache \\x1b]52;" in result.stderr
    assert "card data: pinned file " in result.stderr and "cards\\x1b]0;owned" in result.stderr


def test_error_lines_are_escaped(tmp_path: Path) -> None:
    missing = tmp_path / f"missing{CLEAR}.txt"
    result = invoke("check", str(missing), "--offline")
    assert result.exit_code == 2
    assert not _raw(result.stderr) and "missing\\x1b[2J.txt" in result.stderr


def test_data_status_shows_a_hostile_file_name_escaped(tmp_path: Path) -> None:
    pinned = tmp_path / f"cards{CLEAR}{TITLE}.json"
    shutil.copy(ROOT / "data" / "cards.json", pinned)
    result = invoke("data", "status", "--data", str(pinned))
    assert result.exit_code == 0, result.stderr
    assert not _raw(result.stdout) and "cards\\x1b[2J\\x1b]0;owned\\x07.json" in result.stdout


def test_data_commands_print_paths_plainly(cards_json: Path, tmp_path: Path) -> None:
    out = tmp_path / f"[bold red]built{CLEAR}.json"
    result = invoke("data", "build", "--from", str(cards_json), "--out", str(out))
    assert result.exit_code == 0, result.stderr
    assert result.stderr.startswith(f"wrote {tmp_path}/[bold red]built\\x1b[2J.json (")


def test_github_names_a_file_with_a_line_break_as_its_toolkit_escapes_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    deck = tmp_path / "odd\nname, 100%: x.txt"
    deck.write_text("3 Hedge Fund\n", encoding="utf-8")
    result = invoke("check", str(deck), "--offline", "--output-format", "github")
    assert result.exit_code == 1, result.stderr
    named = {line.split(",", 1)[0] for line in result.stdout.splitlines()}
    assert named == {"::error file=odd%0Aname%2C 100%25%3A x.txt"}
