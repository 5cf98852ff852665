"""The `diff` command: are two decks the same list? (order and printings ignored)"""

import sys
from collections.abc import Sequence
from enum import Enum
from pathlib import Path
from typing import Annotated

import typer

from nrdeck.app.carddata import load_database
from nrdeck.app.decks import DeckSettings
from nrdeck.app.diff import diff_specs
from nrdeck.atomic import write_report
from nrdeck.cli.common import (
    CacheDirOpt,
    DataOpt,
    OfflineOpt,
    data_settings,
    handles_errors,
    print_warnings,
)
from nrdeck.report.diff import render_diff_json, render_diff_text
from nrdeck.report.safe import one_line

DIFF_HELP = (
    "Compare two decks from any sources nrdeck reads (files, NetrunnerDB links, '-', or "
    "ROSTER#PLAYER[:corp|:runner] for one registration of a roster such as Cobra's export), "
    "ignoring order and printings. Exit 0 when identical, 1 when not."
)


class DiffOutput(str, Enum):
    """--output-format choices for `nrdeck diff`."""

    text = "text"
    json = "json"


def register(app: typer.Typer, words: Sequence[str] = ()) -> None:
    """Add this module's commands to the app."""
    app.command("diff", help=DIFF_HELP)(diff)


@handles_errors
def diff(
    a: Annotated[str, typer.Argument(help="The first deck (the reference).")],
    b: Annotated[str, typer.Argument(help="The second deck (compared with the first).")],
    output_format: Annotated[
        DiffOutput, typer.Option("--output-format", help="text or json.")
    ] = DiffOutput.text,
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="Write the report to this file.")
    ] = None,
    offline: OfflineOpt = False,
    data: DataOpt = None,
    cache_dir: CacheDirOpt = None,
) -> None:
    """Compare two decks."""
    data_opts = data_settings(offline=offline, data=data, cache_dir=cache_dir)
    db = load_database(data_opts)
    stdin = sys.stdin.read() if "-" in (a, b) else None
    deck_settings = DeckSettings.from_data(data_opts, stdin_text=stdin)
    result, first, second = diff_specs(a, b, db, deck_settings)
    print_warnings(
        one_line(f"{p.location.source or name}: {p.code}: {p.message}")
        for name, deck in ((a, first), (b, second))
        for p in deck.problems
    )
    rendered = (
        render_diff_json(result) if output_format is DiffOutput.json else render_diff_text(result)
    )
    if output is None:
        sys.stdout.write(rendered)
    else:
        write_report(output, rendered)
    raise typer.Exit(0 if result.same else 1)
