"""A bug is a bug wherever it is: one meaning, ``internal-error`` and exit 4, the others reported.

A fault is injected into a decklist reader, into the rules and into a reporter, and each is run
through ``check``, ``event`` and ``stats``. A reader's bug used to be a ``parse-error`` blaming
the file (exit 1, plus a spurious ``identity-missing``); it now means what any other bug means.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from nrdeck.cli import app
from nrdeck.decklist import PARSER_BY_FORMAT
from nrdeck.errors import ExitCode
from tests.paths import ROOT

GOOD = ROOT / "data" / "examples" / "standard-zahya.txt"
AS_OF = ("--offline", "--as-of", "2026-07-01")
runner = CliRunner()
# what each injected fault raises: a ZeroDivisionError with these words
BUG = {
    "reader": "a bug in a reader",
    "rules": "a bug in the rules",
    "reporter": "a bug in a reporter",
}


def nrdeck(*args: str) -> Result:
    return runner.invoke(app, list(args))


@pytest.fixture
def decks(tmp_path: Path) -> tuple[Path, Path]:
    """A deck the fault hits (its name says 'broken'), and a good one beside it."""
    broken = tmp_path / "broken.txt"
    broken.write_text(GOOD.read_text(encoding="utf-8"), encoding="utf-8")
    good = tmp_path / "good.txt"
    good.write_text(GOOD.read_text(encoding="utf-8"), encoding="utf-8")
    return broken, good


def _reader_fault(monkeypatch: pytest.MonkeyPatch) -> None:
    parser = PARSER_BY_FORMAT["text"]
    real = parser.parse

    def parse(text: str, source: str) -> Any:
        if "broken" in source:
            raise ZeroDivisionError(BUG["reader"])
        return real(text, source)

    monkeypatch.setattr(parser, "parse", parse)


def _rules_fault(monkeypatch: pytest.MonkeyPatch) -> None:
    import nrdeck.app.check as guarded

    real = guarded.check_deck

    def check_deck(deck: Any, db: Any, in_force: Any) -> Any:
        if "broken" in deck.source:
            raise ZeroDivisionError(BUG["rules"])
        return real(deck, db, in_force)

    monkeypatch.setattr(guarded, "check_deck", check_deck)


FAULTS: dict[str, Callable[[pytest.MonkeyPatch], None]] = {
    "reader": _reader_fault,
    "rules": _rules_fault,
}


@pytest.mark.parametrize("where", sorted(FAULTS))
def test_check_reports_the_bug_on_its_deck_and_the_other_deck(
    where: str, decks: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    FAULTS[where](monkeypatch)
    broken, good = decks
    result = nrdeck("check", str(broken), str(good), *AS_OF, "--output-format", "json")
    assert result.exit_code == ExitCode.INTERNAL
    doc = json.loads(result.stdout)
    first, second = doc["decks"]
    assert [p["code"] for p in first["problems"]] == ["internal-error"]  # nothing spurious
    assert f"ZeroDivisionError: {BUG[where]}" in first["problems"][0]["message"]
    assert second["legal"] is True and doc["summary"]["internal_errors"] == 1
    text = nrdeck("check", str(broken), str(good), *AS_OF)
    assert text.exit_code == ExitCode.INTERNAL
    assert f"✗ {broken} · internal error" in text.stdout and "parse-error" not in text.stdout


@pytest.mark.parametrize("where", sorted(FAULTS))
def test_event_reports_the_bug_on_its_deck_and_the_other_players(
    where: str, decks: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    FAULTS[where](monkeypatch)
    roster = tmp_path / "roster.csv"
    roster.write_text("player,corp,runner\nAna,,broken.txt\nBo,,good.txt\n", encoding="utf-8")
    result = nrdeck("event", str(roster), *AS_OF, "--output-format", "json")
    assert result.exit_code == ExitCode.INTERNAL
    players = {p["player"]: p for p in json.loads(result.stdout)["players"]}
    assert [p["code"] for p in players["Ana"]["runner"]["problems"]] == ["internal-error"]
    assert players["Bo"]["runner"]["status"] == "legal"


@pytest.mark.parametrize("where", sorted(FAULTS))
def test_stats_is_exit_4_with_one_line(
    where: str, decks: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    FAULTS[where](monkeypatch)
    broken, _ = decks
    result = nrdeck("stats", str(broken), *AS_OF)
    assert result.exit_code == ExitCode.INTERNAL
    assert "Traceback" not in result.output and "parse-error" not in result.output
    assert "ZeroDivisionError" in result.stderr and "report" in result.stderr


def _reporter_fault(monkeypatch: pytest.MonkeyPatch, module: str, name: str) -> None:
    import importlib

    target = importlib.import_module(module)

    def broken(*args: object, **kwargs: object) -> str:
        raise ZeroDivisionError(BUG["reporter"])

    monkeypatch.setattr(target, name, broken)


@pytest.mark.parametrize(
    ("command", "module", "name"),
    [
        ("check", "nrdeck.report.check.json", "head_entries"),
        ("stats", "nrdeck.report.stats", "stats_document"),
        ("event", "nrdeck.report.event.json", "_summary"),
    ],
)
def test_a_reporter_bug_is_exit_4_with_one_line(
    command: str,
    module: str,
    name: str,
    decks: tuple[Path, Path],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    _reporter_fault(monkeypatch, module, name)
    _, good = decks
    target = str(good)
    if command == "event":
        roster = tmp_path / "roster.csv"
        roster.write_text("player,corp,runner\nBo,,good.txt\n", encoding="utf-8")
        target = str(roster)
    result = nrdeck(command, target, *AS_OF, "--output-format", "json")
    assert result.exit_code == ExitCode.INTERNAL
    last = result.stderr.strip().splitlines()[-1]
    assert last.startswith("nrdeck: internal error")  # one line, the bug's own words in it
    assert f"ZeroDivisionError: {BUG['reporter']}" in last
    assert "Traceback" not in result.output
