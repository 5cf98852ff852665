"""The `timeline` command: when a deck was legal, over a format's whole history."""

import datetime as dt
import sys
from collections.abc import Sequence
from enum import Enum
from typing import Annotated

import typer

from nrdeck.app.history import HistoryOptions, deck_timeline
from nrdeck.cli.common import (
    CacheDirOpt,
    DataOpt,
    FormatOpt,
    InputFormatOpt,
    OfflineOpt,
    QuietOpt,
    Tier,
    TierOpt,
    data_settings,
    handles_errors,
    print_notes,
)
from nrdeck.report.history import timeline_json, timeline_text

TIMELINE_HELP = (
    "Show when a deck was legal: the date intervals over which its verdict and problem "
    "codes stay the same, from the format's first period to today."
)


class HistoryFormat(str, Enum):
    """--output-format choices of `timeline` and `card`."""

    text = "text"
    json = "json"


HistoryFormatOpt = Annotated[HistoryFormat, typer.Option("--output-format", help="text or json.")]


@handles_errors
def timeline(
    deck: Annotated[
        str, typer.Argument(metavar="DECK", help="One deck: a file, link, UUID or '-'.")
    ],
    format_id: FormatOpt = "standard",
    tier: TierOpt = Tier.casual,
    input_format: InputFormatOpt = None,
    output_format: HistoryFormatOpt = HistoryFormat.text,
    offline: OfflineOpt = False,
    data: DataOpt = None,
    cache_dir: CacheDirOpt = None,
    quiet: QuietOpt = False,
) -> None:
    """Show when a deck was legal in a format (exit 0 whether it is legal or not)."""
    options = HistoryOptions(
        data=data_settings(offline=offline, data=data, cache_dir=cache_dir),
        today=dt.date.today(),
        format_id=format_id,
        tier=tier.value,
        input_format=input_format,
        stdin_text=sys.stdin.read() if deck == "-" else None,
    )
    report = deck_timeline(deck, options)
    print_notes((*report.data.warnings, *report.warnings), report.stale_data, quiet=quiet)
    rendered = timeline_json(report) if output_format is HistoryFormat.json else None
    sys.stdout.write(rendered or timeline_text(report))


def register(app: typer.Typer, words: Sequence[str] = ()) -> None:
    """Add `timeline` to the app."""
    app.command("timeline", help=TIMELINE_HELP)(timeline)
