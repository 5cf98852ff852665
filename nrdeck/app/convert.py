"""Converting a deck: read it (any input), write it in another format."""

from __future__ import annotations

import msgspec

from nrdeck.app.inputs.decks import DeckSettings, load_deck
from nrdeck.app.sheets import SHEET, sheet_page
from nrdeck.carddb import CardDB
from nrdeck.deck import Deck
from nrdeck.decklist.writers import WRITER_BY_FORMAT
from nrdeck.errors import UsageError
from nrdeck.problems import Severity


class Conversion(msgspec.Struct, frozen=True):
    """The deck as read, and its text in the output format."""

    deck: Deck
    text: str

    @property
    def complete(self) -> bool:
        """False when a line could not be read or resolved (the output lacks it)."""
        return not any(p.severity is Severity.ERROR for p in self.deck.problems)


def convert_deck(
    spec: str, to: str, db: CardDB, settings: DeckSettings, language: str | None = None
) -> Conversion:
    """Read the deck named by ``spec`` and write it in format ``to`` (a sheet's card titles in
    ``language``)."""
    if to == SHEET:
        deck = load_deck(spec, db, settings)
        return Conversion(deck, sheet_page(deck, db, language=language or "en"))
    if language is not None:
        raise UsageError("--lang prints card titles on sheets only", hint="use --to sheet")
    writer = WRITER_BY_FORMAT.get(to)
    if writer is None:
        raise UsageError(f"unknown output format {to!r}", hint=", ".join(WRITER_BY_FORMAT))
    deck = load_deck(spec, db, settings)
    return Conversion(deck, writer(deck, db))
