"""Cobra's decks JSON (``/tournaments/:id/players/download_decks``): the registered lists.

A JSON array, players sorted by name, each player's decks Corp then Runner, every element
``{"details": {...}, "cards": [...]}``. The lists are Cobra's frozen copies of what each
player registered, so they are checked as they are (not the players' current NetrunnerDB
decks). Titles may arrive decomposed (NFD) and are composed here.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from nrdeck.deck import RawDeck, RawLine
from nrdeck.decklist.lines import MAX_QUANTITY
from nrdeck.errors import UsageError
from nrdeck.problems import Location, Problem
from nrdeck.roster.limits import some_entries
from nrdeck.roster.model import Cell, ReadOptions, Roster, RosterEntry
from nrdeck.roster.plain_json import load_json

SIDE_NAMES = {"corp": "Corp", "runner": "Runner"}
_PRINTING = re.compile(r"^\d{5}$")
_HINT = "expected Cobra's decks export: a list of {'details': {...}, 'cards': [...]}"


def is_cobra_json(data: Any) -> bool:
    """True for a list whose elements have ``details`` and ``cards``."""
    return (
        isinstance(data, list)
        and bool(data)
        and isinstance(data[0], dict)
        and "details" in data[0]
        and "cards" in data[0]
    )


def read_cobra_json(text: str, source: str, folder: Path, options: ReadOptions) -> Roster:
    """One entry per player (grouped by Cobra's player id), Corp and Runner lists in place."""
    data = load_json(text, source)
    if not isinstance(data, list):
        raise UsageError(f"{source}: not a list of decks", hint=_HINT)
    players: dict[str, dict[str, Any]] = {}
    for number, item in enumerate(data, start=1):
        details, cards = _parts(item, source, number)
        name = _player_name(details)
        key = str(details.get("player_id", name))
        found = players.setdefault(key, {"name": name, "line": number, "decks": []})
        found["decks"].append(_deck(details, cards, source, name, number))
        found["id"] = _player_id(details.get("player_id"))
    entries = [_entry(p["name"], p["line"], p["decks"], p["id"]) for p in players.values()]
    return Roster(source, folder, some_entries(entries, source), unit="entry", format="cobra-json")


def _parts(item: Any, source: str, number: int) -> tuple[Mapping[str, Any], list[Any]]:
    if not isinstance(item, dict):
        raise UsageError(f"{source}: entry {number}: expected an object", hint=_HINT)
    details, cards = item.get("details"), item.get("cards")
    if not isinstance(details, dict):
        raise UsageError(f"{source}: entry {number}: 'details' must be an object", hint=_HINT)
    if not isinstance(cards, list):
        raise UsageError(f"{source}: entry {number}: 'cards' must be a list", hint=_HINT)
    return details, cards


def _player_name(details: Mapping[str, Any]) -> str:
    name = details.get("player_name")
    if isinstance(name, str) and name.strip():
        return compose(name.strip())
    return f"player {details.get('player_id', '?')}"


def compose(text: str) -> str:
    """NFC: 'Me\\u0301lie\\u0300s U' as 'Méliès U'."""
    return text if text.isascii() else unicodedata.normalize("NFC", text)


def _deck(
    details: Mapping[str, Any], cards: list[Any], source: str, player: str, number: int
) -> tuple[str | None, RawDeck]:
    """(the side Cobra gives, the list as raw lines for resolution)."""
    side = details.get("side_id") or details.get("side")
    side = side if side in SIDE_NAMES else None
    label = f"{source}: {player}'s {SIDE_NAMES.get(side or '', 'deck')}"
    problems: list[Problem] = []
    identity = _identity(details)
    lines: list[RawLine] = [identity] if identity is not None else []
    for position, card in enumerate(cards, start=1):
        line = _card(card, position, label, problems)
        if line is not None:
            lines.append(line)
    name = details.get("name") if isinstance(details.get("name"), str) else None
    raw = RawDeck(label, "cobra", tuple(lines), name=name, problems=tuple(problems))
    return side, raw


def _identity(details: Mapping[str, Any]) -> RawLine | None:
    """The identity from its printing id, card id or title (first one given)."""
    printing = str(details.get("identity_nrdb_printing_id") or "")
    if _PRINTING.match(printing):
        return RawLine(1, None, code=printing, identity=True)
    card_id = details.get("identity_nrdb_card_id")
    if isinstance(card_id, str) and card_id:
        return RawLine(1, None, card_id=card_id, identity=True)
    title = details.get("identity_title")
    if isinstance(title, str) and title.strip():
        return RawLine(1, None, title=compose(title.strip()), identity=True)
    return None


def _card(card: Any, position: int, label: str, problems: list[Problem]) -> RawLine | None:
    """One card row: its card id (printings ignored), else printing id, else title."""
    if not isinstance(card, dict):
        problems.append(_problem(label, f"card {position} is not an object"))
        return None
    quantity = card.get("quantity")
    if not isinstance(quantity, int) or isinstance(quantity, bool) or quantity < 1:
        problems.append(_problem(label, f"card {position} has no valid quantity ({quantity!r})"))
        return None
    if quantity > MAX_QUANTITY:
        message = f"card {position} has {quantity} copies: quantities are 1–{MAX_QUANTITY}"
        problems.append(_problem(label, message))
        return None
    card_id, printing, title = (card.get(k) for k in ("nrdb_card_id", "nrdb_printing_id", "title"))
    if isinstance(card_id, str) and card_id:
        return RawLine(quantity, None, card_id=card_id)
    if _PRINTING.match(str(printing or "")):
        return RawLine(quantity, None, code=str(printing))
    if isinstance(title, str) and title.strip():
        return RawLine(quantity, None, title=compose(title.strip()))
    problems.append(_problem(label, f"card {position} names no card"))
    return None


def _problem(label: str, message: str) -> Problem:
    return Problem("parse-error", message, location=Location(label))


def _player_id(value: Any) -> str | None:
    """Cobra's player id (the same as its API's), when the export gives a sane one."""
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return str(value)
    return value if isinstance(value, str) and value.isdigit() and len(value) <= 20 else None


def _entry(
    name: str, number: int, decks: list[tuple[str | None, RawDeck]], key: str | None = None
) -> RosterEntry:
    """Each list in its side's column; a list without a side (or a second one) is unsided."""
    cells: dict[str, Cell] = {}
    unsided: list[RawDeck] = []
    for side, raw in decks:
        if side is not None and side not in cells:
            cells[side] = Cell(listed=raw)
        else:
            unsided.append(raw)
    return RosterEntry(
        name,
        cells.get("corp", Cell()),
        cells.get("runner", Cell()),
        number,
        unsided=tuple(unsided),
        key=key,
    )
