"""Untrusted text made safe to show: the one place every reporter sends it through.

Deck names, file names, player names, card lines and roster cells come from strangers. On a
terminal, a control character can clear the screen, set the window title, write the
clipboard (OSC 52) or hide a link (OSC 8), and bidirectional overrides can reorder what is
read. Human-facing outputs show such characters escaped (``\\x1b``, ``\\u202e``); machine
formats keep the exact text and escape it as their format requires.
"""

from __future__ import annotations

_BIDI = (*range(0x202A, 0x202F), *range(0x2066, 0x206A), 0x200E, 0x200F, 0x061C)
_CONTROLS = (*range(0x00, 0x20), 0x7F, *range(0x80, 0xA0))


def _escape(code: int) -> str:
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


_ONE_LINE = str.maketrans({code: _escape(code) for code in (*_CONTROLS, *_BIDI)})
_BLOCK = str.maketrans(
    {code: _escape(code) for code in (*_CONTROLS, *_BIDI) if code not in (0x0A, 0x09)}
)


def one_line(text: str) -> str:
    """Text for one line of a terminal: every control and bidi character shown escaped."""
    return text.translate(_ONE_LINE) if not text.isprintable() else text


def block(text: str) -> str:
    """Like ``one_line``, but line breaks and tabs are kept (a multi-line message)."""
    return text.translate(_BLOCK) if not text.isprintable() else text
