"""Quoting untrusted text in a message: escaped, and cut short when long."""

from __future__ import annotations

from nrdeck.quoting import EXCERPT_LENGTH, excerpt, shorten


def test_short_text_is_kept_whole() -> None:
    assert shorten("Hedge Fund") == "Hedge Fund"
    assert excerpt("Hedge Fund") == "'Hedge Fund'"


def test_control_characters_are_escaped_in_an_excerpt() -> None:
    assert excerpt("Hedge\x1b[31m Fund\n") == "'Hedge\\x1b[31m Fund\\n'"


def test_long_text_is_cut_and_says_how_long_it_was() -> None:
    text = "x" * 1234
    assert shorten(text) == "x" * EXCERPT_LENGTH + "… (1,234 characters)"
    quoted = excerpt(text, 5)
    assert quoted.startswith("'xxxxx'… ") and quoted.endswith("(1,234 characters)")
