"""Bytes to text: empty, binary, oversized and non-UTF-8 files."""

from __future__ import annotations

from nrdeck.decklist.reading import MAX_BYTES, decode_deck_bytes
from nrdeck.problems import Severity


def test_utf8_and_bom() -> None:
    assert decode_deck_bytes("3x Déjà Vu\n".encode(), "d").text == "3x Déjà Vu\n"
    assert decode_deck_bytes("\ufeff3x Déjà Vu\n".encode(), "d").text == "3x Déjà Vu\n"


def test_cp1252_is_read_with_a_warning() -> None:
    text = "3x Déjà Vu\n3x Sure Gamble\n"
    decoded = decode_deck_bytes(text.encode("cp1252"), "old.txt")
    assert decoded.text == text
    [problem] = decoded.problems
    assert (problem.code, problem.severity) == ("encoding", Severity.WARNING)
    assert "old.txt" in problem.message


def test_refusals_name_the_file() -> None:
    cases = {
        b"": "empty",
        b" \n\r\n\t": "empty",
        b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR": "binary",
        b"3x Hedge Fund\n" * (MAX_BYTES // 14 + 1): "larger than 1 MiB",
    }
    for data, words in cases.items():
        decoded = decode_deck_bytes(data, "bad.txt")
        assert decoded.text is None
        [problem] = decoded.problems
        assert problem.code == "parse-error"
        assert words in problem.message and "bad.txt" in problem.message


def test_bytes_neither_utf8_nor_cp1252() -> None:
    decoded = decode_deck_bytes(b"3x Hedge Fund \x81\x8d\x8f\n", "weird.txt")
    assert decoded.text is None and "neither UTF-8 nor cp1252" in decoded.problems[0].message
