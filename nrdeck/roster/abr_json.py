"""Always Be Running's entries (``/api/entries?id=N``): NetrunnerDB links of claimed decks.

Entries exist only once the tournament has concluded; before that ABR answers
``{"warn": "Tournament is not concluded."}``, which is a clear error here.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from nrdeck.errors import UsageError
from nrdeck.roster.limits import some_entries
from nrdeck.roster.model import Cell, ReadOptions, Roster, RosterEntry
from nrdeck.roster.plain_json import json_cell, load_json

EXTRA = ("rank_swiss", "rank_top")
_KEYS = ("corp_deck_url", "runner_deck_url")


def is_abr_json(data: Any) -> bool:
    """True for ABR's warning/error answer or a list of entries with deck URLs."""
    if isinstance(data, dict):
        return set(data) <= {"warn", "error"} and bool(data)
    return (
        isinstance(data, list)
        and bool(data)
        and isinstance(data[0], dict)
        and any(k in data[0] for k in _KEYS)
    )


def read_abr_json(text: str, source: str, folder: Path, options: ReadOptions) -> Roster:
    """One entry per claimed rank: the player's name and the two deck URLs."""
    data = load_json(text, source)
    if isinstance(data, dict):
        said = data.get("warn") or data.get("error") or "no entries"
        raise UsageError(
            f"{source}: Always Be Running answered {str(said)!r} instead of entries",
            hint="ABR lists entries only after the event has concluded; before the event "
            "use Cobra's decks export or the sign-up sheet",
        )
    if not isinstance(data, list):
        raise UsageError(f"{source}: not a list of Always Be Running entries")
    entries = [_entry(item, source, n) for n, item in enumerate(data, start=1)]
    return Roster(
        source, folder, some_entries(entries, source), EXTRA, unit="entry", format="abr-json"
    )


def _entry(item: Any, source: str, number: int) -> RosterEntry:
    if not isinstance(item, dict):
        raise UsageError(f"{source}: entry {number}: expected an object")
    name = next(
        (
            str(item[k]).strip()
            for k in ("user_name", "user_import_name")
            if isinstance(item.get(k), str) and item[k].strip()
        ),
        f"user {item.get('user_id', number)}",
    )
    corp, runner = (json_cell(item.get(k), source, number, k) for k in _KEYS)
    extra = {k: json_cell(item.get(k), source, number, k) for k in EXTRA}
    return RosterEntry(name, Cell(corp), Cell(runner), number, extra)
