"""Standard output and error as their readers can take them, and what a run does when they
cannot take it (standard input: cli.options' read_stdin; `--output FILE`: cli.output).

A stream that cannot encode a character (a Windows console or redirect in cp1252, a pipe in
ASCII, a file name holding undecodable bytes) gets an ASCII stand-in for nrdeck's own glyphs
(✓ → +, ✗ → x, · → -) and a backslash escape for anything else, never an exception.
Machine formats (JSON, JUnit, GitHub, CSV) are written as UTF-8 bytes whatever the stream's
encoding, so their text stays exact.

A write to standard output that fails ends the run with the answer ``nrdeck.errors.
write_failure`` gives it: a reader that went away (``nrdeck check … | head -1``) 141, quietly;
a full disk, an I/O error or a closed standard output one line on stderr and exit 5. A write
to standard error that fails is dropped: stderr explains, it never answers, so it never
changes a run's status. The console script runs the CLI through ``run_guarded``, which puts
a ``StandardStream`` in place of ``sys.stdout`` and ``sys.stderr`` (so that what Typer writes,
help and usage errors, goes the same way as what nrdeck and Rich write), makes SIGTERM an
interrupt (the run cleans up as after Ctrl-C), and ends the run with one status.

On a POSIX system every write goes to the stream's file descriptor until each byte is taken:
Python's buffered writer loses the rest of a large write, in silence, when the reader goes
away in the middle of it (the run then went on, printed its summary and exited with its
verdict); a write to the descriptor that the reader left fails with ``BrokenPipeError``.
"""

import codecs
import contextlib
import errno
import os
import select
import signal
import sys
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import NoReturn, TextIO

from nrdeck.errors import ExitCode, OutputError, ReaderGone, Terminated, interruption, write_failure
from nrdeck.report.safe import one_line

ERRORS = "nrdeck-fallback"
STDOUT = "standard output"  # what a failed write to it names

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
    """Human-facing text on standard output (or ``stream``, another output) in the stream's
    own encoding, with stand-ins where it cannot encode; an ``OutputError`` when it cannot be
    written."""
    _answered(stream if stream is not None else sys.stdout, text, None)


def write_machine(text: str) -> None:
    """A machine-readable document on stdout as UTF-8 bytes, whatever the stream's encoding
    (an ``OutputError`` when it cannot be written)."""
    _answered(sys.stdout, text, "utf-8")


def write_error_text(text: str) -> None:
    """Text on standard error, dropped if it cannot be written (see the module's doc)."""
    _dropped(sys.stderr, text)


def _answered(stream: TextIO | None, text: str, encoding: str | None) -> None:
    try:
        _put(stream, text, encoding)
    except OSError as exc:
        raise write_failure(exc, STDOUT) from None


def _dropped(stream: TextIO | None, text: str) -> None:
    with contextlib.suppress(OSError, OutputError):
        _put(stream, text, None)


def _put(stream: TextIO | None, text: str, encoding: str | None) -> None:
    """Write ``text`` whole to ``stream`` (None: a stream closed when the process started),
    as ``encoding`` (None: the stream's own, with stand-ins); OSError when it cannot."""
    if stream is None:
        raise OSError(errno.EBADF, "it is closed")
    codec = encoding or getattr(stream, "encoding", None) or "utf-8"
    errors = "backslashreplace" if encoding else ERRORS
    if _write_through(stream, lambda: text.encode(codec, errors)):
        return
    buffer = getattr(stream, "buffer", None) if encoding else None
    if buffer is None:
        stream.write(text)
        stream.flush()
        return
    stream.flush()
    buffer.write(text.encode(codec, errors))
    buffer.flush()


def _write_through(stream: TextIO, encoded: Callable[[], bytes]) -> bool:
    """Write to the stream's file descriptor until every byte is taken (OSError when it
    cannot: BrokenPipeError when the reader has gone); False when the stream has none (a
    test's buffer, a closed stream) or is not POSIX's."""
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
            select.select([], [fd], [])
    return True


class PipeSafeStream:
    """A text stream whose writes go through ``write_text`` (for Rich's consoles); with
    ``explains``, standard error's: failed writes are dropped."""

    def __init__(self, stream: TextIO, *, explains: bool = False) -> None:
        self._stream = stream
        self._explains = explains

    def write(self, text: str) -> int:
        """Write every character (an ``OutputError`` when it cannot, unless it explains)."""
        if self._explains:
            _dropped(self._stream, text)
        else:
            write_text(text, self._stream)
        return len(text)

    def flush(self) -> None:
        """Flush the stream (written through already, unless it has no descriptor)."""
        try:
            self._stream.flush()
        except OSError as exc:
            if not self._explains:
                raise write_failure(exc, STDOUT) from None

    def __getattr__(self, name: str) -> object:
        return getattr(self._stream, name)


class StandardStream:
    """``sys.stdout`` or (``explains``) ``sys.stderr`` under ``run_guarded``: every write,
    whoever makes it, goes as ``write_text`` or ``write_error_text`` write theirs. A stream
    that was closed when the process started (None) fails every write, as a closed descriptor
    does. It has no ``buffer``: a writer that found one would write around it."""

    def __init__(self, stream: TextIO | None, *, explains: bool) -> None:
        self._stream = stream
        self._explains = explains

    @property
    def encoding(self) -> str:
        """The stream's encoding (UTF-8 for a closed one)."""
        return getattr(self._stream, "encoding", None) or "utf-8"

    @property
    def errors(self) -> str:
        """What the stream does with characters it cannot encode: nrdeck's stand-ins."""
        return ERRORS

    def write(self, text: str) -> int:
        """Write every character (see the class's doc)."""
        if not isinstance(text, str):
            raise TypeError(f"write() argument must be str, not {type(text).__name__}")
        if self._explains:
            _dropped(self._stream, text)
        else:
            _answered(self._stream, text, None)
        return len(text)

    def flush(self) -> None:
        """Flush what the stream holds (nothing, once written through)."""
        if self._stream is not None:
            PipeSafeStream(self._stream, explains=self._explains).flush()

    def isatty(self) -> bool:
        """True on a terminal."""
        return self._stream is not None and self._stream.isatty()

    def writable(self) -> bool:
        """Always: a write that fails says why."""
        return True

    def fileno(self) -> int:
        """The stream's file descriptor (OSError when it was closed)."""
        if self._stream is None:
            raise OSError(errno.EBADF, "it is closed")
        return self._stream.fileno()

    def __getattr__(self, name: str) -> object:
        if name == "buffer" or self._stream is None:
            raise AttributeError(name)
        return getattr(self._stream, name)


class _Ending:
    """What the run has said of how it ended: the interrupt's line, once."""

    told_interrupt = False


def tell_interrupt(exc: KeyboardInterrupt) -> ExitCode:
    """Print the line of a run stopped by Ctrl-C or SIGTERM, and give its status."""
    line, code = interruption(exc)
    write_error_text(line + "\n")
    _Ending.told_interrupt = True
    return code


def tell_failure(err: OutputError) -> ExitCode:
    """Print the line of a failed write (none for a reader that went away); its status."""
    if not isinstance(err, ReaderGone):
        write_error_text(f"nrdeck: error: {one_line(err.one_line())}\n")
    return err.exit_code


def run_guarded(run: Callable[[], object]) -> NoReturn:
    """Run the CLI as a program (see the module's doc): ``SystemExit`` with its one status.

    A command's own error handler answers what goes wrong inside it; this answers what goes
    wrong around it: a failed write of Typer's (help, a usage error), and Ctrl-C or SIGTERM
    while Typer parses the command line (Typer turns it into status 130 and says nothing).
    """
    _Ending.told_interrupt = False
    sys.stdout = StandardStream(sys.stdout, explains=False)
    sys.stderr = StandardStream(sys.stderr, explains=True)
    signal.signal(signal.SIGTERM, _terminate)
    try:
        run()
        status = int(ExitCode.OK)
    except SystemExit as stop:
        status = _status(stop)
    except OutputError as err:
        status = tell_failure(err)
    except KeyboardInterrupt as exc:
        status = tell_interrupt(exc)
    try:
        sys.stdout.flush()
    except OutputError as err:
        status = tell_failure(err)
    raise SystemExit(status)


def _status(stop: SystemExit) -> int:
    """A ``SystemExit``'s status, the interrupt behind a silent 130 told."""
    code = stop.code if isinstance(stop.code, int) else int(stop.code is not None)
    if code == ExitCode.INTERRUPTED and not _Ending.told_interrupt:
        return int(tell_interrupt(_interrupt_behind(stop)))
    return code


def _interrupt_behind(stop: BaseException) -> KeyboardInterrupt:
    """The Ctrl-C or SIGTERM that a ``SystemExit`` stands for (Typer keeps it as a cause)."""
    seen: BaseException | None = stop
    for _ in range(8):  # a chain of causes is short; never follow a cycle for ever
        if seen is None or isinstance(seen, KeyboardInterrupt):
            break
        seen = seen.__cause__ or seen.__context__
    return seen if isinstance(seen, KeyboardInterrupt) else KeyboardInterrupt()


def _terminate(signum: int, frame: FrameType | None) -> None:
    raise Terminated


def is_stdout(output: Path | None) -> bool:
    """True when the output goes to standard output (no --output, or '-')."""
    return output is None or str(output) == "-"
