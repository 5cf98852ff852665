"""CLI wiring of `nrdeck event`: the progress bar goes to stderr, only when allowed."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from nrdeck.cli import app
from tests.paths import FIXTURES

DECKS = FIXTURES / "event" / "decks"
runner = CliRunner()


@pytest.fixture
def roster(tmp_path: Path) -> Path:
    shutil.copytree(DECKS, tmp_path / "decks")
    path = tmp_path / "r.csv"
    path.write_text("player,corp,runner\nAna,decks/sg-syndicate.txt,decks/sg-catalyst.txt\n")
    return path


@pytest.mark.parametrize(
    ("terminal", "quiet", "shown"),
    [(True, False, True), (True, True, False), (False, False, False)],
)
def test_progress_bar_on_stderr_only_on_a_terminal_and_not_quiet(
    roster: Path, monkeypatch: pytest.MonkeyPatch, terminal: bool, quiet: bool, shown: bool
) -> None:
    monkeypatch.setattr("nrdeck.cli.event.live_widgets_allowed", lambda q: terminal and not q)
    args = ["event", str(roster), "--format", "system_gateway", "--color", "always"]
    result = runner.invoke(app, args + (["-q"] if quiet else []))
    assert result.exit_code == 0, result.stderr
    assert ("checking decks" in result.stderr) is shown
    assert "checking decks" not in result.stdout


def test_as_of_must_be_a_date(roster: Path) -> None:
    result = runner.invoke(app, ["event", str(roster), "--as-of", "next friday"])
    assert result.exit_code == 2
    assert "--as-of 'next friday'" in result.stderr and "YYYY-MM-DD" in result.stderr


def test_as_of_selects_the_period(roster: Path) -> None:
    args = ["event", str(roster), "--format", "system_gateway", "--as-of", "2024-06-01"]
    result = runner.invoke(app, [*args, "--output-format", "json"])
    assert result.exit_code == 0, result.stderr
    assert '"as_of": "2024-06-01"' in result.stdout


def test_help_names_the_options() -> None:
    result = runner.invoke(app, ["event", "--help"])
    assert result.exit_code == 0
    for option in ("--changed-since", "--output-format", "--as-of", "--offline", "--quiet"):
        assert option in result.stdout
