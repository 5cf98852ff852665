"""From bytes to text: size and binary refusals; text with a byte order mark (UTF-8, UTF-16 as
Windows Notepad saves "Unicode", UTF-32) in its encoding; else UTF-8, then cp1252."""

from __future__ import annotations

import msgspec

from nrdeck.decklist.lines import parse_problem
from nrdeck.problems import Location, Problem, Severity

MAX_BYTES = 1024 * 1024
_CONTROL = frozenset(range(32)) - {9, 10, 12, 13}


class DecodedText(msgspec.Struct, frozen=True):
    """The text of a decklist file (None when unreadable) and the problems met.

    ``not_a_deck``: the file cannot be a decklist at all (empty, or past the size limit), as
    opposed to one that cannot be read (binary, or in no encoding nrdeck reads).
    """

    text: str | None
    problems: tuple[Problem, ...] = ()
    not_a_deck: bool = False


UTF8_BOM = b"\xef\xbb\xbf"  # dropped by hand: the utf-8-sig codec is one more import
# Byte order marks and their encodings, longest first (UTF-32 LE's begins as UTF-16 LE's).
_BOMS: tuple[tuple[bytes, str, str], ...] = (
    (b"\xff\xfe\x00\x00", "utf-32-le", "UTF-32"),
    (b"\x00\x00\xfe\xff", "utf-32-be", "UTF-32"),
    (b"\xff\xfe", "utf-16-le", "UTF-16"),
    (b"\xfe\xff", "utf-16-be", "UTF-16"),
)


def decode_deck_bytes(data: bytes, source: str) -> DecodedText:
    """Decode a decklist file's bytes, or explain in one problem why it cannot be read."""
    if len(data) > MAX_BYTES:
        return _refuse(source, f"{source} is larger than 1 MiB: not a decklist", not_a_deck=True)
    marked = _by_bom(data, source)
    if marked is not None:
        return marked
    if not data.strip():
        return _refuse(source, f"{source} is empty: no cards to read", not_a_deck=True)
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


def text_by_bom(data: bytes) -> str | None:
    """The text of bytes a UTF-16 or UTF-32 byte order mark begins, None when no such mark
    begins them; UnicodeDecodeError when the rest is not text in that encoding."""
    found = next((bom for bom in _BOMS if data.startswith(bom[0])), None)
    if found is None:
        return None
    bom, codec, name = found
    try:
        return data[len(bom) :].decode(codec)
    except UnicodeDecodeError as err:
        err.reason = f"it begins as {name} text but is not ({err.reason})"
        raise


def _by_bom(data: bytes, source: str) -> DecodedText | None:
    """The decoded text of bytes a UTF-16 or UTF-32 byte order mark begins (None: no mark)."""
    try:
        text = text_by_bom(data)
    except UnicodeDecodeError as err:
        return _refuse(source, f"{source} cannot be read: {err.reason}")
    if text is None:
        return None
    if not text.strip():
        return _refuse(source, f"{source} is empty: no cards to read", not_a_deck=True)
    if _is_binary(text.encode("utf-8", "surrogatepass")):
        return _refuse(source, f"{source} is a binary file, not a decklist")
    return DecodedText(text)


def _is_binary(data: bytes) -> bool:
    sample = data[:4096]
    if b"\x00" in sample:
        return True
    controls = sum(1 for byte in sample if byte in _CONTROL)
    return controls > max(2, len(sample) // 100)


def _refuse(source: str, message: str, *, not_a_deck: bool = False) -> DecodedText:
    return DecodedText(None, (parse_problem(source, None, message),), not_a_deck)
