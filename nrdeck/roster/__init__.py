"""ROSTER FORMATS: what organisers have in hand, one reader module per format.

Cobra's decks JSON and CSV exports, Always Be Running's entries, nrdeck's own JSON list and
any CSV (form sheets, mapped with ``--columns``). Readers take decoded text and return a
``Roster``; they open no file (``nrdeck.app.inputs.roster`` reads the bytes).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path

from nrdeck.errors import UsageError
from nrdeck.roster.abr_json import is_abr_json, read_abr_json
from nrdeck.roster.cobra_csv import is_cobra_csv, read_cobra_csv
from nrdeck.roster.cobra_json import is_cobra_json, read_cobra_json
from nrdeck.roster.generic_csv import read_csv_roster
from nrdeck.roster.limits import decode_json
from nrdeck.roster.model import Cell, ReadOptions, Roster, RosterEntry
from nrdeck.roster.plain_json import read_json_roster

RosterReader = Callable[[str, str, Path, ReadOptions], Roster]

READER_BY_FORMAT: Mapping[str, RosterReader] = {
    "cobra-json": read_cobra_json,
    "cobra-csv": read_cobra_csv,
    "abr-json": read_abr_json,
    "json": read_json_roster,
    "csv": read_csv_roster,
}

__all__ = [
    "READER_BY_FORMAT",
    "Cell",
    "ReadOptions",
    "Roster",
    "RosterEntry",
    "detect_format",
    "parse_roster",
]


def detect_format(text: str, suffix: str = "") -> str:
    """The roster's format from its content (a JSON array or object, or CSV)."""
    stripped = text.lstrip("\ufeff \t\r\n")
    if suffix.lower() == ".json" or stripped.startswith(("[", "{")):
        try:
            data = decode_json(stripped)
        except (ValueError, RecursionError):  # JSONDecodeError, NumberTooLong
            return "json"  # its reader says where the JSON is broken
        if is_cobra_json(data):
            return "cobra-json"
        return "abr-json" if is_abr_json(data) else "json"
    return "cobra-csv" if is_cobra_csv(text) else "csv"


def parse_roster(
    text: str, source: str, folder: Path, options: ReadOptions, roster_format: str | None = None
) -> Roster:
    """Read roster text in the given format (detected when None)."""
    chosen = roster_format or detect_format(text, Path(source).suffix)
    reader = READER_BY_FORMAT.get(chosen)
    if reader is None:
        raise UsageError(
            f"unknown roster format {chosen!r}", hint="valid: " + ", ".join(READER_BY_FORMAT)
        )
    return reader(text, source, folder, options)
