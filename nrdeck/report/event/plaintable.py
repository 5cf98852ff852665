"""The event table as plain text, laid out as Rich lays it out, without Rich's renderer.

Rich prints a large table slowly (benchmarks/README.md): every cell goes through its segment
pipeline twice (measured, then rendered). Printed without colour (to a pipe or a file), the
table is only text, and this module computes the same text from the cells' strings with
Rich's own arithmetic, a few times faster: cell widths, word wrapping and folding
(``rich.cells``, ``rich._wrap``), the columns' measurements and their collapse to the page
(``Table._collapse_widths``, ``rich._ratio``), the heavy-headed box with a line between rows.
What this layout does not model returns None, and Rich renders: a tab (Rich expands it), a
table that cannot fit the page. ``tests/unit/report/test_plaintable.py`` lays out many tables
both ways and compares them character for character.

The table is the one ``report.event.table`` builds: a title (left-justified over the
table's width), a header row, one row per player, every column folding long words, no
fixed widths; text before it (the tournament's lines) and after it (the actions).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import msgspec

Cell = tuple[str, str]  # (text, Rich style; "" for none)
_PADDING = 2  # one space each side of a cell
_TRAILING_SPACE = re.compile(r"\s+$")


class PlainTable(msgspec.Struct, frozen=True):
    """The table report's text: each cell and line with the style Rich gives it."""

    title: str
    headers: tuple[str, ...]
    rows: tuple[tuple[Cell, ...], ...]
    before: tuple[Cell, ...] = ()  # spans of the text printed before the table
    after: tuple[Cell, ...] = ()  # spans of the text printed after it


def plain_layout(table: PlainTable, width: int) -> str | None:
    """The text Rich prints for ``table`` on a console ``width`` cells wide without colour,
    or None where this layout is not certain to match Rich's."""
    columns = [
        [header, *(row[i][0] for row in table.rows)] for i, header in enumerate(table.headers)
    ]
    before = "".join(text for text, _ in table.before)
    after = "".join(text for text, _ in table.after)
    if any("\t" in text for text in (table.title, before, after, *_all(columns))):
        return None
    extra = 2 + len(columns) - 1  # the edges and a divider between each two columns
    widths = column_widths(columns, width - extra)
    table_width = sum(widths) + extra
    if table_width > width or min(widths) <= _PADDING:
        return None
    lines = _text_lines(before, width) if table.before else []
    lines += wrap(table.title, table_width, pad=True)
    lines += _box_lines(columns, widths)
    lines += _text_lines(after, width)
    return "".join(line + "\n" for line in lines)


def _all(columns: list[list[str]]) -> list[str]:
    return [text for column in columns for text in column]


def column_widths(columns: Sequence[Sequence[str]], max_width: int) -> list[int]:
    """Each column's width, padding included, as ``Table._calculate_column_widths`` gives
    it for columns with no fixed width that may wrap, in a table that does not expand."""
    from rich._ratio import ratio_reduce
    from rich.table import Table

    ranges = [[_measure_text(text) for text in column] for column in columns]
    widths = [_column_range(r, max_width)[1] or 1 for r in ranges]
    if sum(widths) > max_width:
        widths = Table._collapse_widths(widths, [True] * len(widths), max_width)
        if sum(widths) > max_width:  # last resort: reduce every column alike
            widths = ratio_reduce(sum(widths) - max_width, [1] * len(widths), widths, widths)
        widths = [_column_range(r, w)[1] or 0 for r, w in zip(ranges, widths, strict=True)]
    return widths


def _measure_text(text: str) -> tuple[int, int]:
    """A ``Text``'s measurement: its longest word, its longest line (in cells)."""
    from rich.cells import cell_len

    lines = text.splitlines()
    longest = max(cell_len(line) for line in lines) if lines else 0
    words = text.split()
    return (max(cell_len(word) for word in words) if words else longest), longest


def _column_range(cells: list[tuple[int, int]], max_width: int) -> tuple[int, int]:
    """``Table._measure_column``: every cell measured as a padded ``Text``, ``max_width``
    wide (``Measurement.get`` of a ``Padding``)."""
    if max_width < 1:
        return 0, 0
    measured = [_padded(cell, max_width) for cell in cells]
    lowest = max(m[0] for m in measured) if measured else 1
    highest = max(m[1] for m in measured) if measured else max_width
    return min(lowest, max_width), min(highest, max_width)


def _padded(text: tuple[int, int], max_width: int) -> tuple[int, int]:
    if max_width - _PADDING < 1:
        return _got((max_width, max_width), max_width)
    low, high = _got(text, max_width)
    return _got((min(low + _PADDING, max_width), min(high + _PADDING, max_width)), max_width)


def _got(measured: tuple[int, int], max_width: int) -> tuple[int, int]:
    """``Measurement.get``'s normalising of a measurement to ``max_width``."""
    if max_width < 1:
        return 0, 0
    low, high = _normal(measured)
    low, high = min(low, max_width), min(high, max_width)
    return (0, 0) if high < 1 else _normal((low, high))


def _normal(measured: tuple[int, int]) -> tuple[int, int]:
    """``Measurement.normalize``."""
    low, high = measured
    low = min(max(0, low), high)
    return max(0, low), max(0, max(low, high))


def wrap(text: str, width: int, *, pad: bool) -> list[str]:
    """``Text.wrap`` folding long words; ``pad``: left-justified (every line ``width`` wide),
    else as written ('default')."""
    from rich._wrap import divide_line
    from rich.cells import cell_len, set_cell_size

    out = []
    for line in text.split("\n"):
        offsets = divide_line(line, width, fold=True)
        for start, end in zip([0, *offsets], [*offsets, len(line)], strict=True):
            piece = line[start:end]
            if len(piece) > width:  # rstrip_end: trailing space past the width goes
                trailing = _TRAILING_SPACE.search(piece)
                if trailing is not None:
                    piece = piece[: len(piece) - min(len(trailing.group(0)), len(piece) - width)]
            length = cell_len(piece)
            if length > width:
                piece = set_cell_size(piece, width)
            elif pad and length < width:
                piece += " " * (width - length)
            out.append(piece)
    return out


def _text_lines(text: str, width: int) -> list[str]:
    """A ``Text`` printed at the console's width (not justified)."""
    return wrap(text, width, pad=False)


def _box_lines(columns: list[list[str]], widths: list[int]) -> list[str]:
    """The table in rich.box.HEAVY_HEAD, with a line between rows (``show_lines``)."""
    from rich.box import HEAVY_HEAD as box

    out = [box.get_top(widths)]
    rows = len(columns[0])
    for index in range(rows):
        cells = [
            _cell_lines(column[index], width) for column, width in zip(columns, widths, strict=True)
        ]
        height = max(len(cell) for cell in cells)
        header = index == 0
        for cell, width in zip(cells, widths, strict=True):
            blank = [" " * width] * (height - len(cell))
            if header:  # a header sits on its bottom line, a row's cell on its top one
                cell[:0] = blank
            else:
                cell += blank
        if header:
            left, divider, right = box.head_left, box.head_vertical, box.head_right
        elif index == rows - 1:
            left, divider, right = box.foot_left, box.foot_vertical, box.foot_right
        else:
            left, divider, right = box.mid_left, box.mid_vertical, box.mid_right
        out += [left + divider.join(line) + right for line in zip(*cells, strict=True)]
        if header:
            out.append(box.get_row(widths, "head", edge=True))
        elif index < rows - 1:
            out.append(box.get_row(widths, "row", edge=True))
    out.append(box.get_bottom(widths))
    return out


def _cell_lines(text: str, width: int) -> list[str]:
    """A cell's lines: its text wrapped and left-justified, one space each side (a line
    cropped short of the width by a wide character is padded, as Rich's lines are)."""
    from rich.cells import set_cell_size

    inner = width - _PADDING
    return [f" {set_cell_size(line, inner)} " for line in wrap(text, inner, pad=True)]
