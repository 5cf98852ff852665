"""The event table printed plain (to a pipe, to a file): every player, aligned, on the page.

Where the table is not coloured, ``nrdeck event`` lays it out itself (Rich takes about a
second on 1,000 players): a row per player, the columns in line, within the page's 120 cells;
a file holds what a pipe shows. ``tests/unit/report/event/test_plaintable.py`` holds the layout.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from rich.cells import cell_len
from typer.testing import CliRunner, Result

from nrdeck.cli import app
from nrdeck.cli.output import TABLE_WIDTH
from nrdeck.errors import ExitCode
from tests.paths import FIXTURES

DECKS = FIXTURES / "event" / "decks"
PLAYERS = 40
CORNERS = "┏┳┓┡╇┩├┼┤└┴┘┃│"


@pytest.fixture
def roster(tmp_path: Path) -> Path:
    """Forty players with their own decks, one in eight with an illegal Runner deck, and a
    table number: the problems, the identical lists and the extra column fill the page."""
    rows = ["player,corp,runner,table"]
    for n in range(PLAYERS):
        runner = "sg-catalyst-4-carmen.txt" if n % 8 == 7 else "sg-catalyst.txt"
        shutil.copy(DECKS / "sg-syndicate.txt", tmp_path / f"p{n:02d}-corp.txt")
        shutil.copy(DECKS / runner, tmp_path / f"p{n:02d}-runner.txt")
        rows.append(f"Player {n:02d} ナンバー,p{n:02d}-corp.txt,p{n:02d}-runner.txt,{n // 2}")
    path = tmp_path / "roster.csv"
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return path


def event(*args: str) -> Result:
    return CliRunner().invoke(app, ["event", *args, "--format", "system_gateway", "--offline"])


def _box(text: str) -> list[str]:
    lines = text.splitlines()
    top = next(i for i, line in enumerate(lines) if line.startswith("┏"))
    bottom = next(i for i, line in enumerate(lines) if line.startswith("└"))
    return lines[top : bottom + 1]


def _first_column(box: list[str]) -> list[str]:
    """The text of the first column's first line in each row."""
    pairs = zip(box[1:], box[:-1], strict=True)
    return [line.split("│")[1].strip() for line, above in pairs if above[0] in "┡├"]


def assert_laid_out(text: str, players: list[str]) -> None:
    box = _box(text)
    dividers = {tuple(cell_len(ln[:i]) for i, c in enumerate(ln) if c in CORNERS) for ln in box}
    assert len(dividers) == 1  # every divider of every line in line
    assert max(cell_len(line) for line in text.splitlines()) <= TABLE_WIDTH
    assert sorted(_first_column(box)) == sorted(players)


@pytest.mark.parametrize("quiet", [False, True])
def test_the_table_on_a_pipe_has_a_row_per_player_in_line(roster: Path, quiet: bool) -> None:
    plain = event(str(roster), *(["-q"] if quiet else []))
    assert plain.exit_code == ExitCode.ILLEGAL, plain.stderr
    shown = range(7, PLAYERS, 8) if quiet else range(PLAYERS)  # -q: who must act
    assert_laid_out(plain.stdout, [f"Player {n:02d} ナンバー" for n in shown])


def test_the_table_in_a_file_is_the_one_a_pipe_shows(roster: Path, tmp_path: Path) -> None:
    written = tmp_path / "table.txt"
    assert event(str(roster), "-o", str(written)).exit_code == ExitCode.ILLEGAL
    assert written.read_text(encoding="utf-8") == event(str(roster)).stdout
