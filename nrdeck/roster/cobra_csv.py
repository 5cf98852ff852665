"""Cobra's "Decks spreadsheet" CSV: every deck three columns wide, side by side.

Rows ``Player,<name>,`` / ``Deck,<name>,`` / ``Min,Identity,Max`` and its values /
``Qty,Card Name,Inf`` and a row per card / a final ``Totals`` row; an empty column between
decks (a deck every 4 columns). Cobra writes a player's decks Corp then Runner, but the
sheet does not say which is which: a player's two lists go Corp then Runner, and a lone list
is left for the event to place by its identity.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

from nrdeck.deck import RawDeck, RawLine
from nrdeck.errors import UsageError
from nrdeck.problems import Location, Problem
from nrdeck.quoting import excerpt
from nrdeck.roster.cobra_json import compose
from nrdeck.roster.limits import MAX_NUMBER_CHARS, long_number, some_entries
from nrdeck.roster.model import Cell, ReadOptions, Roster, RosterEntry

STRIDE = 4  # Qty, Card Name, Inf, then an empty column
_HINT = "expected Cobra's 'Decks spreadsheet' export (rows Player, Deck, Min/Identity/Max, Qty)"


def is_cobra_csv(text: str) -> bool:
    """True when the first non-empty row starts with ``Player`` and the next with ``Deck``."""
    rows = [line for line in text.removeprefix("\ufeff").splitlines() if line.strip()][:2]
    return len(rows) == 2 and rows[0].startswith("Player,") and rows[1].startswith("Deck,")


class _Sheet:
    """The decks of the sheet as they are read, column block by column block."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.players: list[str] = []
        self.names: list[str] = []
        self.identities: list[tuple[str, int]] = []
        self.cards: list[list[RawLine]] = []
        self.problems: list[list[Problem]] = []

    def blocks(self, row: list[str]) -> list[list[str]]:
        return [
            row[i : i + 3] + [""] * (3 - len(row[i : i + 3])) for i in range(0, len(row), STRIDE)
        ]

    def read(self, rows: list[tuple[int, list[str]]]) -> None:
        state = ""
        for line, row in rows:
            first = row[0].strip() if row else ""
            if first in ("Player", "Deck") and state != "cards":
                values = [compose(b[1].strip()) for b in self.blocks(row) if b[0].strip() == first]
                (self.players if first == "Player" else self.names).extend(values)
            elif first == "Min" and len(row) > 1 and row[1].strip() == "Identity":
                state = "identity"
            elif state == "identity" and any(c.strip() for c in row):
                self.identities = [(compose(b[1].strip()), line) for b in self.blocks(row)]
                state = ""
            elif first == "Qty":
                state = "cards"
                self.cards = [[] for _ in self.players]
                self.problems = [[] for _ in self.players]
            elif state == "cards":
                if any(b[1].strip() == "Totals" for b in self.blocks(row)):
                    return
                self._card_row(line, row)

    def _card_row(self, line: int, row: list[str]) -> None:
        for index, (qty, title, _inf) in enumerate(self.blocks(row)[: len(self.players)]):
            if not qty.strip() and not title.strip():
                continue
            digits = qty.strip()
            if len(digits) > MAX_NUMBER_CHARS:
                raise long_number(digits, self.source, line)
            if not (digits.isascii() and digits.isdigit()) or not 1 <= _copies(digits) <= 99:
                message = f"line {line}: {excerpt(digits)} is not a number of copies (1–99)"
                where = Location(self.source, line)
                self.problems[index].append(Problem("parse-error", message, location=where))
                continue
            self.cards[index].append(RawLine(int(digits), line, title=compose(title.strip())))

    def decks(self) -> list[tuple[str, RawDeck]]:
        if not self.players or len(self.identities) < len(self.players):
            raise UsageError(f"{self.source}: no decks found", hint=_HINT)
        found = []
        for index, player in enumerate(self.players):
            title, line = self.identities[index]
            lines = [RawLine(1, line, title=title, identity=True)] if title else []
            lines += self.cards[index] if index < len(self.cards) else []
            name = self.names[index] if index < len(self.names) else None
            problems = tuple(self.problems[index]) if index < len(self.problems) else ()
            raw = RawDeck(self.source, "cobra-csv", tuple(lines), name=name, problems=problems)
            found.append((player, raw))
        return found


def _copies(digits: str) -> int:
    """The number ``digits`` write (0 for one too long to be a number of copies)."""
    return int(digits) if len(digits) <= 4 else 0


def read_cobra_csv(text: str, source: str, folder: Path, options: ReadOptions) -> Roster:
    """A player per name, in sheet order; two lists go Corp then Runner."""
    reader = csv.reader(io.StringIO(text.removeprefix("\ufeff"), newline=""))
    rows: list[tuple[int, list[str]]] = []
    try:
        start = 1
        for row in reader:
            rows.append((start, row))
            start = reader.line_num + 1
    except csv.Error as err:
        raise UsageError(f"{source}: line {reader.line_num}: malformed CSV: {err}") from None
    sheet = _Sheet(source)
    sheet.read(rows)
    grouped: dict[str, list[RawDeck]] = {}
    for player, raw in sheet.decks():
        grouped.setdefault(player, []).append(raw)
    entries = [_entry(player or "(no name)", decks) for player, decks in grouped.items()]
    return Roster(source, folder, some_entries(entries, source), unit="entry", format="cobra-csv")


def _entry(player: str, decks: list[RawDeck]) -> RosterEntry:
    if len(decks) == 2:
        return RosterEntry(player, Cell(listed=decks[0]), Cell(listed=decks[1]))
    return RosterEntry(player, unsided=tuple(decks))
