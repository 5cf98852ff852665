"""The one output writer: what a command rendered, to standard output or to ``--output FILE``.

Every command hands its rendering here: plain text, a ``Styled`` block (colour on a terminal,
plain text elsewhere), a Rich renderable (tables), or a machine document (UTF-8 bytes on
stdout, whatever the stream's encoding). A file is written atomically, never onto an input.
A report written piece by piece (``ReportSink``) goes the same ways: to standard output as
each piece comes, or into a temp file that replaces ``--output FILE`` once the report is whole.
"""

import io
from collections.abc import Iterable, Mapping
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING

from nrdeck.atomic import ReportFile, refuse_inputs, write_report
from nrdeck.cli.console import ColorMode, make_console, use_colour
from nrdeck.cli.streams import is_stdout, write_machine, write_text
from nrdeck.errors import UsageError
from nrdeck.report.styled import Styled

if TYPE_CHECKING:
    from typing import TypeAlias

    from rich.console import Console, RenderableType

    Rendered: TypeAlias = str | Styled | RenderableType
TABLE_WIDTH = 120  # a table's width when it does not go to a terminal
HELD_IN_MEMORY = 4 << 20  # bytes of held pieces kept in memory before a temp file
HELD_CHUNK = 1 << 20  # characters written at a time when held pieces are let go


def refuse_onto_inputs(output: Path | None, inputs: Iterable[str | Path]) -> None:
    """Exit 2 before any work when ``--output`` names one of the run's inputs."""
    if output is not None and not is_stdout(output):
        refuse_inputs(output, list(inputs))


def emit(
    rendered: "Rendered",
    output: Path | None = None,
    color: ColorMode = "auto",
    *,
    machine: bool = False,
    inputs: Iterable[str | Path] = (),
    width: int | None = None,
) -> None:
    """Write a command's result (``machine``: a document for programs, never coloured;
    ``width``: a table's width when it does not go to a terminal)."""
    if not isinstance(rendered, (str, Styled)):
        _renderable(rendered, output, color, inputs, width)
        return
    inputs = list(inputs)
    refuse_onto_inputs(output, inputs)  # before a FIFO or a temp file is opened
    with ReportSink(output, color, machine=machine) as sink:
        sink.write(rendered)
        sink.close(inputs)


class ReportSink:
    """Where a report written piece by piece goes, as ``emit`` would write it whole: standard
    output as each piece comes (``Styled`` pieces in colour on a terminal), or ``--output
    FILE``, which is replaced only by ``close`` (leaving the block by an exception leaves the
    file as it was). ``machine``: a document for programs, never coloured.
    """

    def __init__(self, output: Path | None, color: ColorMode = "auto", *, machine: bool) -> None:
        self._output = output if output is not None and not is_stdout(output) else None
        self._file: ReportFile | None = None
        coloured = not machine and use_colour(color, output)
        self._console = make_console(color=color) if coloured else None
        self._machine = machine
        self._coloured = False  # a piece went through the colour console

    def __enter__(self) -> "ReportSink":
        """Open ``--output FILE``'s temp file: here, so that from its first moment leaving
        the block (Ctrl-C and SIGTERM included) removes it."""
        if self._output is not None:
            self._file = ReportFile(self._output)  # removes its temp file if it cannot finish
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        if self._file is not None:
            self._file.discard()

    def write(self, piece: "str | Styled") -> None:
        """Write one piece now (nothing for an empty one)."""
        if isinstance(piece, Styled):
            if self._console is not None:
                if piece.lines:
                    self._console.print(piece.to_rich(), soft_wrap=True, highlight=False)
                    self._coloured = True
                return
            piece = piece.plain()
        if not piece:
            return
        if self._file is not None:
            self._file.write(piece)
        elif self._machine:
            write_machine(piece)
        else:
            write_text(piece)

    def close(self, inputs: Iterable[str | Path] = ()) -> None:
        """The report is whole: put ``--output FILE`` in place (a usage error when it is one of
        ``inputs``)."""
        if self._console is not None and not self._coloured:
            self._console.print("")  # a colour console prints an empty report as an empty line
        if self._file is not None:
            self._file.commit(inputs)


class HeldPieces:
    """Pieces that wait for the opening of their report (JUnit's counts, known once every
    deck is rendered): in memory up to ``HELD_IN_MEMORY`` bytes, then in a temp file, so
    that a run of any size holds little."""

    def __init__(self) -> None:
        import tempfile  # only a report that holds its pieces pays for it

        self._file = tempfile.SpooledTemporaryFile(  # noqa: SIM115 - closed by drain
            max_size=HELD_IN_MEMORY, mode="w+", encoding="utf-8", errors="surrogatepass", newline=""
        )

    def write(self, piece: "str | Styled") -> None:
        """Hold one more piece."""
        self._file.write(piece.plain() if isinstance(piece, Styled) else piece)

    def drain(self, sink: ReportSink) -> None:
        """Write every piece held, in order, and let them go."""
        with self._file:
            self._file.seek(0)
            while chunk := self._file.read(HELD_CHUNK):
                sink.write(chunk)


def _renderable(
    rendered: "RenderableType",
    output: Path | None,
    color: ColorMode,
    inputs: Iterable[str | Path],
    width: int | None,
) -> None:
    if output is not None and not is_stdout(output):
        write_report(output, plain_text(rendered), inputs=inputs)
        return
    console = make_console(color=color)
    if width is not None and not console.is_terminal:
        console.width = width
    laid_out = _plain_layout(rendered, console)
    if laid_out is not None:
        write_text(laid_out)
    else:
        console.print(rendered, soft_wrap=False, highlight=False)


def plain_text(renderable: "RenderableType") -> str:
    """A Rich renderable as plain text, for a file."""
    from rich.console import Console

    buffer = io.StringIO()
    console = Console(file=buffer, no_color=True, width=TABLE_WIDTH, force_terminal=False)
    laid_out = _plain_layout(renderable, console)
    if laid_out is not None:
        return laid_out
    console.print(renderable)
    return buffer.getvalue()


def _plain_layout(rendered: "RenderableType", console: "Console") -> str | None:
    """What the console would print for a renderable that lays itself out as plain text
    (``plain_layout(width)``: the event table), computed without Rich's renderer; None when
    it has no such layout or the console is not plain (a terminal, colour, a legacy Windows
    console, an encoding other than UTF-8: Rich's box characters change)."""
    layout = getattr(rendered, "plain_layout", None)
    if layout is None or console.is_terminal or console.color_system is not None:
        return None
    if console.legacy_windows or not console.encoding.lower().startswith("utf"):
        return None
    laid_out: str | None = layout(console.width)
    return laid_out


def write_files(folder: Path, files: Mapping[str, str], what: str) -> list[Path]:
    """Files a run produced (``what``: 'messages') written into ``folder``, atomically."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise UsageError(
            f"{folder}: cannot create the {what} folder: {err.strerror or err}"
        ) from None
    if not folder.is_dir():
        raise UsageError(f"{folder} is not a folder")
    written = []
    for name, text in files.items():
        path = folder / name
        write_report(path, text)
        written.append(path)
    return written
