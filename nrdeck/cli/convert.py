"""The `convert` command: read a deck in any format, write it in another."""

import sys
from collections.abc import Sequence
from enum import Enum
from pathlib import Path
from typing import Annotated

import typer

from nrdeck.app.carddata import load_database
from nrdeck.app.check import validate_input_format
from nrdeck.app.convert import convert_deck
from nrdeck.app.decks import DeckSettings
from nrdeck.atomic import write_report
from nrdeck.cli.common import (
    CacheDirOpt,
    DataOpt,
    InputFormatOpt,
    OfflineOpt,
    data_settings,
    handles_errors,
    make_console,
)


class OutputFormat(str, Enum):
    """--to choices (keys of ``nrdeck.decklist.writers.WRITER_BY_FORMAT``)."""

    text = "text"
    markdown = "markdown"
    bbcode = "bbcode"
    jinteki = "jinteki"
    o8d = "o8d"
    json = "json"
    sheet = "sheet"


def convert(
    deck: Annotated[
        str, typer.Argument(help="Decklist file, '-' for standard input, or a NetrunnerDB link.")
    ],
    to: Annotated[OutputFormat, typer.Option("--to", help="Output format.")],
    output: Annotated[
        Path | None,
        typer.Option("--output", "-o", help="Write to this file instead of standard output."),
    ] = None,
    input_format: InputFormatOpt = None,
    offline: OfflineOpt = False,
    data: DataOpt = None,
    cache_dir: CacheDirOpt = None,
) -> None:
    """Write a deck as NetrunnerDB text, Markdown, BBCode, jinteki.net, OCTGN, JSON, or a
    printable sheet (HTML)."""
    validate_input_format(input_format)
    settings = data_settings(offline=offline, data=data, cache_dir=cache_dir)
    db = load_database(settings)
    deck_settings = DeckSettings.from_data(
        settings,
        input_format=input_format,
        stdin_text=sys.stdin.read() if deck == "-" else None,
    )
    result = convert_deck(deck, to.value, db, deck_settings)
    console = make_console(stderr=True)
    for problem in result.deck.problems:
        where = problem.location.source or deck
        where += f":{problem.line}" if problem.line else ""
        console.print(
            f"{where}: {problem.severity.value}: {problem.code}: {problem.message}",
            markup=False,
            highlight=False,
            soft_wrap=True,
        )
    _write(result.text, output)
    if not result.complete:
        raise typer.Exit(1)


def _write(text: str, output: Path | None) -> None:
    if output is None:
        sys.stdout.write(text)
        return
    write_report(output, text)


def register(app: typer.Typer, words: Sequence[str] = ()) -> None:
    """Add this module's commands to the app."""
    app.command("convert")(handles_errors(convert))
