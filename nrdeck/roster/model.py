"""What every roster reader returns: players, each with a Corp and a Runner deck cell.

Only types: a leaf of the roster package (the sizes a roster may hold are ``limits``'s).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import msgspec
from msgspec import field

from nrdeck.deck import RawDeck

REQUIRED_COLUMNS = ("player", "corp", "runner")


class Cell(msgspec.Struct, frozen=True):
    """One registered deck as the roster holds it: text written in a cell, or a list.

    ``text`` is a file path, a link, pasted decklist text, or empty (no deck); ``listed``
    is a list the roster holds itself (Cobra's frozen copy of a registration).
    """

    text: str = ""
    listed: RawDeck | None = None

    @property
    def empty(self) -> bool:
        """True when the roster registers no deck here."""
        return self.listed is None and not self.text.strip()


class RosterEntry(msgspec.Struct, frozen=True):
    """One registered player: name, the two deck cells, where, and extra columns.

    ``unsided`` holds registered lists whose side the roster does not say (Cobra's CSV
    export of a player with one deck): the event places them by their identity. ``key``
    is the tool's own id for the player, where the roster gives one (Cobra's player id).
    """

    player: str
    corp: Cell = Cell()
    runner: Cell = Cell()
    line: int | None = None
    extra: Mapping[str, str] = field(default_factory=dict)
    unsided: tuple[RawDeck, ...] = ()
    key: str | None = None


class Roster(msgspec.Struct, frozen=True):
    """Every registered player, in roster order, and what the reader noticed."""

    source: str
    folder: Path
    entries: tuple[RosterEntry, ...]
    extra_columns: tuple[str, ...] = ()
    unit: str = "line"  # what RosterEntry.line counts: "line" (CSV) or "entry" (JSON)
    format: str = "csv"
    warnings: tuple[str, ...] = ()


class ReadOptions(msgspec.Struct, frozen=True):
    """How to read a roster: ``columns`` maps player/corp/runner to a CSV header's names."""

    columns: Mapping[str, str] = field(default_factory=dict)
