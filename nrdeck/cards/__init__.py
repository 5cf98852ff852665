"""CARD SOURCES: where card data comes from, one module per source behind one protocol."""

from __future__ import annotations

from typing import Protocol

from nrdeck.catalog.records import FactsDocument


class CardSource(Protocol):
    """A source of card facts: reads them into nrdeck's facts document."""

    name: str

    def read(self) -> FactsDocument:
        """The facts document (records; ``nrdeck.cards.document.encode`` writes it)."""
        ...
