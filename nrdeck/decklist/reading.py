"""From bytes to text: size and binary refusals, UTF-8 (with or without BOM), then cp1252."""

from __future__ import annotations

import msgspec

from nrdeck.decklist.lines import parse_problem
from nrdeck.problems import Location, Problem, Severity

MAX_BYTES = 1024 * 1024
_CONTROL = frozenset(range(32)) - {9, 10, 12, 13}


class DecodedText(msgspec.Struct, frozen=True):
    """The text of a decklist file (None when unreadable) and the problems met."""

    text: str | None
    problems: tuple[Problem, ...] = ()


UTF8_BOM = b"\xef\xbb\xbf"  # dropped by hand: the utf-8-sig codec is one more import


def decode_deck_bytes(data: bytes, source: str) -> DecodedText:
    """Decode a decklist file's bytes, or explain in one problem why it cannot be read."""
    if len(data) > MAX_BYTES:
        return _refuse(source, f"{source} is larger than 1 MiB: not a decklist")
    if not data.strip():
        return _refuse(source, f"{source} is empty: no cards to read")
    if _is_binary(data):
        return _refuse(source, f"{source} is a binary file, not a decklist")
    try:
        return DecodedText(data.removeprefix(UTF8_BOM).decode("utf-8"))
    except UnicodeDecodeError:
        pass
    try:
        text = data.decode("cp1252")
    except UnicodeDecodeError:
        return _refuse(source, f"{source} is neither UTF-8 nor cp1252 text")
    warning = Problem(
        code="encoding",
        message=f"{source} is not UTF-8; it was read as cp1252 (save it as UTF-8)",
        location=Location(source=source),
        severity=Severity.WARNING,
    )
    return DecodedText(text, (warning,))


def _is_binary(data: bytes) -> bool:
    sample = data[:4096]
    if b"\x00" in sample:
        return True
    controls = sum(1 for byte in sample if byte in _CONTROL)
    return controls > max(2, len(sample) // 100)


def _refuse(source: str, message: str) -> DecodedText:
    return DecodedText(None, (parse_problem(source, None, message),))
