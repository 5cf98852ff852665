"""Styled text without Rich: every span made safe on the way in, plain text a line each,
the same text for a colour console."""

from __future__ import annotations

from nrdeck.report.styled import Styled, join


def test_lines_of_spans_make_plain_text() -> None:
    out = Styled()
    out.line(("✓", "bold green"), " deck.txt")
    out.line()
    assert out.plain() == "✓ deck.txt\n\n"
    assert out.lines[0] == (("✓", "bold green"), (" deck.txt", ""))


def test_every_span_is_made_safe() -> None:
    out = Styled()
    out.line(("a\x1b[2J", "red"), "b\nc\u202e")
    text = out.plain()
    assert text.count("\n") == 1 and "\x1b" not in text and "\u202e" not in text
    assert "\\x1b[2J" in text and "\\u202e" in text


def test_blocks_extend_in_order() -> None:
    first, second = Styled(), Styled()
    first.line("one")
    second.line("two")
    first.extend(second)
    assert first.plain() == "one\ntwo\n"


def test_a_colour_console_gets_the_same_text() -> None:
    out = Styled()
    out.line(("x", "bold"), "y")
    out.line("z")
    assert out.to_rich().plain == out.plain().rstrip("\n")


def test_join_leaves_out_empty_parts() -> None:
    assert join(["a", "", "b"]) == "a · b"
    assert join(["a", "b"], sep=", ") == "a, b"
    assert join([]) == ""
