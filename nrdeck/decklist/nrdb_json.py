"""NetrunnerDB JSON decks: v2 API decklists and decks, v3 decklists.

v2 (``/api/2.0/public/decklist/{id}`` and ``/deck/{id}``): the envelope
``{"data": [deck], "success": …}`` or a bare deck; ``cards`` is keyed by printing code
and includes the identity. v3: ``card_slots`` keyed by card id, bare or under
``data.attributes``; ``identity_card_id`` names the identity (its slot of one copy is that
identity, not a deck card).
"""

from __future__ import annotations

import json
import re
from typing import Any

from nrdeck.deck import RawDeck, RawLine
from nrdeck.decklist.lines import MAX_QUANTITY, LineCollector, LineFinder
from nrdeck.jsondepth import MAX_JSON_DEPTH, JsonTooDeep, require_shallow
from nrdeck.quoting import excerpt, shorten

_SHAPE = (
    "expected a NetrunnerDB deck: an object with 'cards' (v2, printing codes) or "
    "'card_slots' (v3, card ids), bare or in a 'data' envelope"
)
INT_DIGITS = 4300  # Python's limit on the digits of an integer read from text
_UNREADABLE = object()
_LONG_INT = re.compile(rf"(?<!\d)\d{{{INT_DIGITS + 1}}}")


def _line_at(text: str, position: int | None) -> int | None:
    return None if position is None else text.count("\n", 0, position) + 1


def _document(text: str, collector: LineCollector) -> Any:
    """The parsed JSON, or ``_UNREADABLE`` after recording why it cannot be read."""
    source = collector.source
    try:
        require_shallow(text)  # nrdeck's limit, the same on every Python
        return json.loads(text)
    except json.JSONDecodeError as err:
        collector.error(err.lineno, f"{source} is not valid JSON: {err.msg} (column {err.colno})")
    except RecursionError as err:
        where = err.position if isinstance(err, JsonTooDeep) else None
        collector.error(
            _line_at(text, where),
            f"{source} is not a NetrunnerDB deck: its JSON is nested too deeply to read "
            f"(over {MAX_JSON_DEPTH} levels; a deck is a few levels deep)",
        )
    except ValueError as err:  # json.loads reads integers of any length, then int() refuses
        long_int = _LONG_INT.search(text)
        if long_int is None:
            collector.error(None, f"{source} is not valid JSON: {shorten(str(err))}")
        else:
            collector.error(
                _line_at(text, long_int.start()),
                f"{source} is not a NetrunnerDB deck: it holds a number of more than "
                f"{INT_DIGITS:,} digits",
            )
    return _UNREADABLE


def _deck_object(doc: Any, collector: LineCollector) -> dict[str, Any] | None:
    """The deck object inside any accepted envelope, or None (with a problem)."""
    if isinstance(doc, dict) and "data" in doc:
        if doc.get("success") is False:
            collector.error(
                None, f"{collector.source}: NetrunnerDB answered success: false (no such deck)"
            )
            return None
        data = doc["data"]
        if isinstance(data, list):
            data = data[0] if len(data) == 1 else None
        if isinstance(data, dict) and isinstance(data.get("attributes"), dict):
            data = data["attributes"]
        doc = data
    if isinstance(doc, dict) and (
        isinstance(doc.get("cards"), dict) or isinstance(doc.get("card_slots"), dict)
    ):
        return doc
    collector.error(None, f"{collector.source}: {_SHAPE}")
    return None


def _shown(value: Any) -> str:
    """A JSON value for a message: scalars as written (shortened), containers by kind."""
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list):
        return "an array"
    return shorten(repr(value))


def _identity_card(deck: dict[str, Any]) -> str | None:
    """A v3 deck's ``identity_card_id``; None when absent."""
    card_id = deck.get("identity_card_id")
    return card_id.strip() if isinstance(card_id, str) and card_id.strip() else None


class NrdbJsonParser:
    """v2 and v3 NetrunnerDB deck documents."""

    format = "json"

    def parse(self, text: str, source: str) -> RawDeck:
        """Read the deck object's cards (printing codes) or card slots (card ids)."""
        collector = LineCollector(source)
        doc = _document(text, collector)
        deck = None if doc is _UNREADABLE else _deck_object(doc, collector)
        if deck is None:
            return collector.deck(self.format)
        by_code = isinstance(deck.get("cards"), dict)
        slots: dict[str, Any] = deck["cards"] if by_code else deck["card_slots"]
        lines = LineFinder(text)
        lines.line_of('"cards"' if by_code else '"card_slots"')  # slots are found after it
        identity = None if by_code else _identity_card(deck)
        # the identity first (key None), read within the same cap as the slots
        entries: list[tuple[str | None, Any]] = [(None, identity)] if identity else []
        entries += slots.items()
        for key, qty in collector.capped(entries, "card entries"):
            if key is None:
                line = LineFinder(text).line_of('"identity_card_id"')
                collector.lines.append(RawLine(1, line, card_id=qty, identity=True))
            elif key != identity or qty != 1:  # NetrunnerDB lists the identity as a slot too
                self._slot(key, qty, by_code, lines.line_of(f'"{key}"'), collector)
        name = deck.get("name")
        return collector.deck(self.format, name if isinstance(name, str) and name else None)

    @staticmethod
    def _slot(
        key: str, qty: Any, by_code: bool, line: int | None, collector: LineCollector
    ) -> None:
        if isinstance(qty, bool) or not isinstance(qty, int) or not 1 <= qty <= MAX_QUANTITY:
            collector.error(
                line, f"quantity {_shown(qty)} of {excerpt(key)} is not a number from 1 to 99"
            )
            return
        if by_code and not (len(key) == 5 and key.isascii() and key.isdigit()):
            collector.error(line, f"{excerpt(key)} is not a 5-digit printing code")
            return
        collector.lines.append(
            RawLine(
                quantity=qty,
                line=line,
                code=key if by_code else None,
                card_id=None if by_code else key,
                slot=True,
            )
        )
