"""The event table's plain layout: every cell's text, aligned columns, within the page.

Tables of every shape are laid out: long words that fold, wide (CJK) characters and emoji,
empty cells, multi-line problems with blank lines, leading and trailing spaces, many extra
columns (narrowed alike to the page), pages from 40 to 160 cells, no rows at all, text
before and after the table. The exact text of one table is a golden file.
"""

from __future__ import annotations

import random
import re

import pytest
from rich.cells import cell_len

from nrdeck.report.event.plaintable import (
    LEAST,
    PADDING,
    Cell,
    PlainTable,
    column_widths,
    plain_layout,
)
from tests.paths import assert_golden

WORDS = [
    "Hedge",
    "Fund",
    "·",
    "✓",
    "✗",
    "Sadeghi:",
    "Versatile",
    "Smuggler",
    "(line 12)",
    "ナンバーワン",
    "渋谷",
    "😀",
    "é",
    "a",
    "",
    "Supercalifragilisticexpialidocious-Longer-Than-Any-Column",
    "https://netrunnerdb.com/en/decklist/7a6b0d6e-1111-4000-8000-000000000000",
    "\\x1b[2J",
    "—",
]
WIDTHS = (40, 60, 80, 100, 120, 160)
SEEDS = range(120)
RULE = re.compile("^[┏┡├└]")  # a line across the table: its top, under the header, between rows
DIVIDERS = "┃│"


def _phrase(rng: random.Random, words: int) -> str:
    text = " ".join(rng.choice(WORDS) for _ in range(words))
    if rng.random() < 0.1:
        text = "  " + text
    if rng.random() < 0.1:
        text += "   "
    return text


def _problems(rng: random.Random) -> str:
    lines = [_phrase(rng, rng.randint(0, 25)) for _ in range(rng.randint(1, 4))]
    if rng.random() < 0.2:
        lines.insert(1, "")
    return "\n".join(lines)


def _table(seed: int) -> PlainTable:
    rng = random.Random(seed)
    extra = [_phrase(rng, rng.randint(1, 3)) for _ in range(rng.choice((0, 0, 1, 2, 6, 14)))]
    headers = ("Player", *extra, "Status", "Corp", "Runner", "Problems")
    rows: list[tuple[Cell, ...]] = []
    for _ in range(rng.choice((0, 1, 3, 12))):
        cells = [(_phrase(rng, rng.randint(1, 4)), "")]
        cells += [(_phrase(rng, rng.randint(0, 3)), "") for _ in extra]
        cells += [("needs fixing", "red"), (_phrase(rng, rng.randint(1, 6)), "green")]
        cells += [(_phrase(rng, rng.randint(1, 6)), "red"), (_problems(rng), "")]
        rows.append(tuple(cells))
    before: tuple[Cell, ...] = ()
    if rng.random() < 0.3:
        before = ((_phrase(rng, 30) + "\n", ""), (_phrase(rng, 5) + "\n", "yellow"))
    actions = "".join("\n- " + _phrase(rng, rng.randint(3, 40)) for _ in range(rng.randint(0, 3)))
    return PlainTable(
        title=_phrase(rng, rng.randint(1, 30)),
        headers=headers,
        rows=tuple(rows),
        before=before,
        after=(("\n", ""), ("3 ready · 1 needs fixing", "bold"), (actions, "")),
    )


def _fits(table: PlainTable, width: int) -> bool:
    """Every column can have its fewest cells on the page."""
    columns = len(table.headers)
    return columns * (LEAST + PADDING + 1) + 1 <= width


def _box(text: str) -> list[str]:
    lines = text.split("\n")
    top = next(i for i, line in enumerate(lines) if line.startswith("┏"))
    bottom = next(i for i, line in enumerate(lines) if line.startswith("└"))
    return lines[top : bottom + 1]


def _blocks(box: list[str]) -> list[list[list[str]]]:
    """The header and each row: for each column, its lines (between the dividers)."""
    blocks: list[list[list[str]]] = []
    for line in box:
        if RULE.match(line):
            blocks.append([])
            continue
        parts = re.split(f"[{DIVIDERS}]", line)[1:-1]
        if not blocks[-1]:
            blocks[-1] = [[] for _ in parts]
        for column, part in zip(blocks[-1], parts, strict=True):
            column.append(part)
    return [block for block in blocks if block]


def _divider_offsets(line: str) -> list[int]:
    return [cell_len(line[:i]) for i, char in enumerate(line) if char in DIVIDERS + "┏┳┓┡╇┩├┼┤└┴┘"]


def _bare(text: str) -> str:
    return "".join(text.split())


@pytest.mark.parametrize("seed", SEEDS)
def test_every_cell_is_in_its_column_and_the_columns_are_aligned(seed: int) -> None:
    table = _table(seed)
    for width in WIDTHS:
        box = _box(plain_layout(table, width))
        offsets = {tuple(_divider_offsets(line)) for line in box}
        assert len(offsets) == 1, f"seed {seed}, width {width}: columns out of line"
        blocks = _blocks(box)
        expected = [table.headers, *((text for text, _ in row) for row in table.rows)]
        assert len(blocks) == len(expected)
        for block, texts in zip(blocks, expected, strict=True):
            assert [_bare("".join(lines)) for lines in block] == [_bare(t) for t in texts]


@pytest.mark.parametrize("seed", SEEDS)
def test_a_table_that_can_fit_the_page_does(seed: int) -> None:
    table = _table(seed)
    for width in WIDTHS:
        laid_out = plain_layout(table, width)
        if _fits(table, width):
            assert max(cell_len(line) for line in laid_out.splitlines()) <= width, (seed, width)
        assert not any(line.endswith(" ") for line in laid_out.splitlines())


def test_a_table_that_fits_keeps_every_line_whole() -> None:
    columns = [["Player", "Ann", "Bob"], ["Problems", "one line\nanother line", ""]]
    assert column_widths(columns, 100) == [6, 12]


def test_words_are_folded_only_where_the_longest_words_cannot_fit() -> None:
    long_words = [["Player", "Supercalifragilistic Ann"], ["Problems", "a b c " * 30]]
    assert column_widths(long_words, 30) == [20, 10]  # the problems wrap, no word is cut
    assert column_widths(long_words, 12) == [6, 6]  # and where they cannot, words are cut


def test_columns_that_want_more_than_the_page_are_narrowed_alike() -> None:
    same = "every column holds the same words " * 3
    widths = column_widths([[same]] * 5, 60)
    assert sum(widths) == 60 and max(widths) - min(widths) <= 1
    narrow_and_wide = [["#", "1"], [same], [same + same]]
    assert column_widths(narrow_and_wide, 61) == [LEAST, 30, 29]


def test_a_tab_is_spaces_to_the_next_stop() -> None:
    cells = (("a\tb", ""), ("", ""), ("", ""), ("", ""), ("", ""))
    headers = ("Player", "Status", "Corp", "Runner", "Problems")
    laid_out = plain_layout(PlainTable(title="t", headers=headers, rows=(cells,)), 120)
    assert "│ a       b │" in laid_out and "\t" not in laid_out


def test_a_table_too_wide_for_any_page_is_laid_out_whole() -> None:
    table = _table(19)
    assert len(table.headers) == 19 and table.rows
    box = _box(plain_layout(table, 40))
    assert len({cell_len(line) for line in box}) == 1
    assert len(_blocks(box)) == 1 + len(table.rows)


def _event() -> PlainTable:
    """A small event: a tournament's lines, a table number, a player who must act."""
    carmen = "Runner: 4 copies of Carmen; the limit is 3 (line 11)"
    same = "Corp: the same list as Player 01 ナンバー's Corp list"
    link = "https://netrunnerdb.com/en/decklist/7a6b0d6e-1111-4000-8000-000000000000"
    rows = (
        ("Player 00 ナンバー", "1", "needs fixing", "✓ p00-corp.txt", "✗ p00-runner.txt", carmen),
        ("Player 01 ナンバー", "1", "ready", "✓ p01-corp.txt", f"✓ {link}", same),
        ("Supercalifragilisticexpialidocious", "2", "ready", "✓ a.txt", "✓ b.txt", "ready"),
    )
    return PlainTable(
        title="roster.csv · System Gateway · as of 2026-01-01",
        headers=("Player", "table", "Status", "Corp", "Runner", "Problems"),
        rows=tuple(tuple((text, "") for text in row) for row in rows),
        before=(("Tournament: Store Championship\tround 1\n", ""), ("a warning\n", "yellow")),
        after=(("\n", ""), ("2 ready · 1 needs fixing", "bold"), (f"\n- Player 00: {carmen}", "")),
    )


def test_the_layout_of_one_table() -> None:
    table = _event()
    laid_out = "".join(f"--- {w} cells ---\n{plain_layout(table, w)}" for w in (40, 60, 120))
    assert_golden("event-table.txt", laid_out, __file__)
