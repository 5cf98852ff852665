"""CARD SOURCES: where card data comes from, one module per source behind one protocol.

``CardSource`` is the protocol; ``nrdb_v3`` (NetrunnerDB's API), ``cardsjson`` (a
netrunner-cards-json checkout) and ``bundled`` (the snapshot in the wheel) are the sources;
``document`` writes and reads nrdeck's facts document, ``cache`` the cache of card data,
``consistency`` checks a document before it is used. The data commands import the modules
they use.
"""

from __future__ import annotations

from typing import Protocol

from nrdeck.catalog.records import FactsDocument

__all__ = [
    "CardSource",
    "bundled",
    "cache",
    "cardsjson",
    "consistency",
    "document",
    "nrdb_v3",
]


class CardSource(Protocol):
    """A source of card facts: reads them into nrdeck's facts document."""

    name: str

    def read(self) -> FactsDocument:
        """The facts document (records; ``nrdeck.cards.document.encode`` writes it)."""
        ...
