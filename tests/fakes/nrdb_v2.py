"""NetrunnerDB's v2 deck answers (``/api/2.0/public/decklist/{id}`` and ``/deck/{id}``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from nrdeck.catalog import CardDB


def deck_cards(db: CardDB, deck_file: Path) -> dict[str, int]:
    """A text decklist's cards as v2 ``cards``: the newest printing code of each, its copies.

    The file's first line is the identity; every other non-blank line is ``N Title``.
    """
    lines = [ln for ln in deck_file.read_text(encoding="utf-8").splitlines() if ln]
    cards: dict[str, int] = {}
    for number, line in enumerate(lines):
        quantity, title = (
            (1, line) if number == 0 else (int(line.split()[0]), line.split(" ", 1)[1])
        )
        card = db.card_by_title(title)
        assert card is not None, title
        code = max(p.code for p in db.printings_of(card.id))
        cards[code] = cards.get(code, 0) + quantity
    return cards


def deck_item(uuid: str, name: str, cards: dict[str, int], deck_id: int = 1) -> dict[str, Any]:
    """One deck as the v2 API describes it."""
    return {"id": deck_id, "uuid": uuid, "name": name, "cards": cards}


def answer(*items: dict[str, Any]) -> dict[str, Any]:
    """The v2 API's envelope around decks (none: NetrunnerDB's answer for an unknown id)."""
    return {
        "data": list(items),
        "total": len(items),
        "success": bool(items),
        "version_number": "2.0",
    }
