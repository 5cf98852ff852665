"""The `timeline` command: when a deck was legal, over a format's whole history."""

from collections.abc import Sequence
from typing import Annotated, Literal

import typer

from nrdeck.app.history import HistoryOptions, deck_timeline
from nrdeck.cli.console import print_in_force_notes
from nrdeck.cli.errors import handles_errors
from nrdeck.cli.options import (
    CacheDirOpt,
    DataOpt,
    FormatFileOpt,
    FormatOpt,
    InputFormatOpt,
    OfflineOpt,
    TierOpt,
    choices,
    given,
    read_stdin,
)
from nrdeck.cli.output import emit
from nrdeck.cli.settings import data_settings
from nrdeck.report.history import timeline_json, timeline_text

TIMELINE_HELP = (
    "Show when a deck was legal: the date intervals over which its verdict and problem "
    "codes stay the same, from the format's first period to today."
)


HistoryFormat = Literal["text", "json"]  # --output-format choices of `timeline` and `card`


HistoryFormatOpt = Annotated[
    HistoryFormat,
    typer.Option(
        "--output-format", metavar=choices(HistoryFormat), help="Text or a JSON document."
    ),
]
HistoryQuietOpt = Annotated[
    bool, typer.Option("--quiet", "-q", help="No warning that the card data is old.")
]


@handles_errors
def timeline(
    ctx: typer.Context,
    deck: Annotated[
        str, typer.Argument(metavar="DECK", help="One deck: a file, link, UUID or '-'.")
    ],
    format_id: FormatOpt = "standard",
    format_file: FormatFileOpt = None,
    tier: TierOpt = "casual",
    input_format: InputFormatOpt = None,
    output_format: HistoryFormatOpt = "text",
    offline: OfflineOpt = False,
    data: DataOpt = None,
    cache_dir: CacheDirOpt = None,
    quiet: HistoryQuietOpt = False,
) -> None:
    """Show when a deck was legal in a format (exit 0 whether it is legal or not)."""
    options = HistoryOptions(
        data=data_settings(offline=offline, data=data, cache_dir=cache_dir),
        format_id=format_id,
        tier=tier,
        input_format=input_format,
        stdin_bytes=read_stdin(required=False) if deck == "-" else None,
        format_file=format_file,
        format_given=given(ctx, "format_id"),
    )
    report = deck_timeline(deck, options)
    print_in_force_notes(
        (*report.data.warnings, *report.warnings),
        report.stale_data,
        quiet=quiet,
        format_note=report.format_note,
    )
    if output_format == "json":
        emit(timeline_json(report), machine=True)
    else:
        emit(timeline_text(report))


def register(app: typer.Typer, words: Sequence[str] = ()) -> None:
    """Add `timeline` to the app."""
    app.command("timeline", help=TIMELINE_HELP)(timeline)
