"""The `convert` command: read a deck in any format, write it in another."""

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Literal

import typer

from nrdeck.app.check import validate_input_format
from nrdeck.app.convert import convert_deck
from nrdeck.app.inputs.cards import load_database
from nrdeck.app.inputs.decks import DeckSettings
from nrdeck.app.inputs.sources import FileSource, deck_source
from nrdeck.atomic import refuse_inputs
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
)
from nrdeck.cli.settings import data_settings
from nrdeck.cli.streams import emit_output, is_stdout, read_stdin, write_text
from nrdeck.report.safe import one_line

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
    validate_input_format(input_format)
    inputs: list[str | Path] = [deck] if isinstance(deck_source(deck), FileSource) else []
    inputs += [data] if data is not None else []
    if output is not None and not is_stdout(output):
        refuse_inputs(output, inputs)
    settings = data_settings(offline=offline, data=data, cache_dir=cache_dir, no_cache=no_cache)
    db = load_database(settings)
    deck_settings = DeckSettings.from_data(
        settings,
        input_format=input_format,
        stdin_bytes=read_stdin(required=False) if deck == "-" else None,
    )
    result = convert_deck(deck, to, db, deck_settings, lang)
    for problem in result.deck.problems:
        where = problem.location.source or result.deck.source
        where += f":{problem.line}" if problem.line else ""
        line = f"{where}: {problem.severity.value}: {problem.code}: {problem.message}"
        write_text(one_line(line) + "\n", sys.stderr)
    emit_output(result.text, output, machine=True, inputs=inputs)  # a decklist: exact text
    if not result.complete:
        raise typer.Exit(1)


def register(app: typer.Typer, words: Sequence[str] = ()) -> None:
    """Add this module's commands to the app."""
    app.command("convert")(handles_errors(convert))
