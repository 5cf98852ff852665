"""The event table's plain layout is, character for character, what Rich prints for it.

Tables of every shape are laid out both ways: long words that fold, wide (CJK) characters
and emoji, empty cells, multi-line problems with blank lines, leading and trailing spaces,
many extra columns (the columns collapse to the page, as a last resort evenly), pages from
40 to 160 cells, no rows at all, text before and after the table.
"""

from __future__ import annotations

import io
import random

import pytest
from rich.console import Console

from nrdeck.report.event.plaintable import Cell, PlainTable, plain_layout
from nrdeck.report.event.table import rich_table

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


def rich_prints(table: PlainTable, width: int) -> str:
    """What Rich prints for the table on a console without colour, as the CLI's."""
    buffer = io.StringIO()
    console = Console(file=buffer, no_color=True, width=width, force_terminal=False)
    console.print(rich_table(table), soft_wrap=False, highlight=False)
    return buffer.getvalue()


@pytest.mark.parametrize("seed", range(120))
def test_the_plain_layout_is_what_rich_prints(seed: int) -> None:
    table = _table(seed)
    laid_out = 0
    for width in WIDTHS:
        plain = plain_layout(table, width)
        if plain is not None:
            assert plain == rich_prints(table, width), f"seed {seed}, width {width}"
            laid_out += 1
    assert laid_out >= 1 if len(table.headers) < 10 else True


def test_columns_of_one_width_are_reduced_alike() -> None:
    """Columns that cannot be told apart by width are narrowed evenly (Rich's last resort)."""
    same = "every column holds the same words"
    headers = ("Player", "a", "b", "c", "Status", "Corp", "Runner", "Problems")
    rows = (tuple((same, "") for _ in headers),) * 2
    table = PlainTable(title=same, headers=headers, rows=rows)
    for width in (60, 100, 120):
        plain = plain_layout(table, width)
        assert plain is not None and plain == rich_prints(table, width)


def test_a_tab_is_left_to_rich() -> None:
    cells = (("a\tb", ""), ("", ""), ("", ""), ("", ""), ("", ""))
    headers = ("Player", "Status", "Corp", "Runner", "Problems")
    assert plain_layout(PlainTable(title="t", headers=headers, rows=(cells,)), 120) is None
