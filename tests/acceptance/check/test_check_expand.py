"""Expanding DECK arguments and deciding the run's exit code (nrdeck.app.check)."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from nrdeck.app.inputs.sources import expand_specs
from nrdeck.atomic import write_report
from nrdeck.catalog.records import DataInfo
from nrdeck.errors import ExitCode, UsageError
from nrdeck.results.check import CheckReport, CheckResult, DeckOutcome
from tests.builders import checked_outcome as checked
from tests.builders import (
    illegal_result,
    legal_result,
    unavailable_outcome,
)

UUID = "7a6b0d6e-1111-4000-8000-000000000000"


def _touch(path: Path) -> str:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("Sure Gamble\n", encoding="utf-8")
    return str(path)


def test_folders_files_globs_links_and_stdin_keep_order_without_duplicates(
    tmp_path: Path,
) -> None:
    a = _touch(tmp_path / "d" / "a.txt")
    b = _touch(tmp_path / "d" / "sub" / "b.o8d")
    _touch(tmp_path / "d" / ".hidden" / "c.txt")
    _touch(tmp_path / "d" / ".dot.txt")
    _touch(tmp_path / "d" / "README.md")
    _touch(tmp_path / "d" / "image.png")
    c = _touch(tmp_path / "e" / "c.deck")
    got = expand_specs([str(tmp_path / "e" / "*.deck"), str(tmp_path / "d"), a, UUID, "-", UUID])
    assert got == [c, a, b, UUID, "-"]


def test_the_pinned_data_file_is_not_a_deck(tmp_path: Path) -> None:
    deck = _touch(tmp_path / "a.txt")
    pinned = _touch(tmp_path / "cards.json")
    assert expand_specs([str(tmp_path)], exclude=Path(pinned)) == [deck]
    assert expand_specs([deck, pinned], exclude=Path(pinned)) == [deck]


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("missing.txt", "no such file"),
        ("*.nothing", "no file matches"),
        ("", "empty DECK argument"),
    ],
)
def test_specs_that_name_nothing_are_usage_errors(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, spec: str, message: str
) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(UsageError, match=message):
        expand_specs([spec])


def test_an_empty_folder_and_no_specs_are_usage_errors(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="no decklists in this folder"):
        expand_specs([str(tmp_path)])
    with pytest.raises(UsageError, match="no decks given"):
        expand_specs([])


def _run(*decks: CheckResult | DeckOutcome) -> CheckReport:
    outcomes = tuple(d if isinstance(d, DeckOutcome) else checked(d) for d in decks)
    return CheckReport(outcomes=outcomes, data=DataInfo(kind="bundled", source="x"))


def test_exit_code_findings_outrank_unavailable_decks() -> None:
    assert _run(legal_result()).exit_code == ExitCode.OK
    assert _run(legal_result(), unavailable_outcome()).exit_code == ExitCode.UNAVAILABLE
    assert _run(unavailable_outcome(), illegal_result()).exit_code == ExitCode.ILLEGAL
    warning_only = msgspec.structs.replace(illegal_result(), problems=illegal_result().problems[3:])
    assert _run(warning_only).exit_code == ExitCode.OK  # warnings never make a deck illegal


def test_write_atomic_replaces_the_file_and_leaves_no_temp(tmp_path: Path) -> None:
    target = tmp_path / "report.json"
    target.write_text("old", encoding="utf-8")
    write_report(target, "new ✓\n")
    assert target.read_text(encoding="utf-8") == "new ✓\n"
    assert [p.name for p in tmp_path.iterdir()] == ["report.json"]
