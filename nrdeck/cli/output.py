"""The one output writer: what a command rendered, to standard output or to ``--output FILE``.

Every command hands its rendering here: plain text, a ``Styled`` block (colour on a terminal,
plain text elsewhere), a Rich renderable (tables), or a machine document (UTF-8 bytes on
stdout, whatever the stream's encoding). A file is written atomically, never onto an input.
"""

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from nrdeck.atomic import refuse_inputs, write_report
from nrdeck.cli.console import ColorMode, make_console, use_colour
from nrdeck.cli.streams import is_stdout, write_machine, write_text
from nrdeck.errors import UsageError
from nrdeck.report.styled import Styled

if TYPE_CHECKING:
    from typing import TypeAlias

    from rich.console import RenderableType

    Rendered: TypeAlias = str | Styled | RenderableType
TABLE_WIDTH = 120  # a table's width when it does not go to a terminal


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
    if isinstance(rendered, Styled):
        if use_colour(color, output):
            make_console(color=color).print(rendered.to_rich(), soft_wrap=True, highlight=False)
            return
        rendered = rendered.plain()
    if not isinstance(rendered, str):
        _renderable(rendered, output, color, inputs, width)
        return
    if output is not None and not is_stdout(output):
        write_report(output, rendered, inputs=inputs)
    elif machine:
        write_machine(rendered)
    else:
        write_text(rendered)


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
    console.print(rendered, soft_wrap=False, highlight=False)


def plain_text(renderable: "RenderableType") -> str:
    """A Rich renderable as plain text, for a file."""
    import io

    from rich.console import Console

    buffer = io.StringIO()
    Console(file=buffer, no_color=True, width=TABLE_WIDTH, force_terminal=False).print(renderable)
    return buffer.getvalue()


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
