"""Converting a deck: read it (any input), write it in another format."""

from __future__ import annotations

import msgspec

from nrdeck.app.check import validate_input_format
from nrdeck.app.inputs.cards import DataSettings, load_database
from nrdeck.app.inputs.decks import DeckSettings, load_deck
from nrdeck.app.sheets import SHEET, sheet_page
from nrdeck.catalog import CardDB
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


class ConvertRun(msgspec.Struct, frozen=True):
    """The conversion, and what fetching the deck and loading the card data had to say."""

    result: Conversion
    warnings: tuple[str, ...] = ()


def convert_run(
    spec: str,
    to: str,
    data: DataSettings,
    input_format: str | None = None,
    stdin_bytes: bytes | None = None,
    language: str | None = None,
) -> ConvertRun:
    """Load the card data, read the deck ``spec`` names and write it in format ``to`` (a
    sheet's card titles in ``language``)."""
    validate_input_format(input_format)
    db = load_database(data)
    settings = DeckSettings.from_data(data, input_format=input_format, stdin_bytes=stdin_bytes)
    conversion = convert_deck(spec, to, db, settings, language)
    return ConvertRun(conversion, (*settings.warnings.since(), *db.info.warnings))


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
