"""Sane sizes for what a roster holds: numbers, names and cells past them are refused.

A roster a tool wrote never holds a number hundreds of digits long (Python refuses to read
one past 4,300 digits), a player called by a megabyte of text, or a cell bigger than a
decklist. Every reader decodes JSON with ``decode_json`` and hands its entries to
``some_entries`` (which has ``check_sizes`` look at them), so such a roster is one clear
usage error naming the file and the place, never an internal error or an hour of rendering.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from nrdeck.errors import UsageError
from nrdeck.jsondepth import require_shallow
from nrdeck.roster.model import RosterEntry

if TYPE_CHECKING:
    from nrdeck.deck import RawDeck

MAX_NUMBER_CHARS = 32  # a JSON number: ids, ranks, quantities and tables are far shorter
MAX_NAME_CHARS = 500  # a player, deck or card name, a column's name
MAX_CELL_CHARS = 131_072  # a cell (a link, a path, a pasted decklist): CSV's field limit
_HINT = "the file is not a roster a tournament tool wrote: check it, or export it again"


class NumberTooLong(ValueError):
    """A JSON number longer than ``MAX_NUMBER_CHARS`` characters (``text``: the number)."""

    def __init__(self, text: str) -> None:
        super().__init__(f"a number {len(text):,} characters long")
        self.text = text


def _number(text: str) -> str:
    if len(text) > MAX_NUMBER_CHARS:
        raise NumberTooLong(text)
    return text


def _int(text: str) -> int:
    return int(_number(text))


def _float(text: str) -> float:
    return float(_number(text))


def decode_json(text: str) -> Any:
    """``json.loads`` that refuses numbers past ``MAX_NUMBER_CHARS`` (``NumberTooLong``) and
    nesting past nrdeck's limit (``JsonTooDeep``, a RecursionError), the same on every Python."""
    require_shallow(text)
    return json.loads(text, parse_int=_int, parse_float=_float)


def number_error(err: NumberTooLong, text: str, source: str) -> UsageError:
    """The usage error for a JSON number too long: the file, the line it starts on."""
    line = text.count("\n", 0, max(0, text.find(err.text))) + 1
    return long_number(err.text, source, line)


def long_number(number: str, source: str, line: int) -> UsageError:
    """'roster.json: line 3: a number 5,000 characters long (999999999999…): …'."""
    return UsageError(
        f"{source}: line {line}: a number {len(number):,} characters long ({number[:12]}…): "
        f"roster numbers are at most {MAX_NUMBER_CHARS} characters",
        hint=_HINT,
    )


def some_entries(
    entries: list[RosterEntry], source: str, unit: str = "entry"
) -> tuple[RosterEntry, ...]:
    """The entries, or a usage error for a roster without players or with a name or cell
    past its sane size (``unit``: what an entry's ``line`` counts, ``line`` or ``entry``)."""
    if not entries:
        raise UsageError(f"{source}: the roster has no players", hint="add a row per player")
    check_sizes(entries, source, unit)
    return tuple(entries)


def check_sizes(entries: Iterable[RosterEntry], source: str, unit: str) -> None:
    """A usage error naming the first name or cell past its size (``unit``: line or entry)."""
    for entry in entries:
        where = f"{source}: {unit} {entry.line}" if entry.line else source
        _text(entry.player, MAX_NAME_CHARS, f"{where}: the player name")
        for column, cell in (("corp", entry.corp), ("runner", entry.runner)):
            _text(cell.text, MAX_CELL_CHARS, f"{where}: the {column} cell")
        for key, value in entry.extra.items():
            _text(key, MAX_NAME_CHARS, f"{where}: a column name")
            _text(value, MAX_CELL_CHARS, f"{where}: the {key[:40]!r} cell")
        decks = [("Corp", entry.corp.listed), ("Runner", entry.runner.listed)]
        decks += [("", raw) for raw in entry.unsided]
        for side, raw in decks:
            if raw is not None:
                _listed(raw, f"{where}: {f'the {side} deck' if side else 'a deck'}")


def _listed(raw: RawDeck, where: str) -> None:
    _text(raw.name or "", MAX_NAME_CHARS, f"{where}: its name")
    for position, line in enumerate(raw.lines, start=1):
        for value in (line.title, line.code, line.card_id):
            _text(value or "", MAX_NAME_CHARS, f"{where}: line {position}")


def _text(value: str, limit: int, what: str) -> None:
    if len(value) > limit:
        raise UsageError(
            f"{what} is {len(value):,} characters long (at most {limit:,})", hint=_HINT
        )
