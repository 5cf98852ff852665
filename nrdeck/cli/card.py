"""The `card` command: a card's facts, printings, history per format and dated errata."""

from collections.abc import Sequence
from typing import Annotated

import typer

from nrdeck.app.history import HistoryOptions, card_history
from nrdeck.cli.console import print_in_force_notes
from nrdeck.cli.errors import handles_errors
from nrdeck.cli.options import CacheDirOpt, DataOpt, OfflineOpt, TierOpt
from nrdeck.cli.output import emit
from nrdeck.cli.settings import data_settings
from nrdeck.cli.timeline import HistoryFormatOpt, HistoryQuietOpt
from nrdeck.report.history import card_json, card_text

CARD_HELP = (
    "Show a card: its facts, printings, and per format when it was in the pool, banned, "
    "restricted or worth Eternal points (with the list), and its dated errata."
)


@handles_errors
def card(
    title: Annotated[
        str,
        typer.Argument(metavar="TITLE", help="A card title (as in decklists), code or id."),
    ],
    tier: TierOpt = "casual",
    output_format: HistoryFormatOpt = "text",
    offline: OfflineOpt = False,
    data: DataOpt = None,
    cache_dir: CacheDirOpt = None,
    quiet: HistoryQuietOpt = False,
) -> None:
    """Show a card's facts and history (an unknown title: exit 2 with suggestions)."""
    options = HistoryOptions(
        data=data_settings(offline=offline, data=data, cache_dir=cache_dir),
        tier=tier,
    )
    report = card_history(title, options)
    print_in_force_notes((*report.data.warnings, *report.warnings), report.stale_data, quiet=quiet)
    if output_format == "json":
        emit(card_json(report), machine=True)
    else:
        emit(card_text(report))


def register(app: typer.Typer, words: Sequence[str] = ()) -> None:
    """Add `card` to the app."""
    app.command("card", help=CARD_HELP)(card)
