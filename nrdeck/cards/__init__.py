"""Card sources: where card data comes from, one module per source behind one protocol."""

from __future__ import annotations

from typing import Any, Protocol


class CardSource(Protocol):
    """A source of card facts: produces a validated facts document (see nrdeck.model)."""

    name: str

    def document(self) -> dict[str, Any]:
        """The facts document, as plain JSON-ready data."""
        ...
