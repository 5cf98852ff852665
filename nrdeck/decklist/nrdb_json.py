"""NetrunnerDB JSON decks: v2 API decklists and decks, v3 decklists.

v2 (``/api/2.0/public/decklist/{id}`` and ``/deck/{id}``): the envelope
``{"data": [deck], "success": …}`` or a bare deck; ``cards`` is keyed by printing code
and includes the identity. v3: ``card_slots`` keyed by card id, bare or under
``data.attributes``.
"""

from __future__ import annotations

import json
from typing import Any

from nrdeck.deck import RawDeck, RawLine
from nrdeck.decklist.text import MAX_QUANTITY, LineCollector

_SHAPE = (
    "expected a NetrunnerDB deck: an object with 'cards' (v2, printing codes) or "
    "'card_slots' (v3, card ids), bare or in a 'data' envelope"
)


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


def _line_of(text: str, key: str) -> int | None:
    at = text.find(f'"{key}"')
    return text.count("\n", 0, at) + 1 if at >= 0 else None


class NrdbJsonParser:
    """v2 and v3 NetrunnerDB deck documents."""

    format = "json"

    def parse(self, text: str, source: str) -> RawDeck:
        """Read the deck object's cards (printing codes) or card slots (card ids)."""
        collector = LineCollector(source)
        try:
            doc = json.loads(text)
        except json.JSONDecodeError as err:
            collector.error(
                err.lineno, f"{source} is not valid JSON: {err.msg} (column {err.colno})"
            )
            return collector.deck(self.format)
        deck = _deck_object(doc, collector)
        if deck is None:
            return collector.deck(self.format)
        by_code = isinstance(deck.get("cards"), dict)
        slots: dict[str, Any] = deck["cards"] if by_code else deck["card_slots"]
        for key, qty in slots.items():
            self._slot(str(key), qty, by_code, text, collector)
        name = deck.get("name")
        return collector.deck(self.format, name if isinstance(name, str) and name else None)

    @staticmethod
    def _slot(key: str, qty: Any, by_code: bool, text: str, collector: LineCollector) -> None:
        line = _line_of(text, key)
        if isinstance(qty, bool) or not isinstance(qty, int) or not 1 <= qty <= MAX_QUANTITY:
            collector.error(line, f"quantity {qty!r} of {key!r} is not a number from 1 to 99")
            return
        if by_code and not (len(key) == 5 and key.isdigit()):
            collector.error(line, f"{key!r} is not a 5-digit printing code")
            return
        collector.lines.append(
            RawLine(
                quantity=qty,
                line=line,
                code=key if by_code else None,
                card_id=None if by_code else key,
            )
        )
