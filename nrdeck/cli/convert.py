"""The `convert` command: read a deck in any format, write it in another."""

from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Literal

import typer

from nrdeck.app.convert import convert_run
from nrdeck.app.inputs.sources import FileSource, deck_source
from nrdeck.cli.console import print_info, print_warnings
from nrdeck.cli.errors import handles_errors
from nrdeck.cli.options import (
    CacheDirOpt,
    DataOpt,
    InputFormatOpt,
    LangOpt,
    NoCacheOpt,
    OfflineOpt,
    OutputOpt,
    choices,
    read_stdin,
)
from nrdeck.cli.output import emit, refuse_onto_inputs
from nrdeck.cli.settings import data_settings

# --to choices (keys of ``nrdeck.decklist.writers.WRITER_BY_FORMAT``).
OutputFormat = Literal["text", "markdown", "bbcode", "jinteki", "o8d", "json", "sheet"]


def convert(
    deck: Annotated[
        str,
        typer.Argument(
            metavar="DECK",
            help="Decklist file, '-' for standard input, decklist text, or a NetrunnerDB link.",
        ),
    ],
    to: Annotated[
        OutputFormat,
        typer.Option(
            "--to",
            metavar=choices(OutputFormat),
            help="Output format.",
        ),
    ],
    output: OutputOpt = None,
    input_format: InputFormatOpt = None,
    offline: OfflineOpt = False,
    data: DataOpt = None,
    cache_dir: CacheDirOpt = None,
    no_cache: NoCacheOpt = False,
    lang: LangOpt = None,
) -> None:
    """Write a deck as NetrunnerDB text, Markdown, BBCode, jinteki.net, OCTGN, JSON, or a
    printable sheet (HTML)."""
    inputs: list[str | Path] = [deck] if isinstance(deck_source(deck), FileSource) else []
    refuse_onto_inputs(output, [*inputs, *([data] if data is not None else [])])
    run = convert_run(
        deck,
        to,
        data_settings(offline=offline, data=data, cache_dir=cache_dir, no_cache=no_cache),
        input_format,
        read_stdin(required=False) if deck == "-" else None,
        lang,
    )
    print_warnings(run.warnings)
    result = run.result
    for problem in result.deck.problems:
        where = problem.location.source or result.deck.source
        where += f":{problem.line}" if problem.line else ""
        print_info(f"{where}: {problem.severity.value}: {problem.code}: {problem.message}")
    emit(result.text, output, machine=True, inputs=[*inputs, *([data] if data else [])])
    if not result.complete:
        raise typer.Exit(1)


def register(app: typer.Typer, words: Sequence[str] = ()) -> None:
    """Add this module's commands to the app."""
    app.command("convert")(handles_errors(convert))
