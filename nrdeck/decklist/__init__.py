"""Decklist formats: one parser module per input format, one registry, and the writers.

Every parser turns decoded text into a ``RawDeck`` (names, codes, quantities, line
numbers); ``nrdeck.resolve`` turns that into cards. Parsers never raise on bad input:
an unreadable line or file becomes a ``parse-error`` problem, each reader saying what is
wrong and where. A reader that raises has a bug: the guarded path that reads and checks a
deck (``nrdeck.app.check.read_and_check``) makes it that deck's ``internal-error``, as a
bug anywhere else.

Outside, the app reads a deck with ``parse_text`` (``PARSER_BY_FORMAT``, ``INPUT_FORMATS``:
the formats by name), its bytes with ``reading``, a NetrunnerDB link with ``deck_ref`` and
``nrdb_url`` (``reachability``: what a run learnt about reaching NetrunnerDB), and writes
decks with ``writers``; a roster reader shares ``lines``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

from nrdeck.deck import RawDeck
from nrdeck.decklist.detect import detect_format
from nrdeck.errors import UsageError
from nrdeck.registry import LazyRegistry

__all__ = [
    "INPUT_FORMATS",
    "PARSER_BY_FORMAT",
    "DeckParser",
    "deck_ref",
    "lines",
    "nrdb_url",
    "parse_text",
    "reachability",
    "reading",
    "writers",
]


class DeckParser(Protocol):
    """Reads one decklist format."""

    format: str

    def parse(self, text: str, source: str) -> RawDeck:
        """The raw deck in ``text`` (read from ``source``: a path, URL or '-')."""
        ...


# Format name -> parser; "auto" (the default) is decided by ``detect.detect_format``.
PARSER_BY_FORMAT: Mapping[str, DeckParser] = LazyRegistry(
    {
        "text": "nrdeck.decklist.text:PlainTextParser",
        "nrdb-text": "nrdeck.decklist.nrdb_export:NrdbTextParser",
        "markdown": "nrdeck.decklist.nrdb_export:MarkdownParser",
        "bbcode": "nrdeck.decklist.nrdb_export:BBCodeParser",
        "jinteki": "nrdeck.decklist.jinteki:JintekiParser",
        "o8d": "nrdeck.decklist.octgn:OctgnParser",
        "json": "nrdeck.decklist.nrdb_json:NrdbJsonParser",
    }
)
INPUT_FORMATS: tuple[str, ...] = ("auto", *PARSER_BY_FORMAT)


def parse_text(text: str, source: str, input_format: str | None = None) -> RawDeck:
    """Parse ``text`` in the given format, or the one detected from content and name."""
    fmt = input_format if input_format and input_format != "auto" else None
    fmt = fmt or detect_format(text, source)
    parser = PARSER_BY_FORMAT.get(fmt)
    if parser is None:
        raise UsageError(f"unknown input format {fmt!r}", hint="one of " + ", ".join(INPUT_FORMATS))
    return parser.parse(text, source)
