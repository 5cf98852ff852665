"""The event table as plain text: a layout of nrdeck's own, for a pipe or a file.

Rich lays out and prints a table of 1,000 players in about a second: every cell goes through
its segment pipeline twice (measured, then rendered). Printed without colour, the table is
only text, and this module lays it out from the cells' strings in a fraction of that time,
with Rich's public parts only: the width of a string in terminal cells (``rich.cells``) and
the box drawing (``rich.box.HEAVY_HEAD``, a line between rows), so that it looks as the
table Rich draws on a terminal.

The layout:

- each column wants the cells of its longest line, and at least those of its longest word,
  one space of padding each side; a table that fits the page gets what every column wants;
- otherwise the widest columns are narrowed alike to one level, the largest that fits, none
  below its longest word; where the longest words do not all fit, only those longer than an
  even share of the page may be folded (a link, an endless name);
- text wraps at spaces, a word longer than the line is folded; a tab is spaces to the next
  multiple of eight;
- the title over the table, the text before it (the tournament's lines) and after it (the
  actions) wrap at the page's width.

A table whose columns cannot have two cells each on the page is wider than the page.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import msgspec

Cell = tuple[str, str]  # (text, Rich style; "" for none)
PADDING = 2  # one space each side of a cell
LEAST = 2  # the fewest cells of text a column gets (the widest character takes two)
_WORDS = re.compile(r"\s*\S+")  # a word with the spaces before it


class PlainTable(msgspec.Struct, frozen=True):
    """The table report's text: each cell and line with the style Rich gives it."""

    title: str
    headers: tuple[str, ...]
    rows: tuple[tuple[Cell, ...], ...]
    before: tuple[Cell, ...] = ()  # spans of the text printed before the table
    after: tuple[Cell, ...] = ()  # spans of the text printed after it


def plain_layout(table: PlainTable, width: int) -> str:
    """The table report as plain text for a page ``width`` cells wide."""
    columns = [
        [_untab(header), *(_untab(row[i][0]) for row in table.rows)]
        for i, header in enumerate(table.headers)
    ]
    borders = len(columns) + 1
    widths = column_widths(columns, width - borders - PADDING * len(columns))
    table_width = sum(widths) + PADDING * len(widths) + borders
    before = _untab("".join(text for text, _ in table.before))
    after = _untab("".join(text for text, _ in table.after))
    lines = wrap(before.removesuffix("\n"), width) if table.before else []
    lines += wrap(_untab(table.title), table_width)
    lines += _box_lines(columns, widths)
    lines += wrap(after, width)
    return "".join(line.rstrip() + "\n" for line in lines)


def column_widths(columns: Sequence[Sequence[str]], room: int) -> list[int]:
    """Each column's width (text only, padding not counted) in ``room`` cells: what it
    wants, else the widest narrowed alike (see the module's docstring)."""
    wanted = [max([LEAST, *(_longest_line(text) for text in column)]) for column in columns]
    if sum(wanted) <= room:
        return wanted
    words = [max([LEAST, *(_longest_word(text) for text in column)]) for column in columns]
    if sum(words) > room:  # fold the words longer than an even share of the page
        share = room // len(columns)
        words = [word if word <= share else LEAST for word in words]
    return _level(wanted, words, room)


def _level(wanted: list[int], floors: list[int], room: int) -> list[int]:
    """``wanted`` cut down to the highest level that fits ``room`` (never below ``floors``),
    the cells left over given one each to the columns cut, leftmost first."""

    def at(level: int) -> list[int]:
        return [max(floor, min(want, level)) for want, floor in zip(wanted, floors, strict=True)]

    low, high = 0, max(wanted)  # at(high) does not fit; find the highest level that does
    while high - low > 1:
        middle = (low + high) // 2
        low, high = (middle, high) if sum(at(middle)) <= room else (low, middle)
    widths = at(low)
    spare = room - sum(widths)
    for index, want in enumerate(wanted):
        if spare <= 0:
            break
        if widths[index] < want:
            widths[index] += 1
            spare -= 1
    return widths


def cells(text: str) -> int:
    """The width of ``text`` in terminal cells."""
    if text.isascii():
        return len(text)
    from rich.cells import cell_len

    return cell_len(text)


def _longest_line(text: str) -> int:
    return max(cells(line) for line in text.split("\n"))


def _longest_word(text: str) -> int:
    return max([0, *(cells(word) for word in text.split())])


def _untab(text: str) -> str:
    return text.expandtabs(8) if "\t" in text else text


def wrap(text: str, width: int) -> list[str]:
    """``text``'s lines wrapped at spaces to ``width`` cells, a longer word folded."""
    out: list[str] = []
    for line in text.split("\n"):
        out += _wrap_line(line, width) if cells(line) > width else [line]
    return out


def _wrap_line(line: str, width: int) -> list[str]:
    out: list[str] = []
    current, used = "", 0
    for word in _WORDS.findall(line):
        size = cells(word)
        if used + size <= width:
            current, used = current + word, used + size
            continue
        if current:
            out.append(current)
            word = word.lstrip()
            size = cells(word)
        if size > width:
            *whole, word = fold(word, width)
            out += whole
            size = cells(word)
        current, used = word, size
    return [*out, current] if current or not out else out


def fold(word: str, width: int) -> list[str]:
    """``word`` cut into pieces of at most ``width`` cells (a character wider than ``width``
    is a piece of its own)."""
    pieces: list[str] = []
    current, used = "", 0
    for char in word:
        size = cells(char)
        if used + size > width and current:
            pieces.append(current)
            current, used = "", 0
        current, used = current + char, used + size
    return [*pieces, current]


def _cell_lines(text: str, width: int) -> list[str]:
    """A cell's lines: its text wrapped, each line padded to ``width`` and one space each side."""
    return [f" {line}{' ' * (width - cells(line))} " for line in wrap(text, width)]


def _box_lines(columns: list[list[str]], widths: list[int]) -> list[str]:
    """The header and the rows in ``rich.box.HEAVY_HEAD``, with a line between rows."""
    from rich.box import HEAVY_HEAD as box

    padded = [width + PADDING for width in widths]
    rows = len(columns[0])
    out = [box.get_top(padded)]
    for index in range(rows):
        out += _row_lines([column[index] for column in columns], widths, index, rows)
        if index == 0:
            out.append(box.get_row(padded, "head", edge=True))
        elif index < rows - 1:
            out.append(box.get_row(padded, "row", edge=True))
    out.append(box.get_bottom(padded))
    return out


def _row_lines(texts: list[str], widths: list[int], index: int, rows: int) -> list[str]:
    """One row's lines: the header sits on its bottom line, a player's cells on their top one."""
    from rich.box import HEAVY_HEAD as box

    lines = [_cell_lines(text, width) for text, width in zip(texts, widths, strict=True)]
    height = max(len(cell) for cell in lines)
    for cell, width in zip(lines, widths, strict=True):
        blank = [" " * (width + PADDING)] * (height - len(cell))
        if index == 0:
            cell[:0] = blank
        else:
            cell += blank
    if index == 0:
        left, divider, right = box.head_left, box.head_vertical, box.head_right
    elif index == rows - 1:
        left, divider, right = box.foot_left, box.foot_vertical, box.foot_right
    else:
        left, divider, right = box.mid_left, box.mid_vertical, box.mid_right
    return [left + divider.join(parts) + right for parts in zip(*lines, strict=True)]
