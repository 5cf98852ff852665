"""The event table printed plain (to a pipe, to a file) is the table Rich prints.

Where the table is not coloured, ``nrdeck event`` lays it out itself (Rich takes about half a
second on 1,000 players): the output is the same, character for character, as Rich's own.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from nrdeck.cli import app
from nrdeck.errors import ExitCode
from nrdeck.report.event.table import EventTable
from tests.paths import FIXTURES

DECKS = FIXTURES / "event" / "decks"


@pytest.fixture
def roster(tmp_path: Path) -> Path:
    """Forty players with their own decks, one in eight with an illegal Runner deck, and a
    table number: the problems, the identical lists and the extra column fill the page."""
    rows = ["player,corp,runner,table"]
    for n in range(40):
        runner = "sg-catalyst-4-carmen.txt" if n % 8 == 7 else "sg-catalyst.txt"
        shutil.copy(DECKS / "sg-syndicate.txt", tmp_path / f"p{n:02d}-corp.txt")
        shutil.copy(DECKS / runner, tmp_path / f"p{n:02d}-runner.txt")
        rows.append(f"Player {n:02d} ナンバー,p{n:02d}-corp.txt,p{n:02d}-runner.txt,{n // 2}")
    path = tmp_path / "roster.csv"
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return path


def event(*args: str) -> Result:
    return CliRunner().invoke(app, ["event", *args, "--format", "system_gateway", "--offline"])


def rich_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """Leave every table to Rich."""
    monkeypatch.setattr(EventTable, "plain_layout", lambda self, width: None)


@pytest.mark.parametrize("quiet", [False, True])
def test_the_table_on_a_pipe_is_the_one_rich_prints(
    roster: Path, monkeypatch: pytest.MonkeyPatch, quiet: bool
) -> None:
    args = (str(roster), *(["-q"] if quiet else []))
    plain = event(*args)
    assert plain.exit_code == ExitCode.ILLEGAL, plain.stderr
    assert "┏━" in plain.stdout and "Player 07 ナンバー" in plain.stdout
    rich_only(monkeypatch)
    assert event(*args).stdout == plain.stdout


def test_the_table_in_a_file_is_the_one_rich_writes(
    roster: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    plain, by_rich = tmp_path / "plain.txt", tmp_path / "rich.txt"
    assert event(str(roster), "-o", str(plain)).exit_code == ExitCode.ILLEGAL
    rich_only(monkeypatch)
    assert event(str(roster), "-o", str(by_rich)).exit_code == ExitCode.ILLEGAL
    assert plain.read_text(encoding="utf-8") == by_rich.read_text(encoding="utf-8")
