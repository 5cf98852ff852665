"""Format detection by extension and content; every format has a parser."""

from __future__ import annotations

import pytest

from nrdeck.decklist import INPUT_FORMATS, PARSER_BY_FORMAT
from nrdeck.decklist.detect import detect_format


@pytest.mark.parametrize(
    ("text", "source", "fmt"),
    [
        ("3x Hedge Fund\n", "deck.txt", "text"),
        ("# my deck\n3x Hedge Fund\n", "-", "text"),
        ("3x Hedge Fund\n", "deck.o8d", "o8d"),
        ("3x Hedge Fund\n", "deck.json", "json"),
        ("\ufeff<?xml version='1.0'?><deck/>", "deck", "o8d"),
        ('  {"cards": {}}', "-", "json"),
        ('[{"cards": {}}]', "-", "json"),
        ("[b]Deck[/b]\n3x [url=https://x/card/01110]Hedge Fund[/url]\n", "-", "bbcode"),
        ("## Deck\n* 3x [Hedge Fund](https://x/en/card/01110)\n", "-", "markdown"),
        (";; identity: Jinteki: Personal Evolution\n3 Hedge Fund\n", "-", "jinteki"),
        ("deck\nJinteki: PE\n3x Hedge Fund\n45 cards (min 45)\n", "-", "nrdb-text"),
        ("x\n\nJ\n3x Hedge Fund\nDeck built on https://netrunnerdb.com.\n", "-", "nrdb-text"),
        ("[Notes] 3x Hedge Fund\n", "-", "text"),
    ],
)
def test_detect(text: str, source: str, fmt: str) -> None:
    assert detect_format(text, source) == fmt


def test_every_detected_format_has_a_parser() -> None:
    assert set(INPUT_FORMATS) == {"auto", *PARSER_BY_FORMAT}
    for fmt, parser in PARSER_BY_FORMAT.items():
        assert parser.format == fmt
