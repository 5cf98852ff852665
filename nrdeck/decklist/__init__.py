"""Decklist formats: one parser module per input format, one registry, and the writers.

Every parser turns decoded text into a ``RawDeck`` (names, codes, quantities, line
numbers); ``nrdeck.resolve`` turns that into cards. Parsers never raise on bad input:
an unreadable line or file becomes a ``parse-error`` problem.
"""

from __future__ import annotations

from typing import Protocol

from nrdeck.deck import RawDeck


class DeckParser(Protocol):
    """Reads one decklist format."""

    format: str

    def parse(self, text: str, source: str) -> RawDeck:
        """The raw deck in ``text`` (read from ``source``: a path, URL or '-')."""
        ...


def _registry() -> dict[str, DeckParser]:
    from nrdeck.decklist.jinteki import JintekiParser
    from nrdeck.decklist.nrdb_export import BBCodeParser, MarkdownParser, NrdbTextParser
    from nrdeck.decklist.nrdb_json import NrdbJsonParser
    from nrdeck.decklist.octgn import OctgnParser
    from nrdeck.decklist.text import PlainTextParser

    parsers: list[DeckParser] = [
        PlainTextParser(),
        NrdbTextParser(),
        MarkdownParser(),
        BBCodeParser(),
        JintekiParser(),
        OctgnParser(),
        NrdbJsonParser(),
    ]
    return {p.format: p for p in parsers}


# Format name -> parser; "auto" (the default) is decided by ``detect.detect_format``.
PARSER_BY_FORMAT: dict[str, DeckParser] = _registry()
INPUT_FORMATS: tuple[str, ...] = ("auto", *PARSER_BY_FORMAT)


def parse_text(text: str, source: str, input_format: str | None = None) -> RawDeck:
    """Parse ``text`` in the given format, or the one detected from content and name."""
    from nrdeck.decklist.detect import detect_format

    fmt = input_format if input_format and input_format != "auto" else None
    fmt = fmt or detect_format(text, source)
    parser = PARSER_BY_FORMAT.get(fmt)
    if parser is None:
        from nrdeck.errors import UsageError

        raise UsageError(f"unknown input format {fmt!r}", hint="one of " + ", ".join(INPUT_FORMATS))
    return parser.parse(text, source)
