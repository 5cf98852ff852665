"""Standard output and error as their readers can take them.

A stream that cannot encode a character (a Windows console or redirect in cp1252, a pipe in
ASCII, a file name holding undecodable bytes) gets an ASCII stand-in for nrdeck's own glyphs
(✓ → OK, ✗ → X, · → -) and a backslash escape for anything else, never an exception.
Machine formats (JSON, JUnit, GitHub, CSV) are written as UTF-8 bytes whatever the stream's
encoding, so their text stays exact. A reader that goes away (``nrdeck check … | head -1``)
ends the run quietly.
"""

import codecs
import os
import sys
from typing import TextIO

ERRORS = "nrdeck-fallback"
# Exit status of a run whose standard output was closed early: what a shell reports for a
# program stopped by a closed pipe (128 + SIGPIPE).
BROKEN_PIPE_EXIT = 141

GLYPH_FALLBACKS: dict[str, str] = {
    "✓": "OK",
    "✗": "X",
    "·": "-",
    "–": "-",
    "—": "--",
    "…": "...",
    "×": "x",
    "∞": "inf",
    "█": "#",
    "▏": "|",
    "•": "*",
    "●": "*",
    "○": "o",
    "→": "->",
    "≥": ">=",
    "≤": "<=",
    "≠": "!=",
    "±": "+/-",
    "♘": "N",
    "’": "'",
    "‘": "'",
    "“": '"',
    "”": '"',
}


def _fallback(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    chunk = error.object[error.start : error.end]
    out = []
    for char in chunk:
        stand_in = GLYPH_FALLBACKS.get(char)
        if stand_in is None:
            code = ord(char)
            stand_in = f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"
            if code > 0xFFFF:
                stand_in = f"\\U{code:08x}"
        out.append(stand_in)
    return "".join(out), error.end


codecs.register_error(ERRORS, _fallback)


def guard_streams() -> None:
    """Make stdout and stderr replace what they cannot encode instead of failing."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None and getattr(stream, "errors", None) != ERRORS:
            reconfigure(errors=ERRORS)


def write_text(text: str, stream: TextIO | None = None) -> None:
    """Human-facing text in the stream's own encoding (stand-ins where it cannot encode)."""
    stream = stream or sys.stdout
    stream.write(text)
    stream.flush()


def write_machine(text: str) -> None:
    """A machine-readable document on stdout as UTF-8 bytes, whatever the stream's encoding."""
    stream = sys.stdout
    buffer = getattr(stream, "buffer", None)
    if buffer is None:
        write_text(text, stream)
        return
    stream.flush()
    buffer.write(text.encode("utf-8", "backslashreplace"))
    buffer.flush()


def silence_stdout() -> None:
    """After a broken pipe: point stdout at the null device so the final flush cannot fail."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):  # no real descriptor (a test runner's stream)
        pass
