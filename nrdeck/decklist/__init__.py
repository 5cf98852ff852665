"""Decklist formats: one parser module per input format, one registry, and the writers.

Every parser turns decoded text into a ``RawDeck`` (names, codes, quantities, line
numbers); ``nrdeck.resolve`` turns that into cards. Parsers never raise on bad input:
an unreadable line or file becomes a ``parse-error`` problem, each reader saying what is
wrong and where. ``parse_text`` is the seam that keeps the promise for the failures no
reader foresaw: whatever a reader raises on hostile text becomes that deck's problem.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

from nrdeck.deck import RawDeck
from nrdeck.decklist.detect import detect_format
from nrdeck.decklist.lines import parse_problem
from nrdeck.errors import UsageError
from nrdeck.registry import LazyRegistry
from nrdeck.textnorm import shorten


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
    try:
        return parser.parse(text, source)
    # One deck's text must never cost the run: a failure no reader foresaw (a library's
    # error on hostile input, a bug) is this deck's problem, named as the bug it is.
    except Exception as err:
        return _reader_failure(source, fmt, err)


def _reader_failure(source: str, fmt: str, err: Exception) -> RawDeck:
    """The raw deck of a text its reader failed on: no cards, one ``parse-error``."""
    reason = shorten(f"{type(err).__name__}: {err}", 120)
    message = (
        f"{source} could not be read as {fmt} ({reason}); this is a bug in nrdeck's "
        f"{fmt} reader: please report it with the file"
    )
    return RawDeck(
        source=source, format=fmt, lines=(), problems=(parse_problem(source, None, message),)
    )
