"""Standard input, output and error as their readers can take them (`--output FILE`: cli.output).

A stream that cannot encode a character (a Windows console or redirect in cp1252, a pipe in
ASCII, a file name holding undecodable bytes) gets an ASCII stand-in for nrdeck's own glyphs
(✓ → +, ✗ → x, · → -) and a backslash escape for anything else, never an exception.
Machine formats (JSON, JUnit, GitHub, CSV) are written as UTF-8 bytes whatever the stream's
encoding, so their text stays exact. A reader that goes away (``nrdeck check … | head -1``)
ends the run quietly: the error handler exits with ``BROKEN_PIPE_EXIT`` and the console
script (``nrdeck.__main__``) keeps the final flush from complaining.

On a POSIX system every write goes to the stream's file descriptor until each byte is taken:
Python's buffered writer loses the rest of a large write, in silence, when the reader goes
away in the middle of it (the run then went on, printed its summary and exited with its
verdict); a write to the descriptor that the reader left fails with ``BrokenPipeError``.
"""

import codecs
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from nrdeck.decklist.reading import MAX_BYTES
from nrdeck.errors import UsageError

ERRORS = "nrdeck-fallback"
# Exit status of a run whose standard output was closed early: what a shell reports for a
# program stopped by a closed pipe (128 + SIGPIPE); nrdeck.__main__ uses the same.
BROKEN_PIPE_EXIT = 141

# One character each where a glyph may sit in a table column (Rich measured the glyph).
GLYPH_FALLBACKS: dict[str, str] = {
    "✓": "+",
    "✗": "x",
    "·": "-",
    "–": "-",
    "—": "-",
    "…": ".",
    "×": "x",
    "•": "*",
    "●": "*",
    "○": "o",
    "█": "#",
    **dict.fromkeys("▏▎▍▌▋▊▉", "|"),
    "’": "'",
    "‘": "'",
    "“": '"',
    "”": '"',
    "♘": "N",
    "∞": "inf",
    "→": "->",
    "≥": ">=",
    "≤": "<=",
    "≠": "!=",
    "±": "+/-",
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
    encoding = getattr(stream, "encoding", None) or "utf-8"
    if _write_through(stream, lambda: text.encode(encoding, ERRORS)):
        return
    stream.write(text)
    stream.flush()


def write_machine(text: str) -> None:
    """A machine-readable document on stdout as UTF-8 bytes, whatever the stream's encoding."""
    stream = sys.stdout
    if _write_through(stream, lambda: text.encode("utf-8", "backslashreplace")):
        return
    buffer = getattr(stream, "buffer", None)
    if buffer is None:
        write_text(text, stream)
        return
    stream.flush()
    buffer.write(text.encode("utf-8", "backslashreplace"))
    buffer.flush()


def _write_through(stream: TextIO, encoded: Callable[[], bytes]) -> bool:
    """Write to the stream's file descriptor until every byte is taken (BrokenPipeError when
    the reader has gone); False when the stream has none (a test's buffer) or is not POSIX's."""
    if os.name != "posix":
        return False
    try:
        fd = stream.fileno()
    except (AttributeError, OSError, ValueError):  # io.UnsupportedOperation is both
        return False
    stream.flush()
    view = memoryview(encoded())
    while view:
        try:
            view = view[os.write(fd, view) :]
        except BlockingIOError:  # a descriptor a parent left non-blocking: wait until writable
            import select

            select.select([], [fd], [])
    return True


class PipeSafeStream:
    """A text stream whose writes go through ``write_text`` (for Rich's consoles)."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        """Write every character (BrokenPipeError when the reader has gone)."""
        write_text(text, self._stream)
        return len(text)

    def flush(self) -> None:
        """Flush the stream (written through already, unless it has no descriptor)."""
        self._stream.flush()

    def __getattr__(self, name: str) -> object:
        return getattr(self._stream, name)


def read_stdin(required: bool) -> bytes:
    """Standard input's bytes, at most one past the decklist size limit (never endless).

    ``required``: no DECK was named, so a terminal or an empty pipe is a usage error.
    """
    stream = sys.stdin
    if required and (stream is None or stream.isatty()):
        raise UsageError(
            "no decks given", hint="name deck files, folders or links, or pipe a decklist in"
        )
    if stream is None:
        return b""
    buffer = getattr(stream, "buffer", None)
    if buffer is not None:
        data: bytes = buffer.read(MAX_BYTES + 1)
    else:
        data = stream.read(MAX_BYTES + 1).encode("utf-8", "surrogateescape")
    if required and not data.strip():
        raise UsageError("no decks given and nothing on standard input")
    return data


def is_stdout(output: Path | None) -> bool:
    """True when the output goes to standard output (no --output, or '-')."""
    return output is None or str(output) == "-"
