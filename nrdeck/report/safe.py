"""Untrusted text made safe to show: the one place every reporter sends it through.

Deck names, file names, player names, card lines and roster cells come from strangers. On a
terminal, a control character can clear the screen, set the window title, write the
clipboard (OSC 52) or hide a link (OSC 8), bidirectional overrides can reorder what is
read, and zero-width characters hide inside what looks like a card title. Human-facing
outputs show such characters escaped (``\\x1b``, ``\\u202e``, ``\\u200b``); machine formats
keep the exact text and escape it as their format requires.
"""

from __future__ import annotations

_BIDI = (*range(0x202A, 0x202F), *range(0x2066, 0x206A), 0x200E, 0x200F, 0x061C)
_INVISIBLE = (*range(0x200B, 0x200E), *range(0x2060, 0x2065), 0xFEFF, 0x00AD, 0x180E)
_CONTROLS = (*range(0x00, 0x20), 0x7F, *range(0x80, 0xA0))


def _escape(code: int) -> str:
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


_ONE_LINE = str.maketrans({code: _escape(code) for code in (*_CONTROLS, *_BIDI, *_INVISIBLE)})
_BLOCK = str.maketrans(
    {code: _escape(code) for code in (*_CONTROLS, *_BIDI, *_INVISIBLE) if code not in (0x0A, 0x09)}
)


def one_line(text: str) -> str:
    """Text for one line of a terminal: every control, bidi and zero-width character shown
    escaped."""
    return text.translate(_ONE_LINE) if not text.isprintable() else text


def block(text: str) -> str:
    """Like ``one_line``, but line breaks and tabs are kept (a multi-line message)."""
    return text.translate(_BLOCK) if not text.isprintable() else text
