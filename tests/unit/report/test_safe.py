"""Untrusted text shown on a terminal: control and bidi characters come out escaped."""

from __future__ import annotations

import unicodedata

from hypothesis import given
from hypothesis import strategies as st

from nrdeck.report.safe import block, one_line


def test_escape_sequences_and_bidi_overrides_are_shown_not_obeyed() -> None:
    assert one_line("deck\x1b[2J\x1b]52;c;aGk=\x07") == "deck\\x1b[2J\\x1b]52;c;aGk=\\x07"
    assert one_line("evil\u202etxt.exe") == "evil\\u202etxt.exe"
    assert one_line("a\nb") == "a\\x0ab" and block("a\nb\tc\r") == "a\nb\tc\\x0d"
    assert one_line("Déjà Vu · Ampère ✓") == "Déjà Vu · Ampère ✓"


def test_zero_width_characters_are_shown_escaped() -> None:
    assert one_line("Hedge\u200bFund") == "Hedge\\u200bFund"
    assert block("Sure\u2060Gamble\ufeff") == "Sure\\u2060Gamble\\ufeff"


@given(st.text())
def test_nothing_a_terminal_would_obey_survives(text: str) -> None:
    for shown, kept in ((one_line(text), ""), (block(text), "\n\t")):
        assert [c for c in shown if unicodedata.category(c) == "Cc" and c not in kept] == []
        assert not any(0x202A <= ord(c) <= 0x202E or 0x2066 <= ord(c) <= 0x2069 for c in shown)


@given(st.text(alphabet=st.characters(blacklist_categories=("Cc", "Cf", "Cs", "Zl", "Zp"))))
def test_ordinary_text_is_unchanged(text: str) -> None:
    assert one_line(text) == text and block(text) == text
