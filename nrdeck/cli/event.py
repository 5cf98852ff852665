"""The `event` command: check every registered deck of a tournament roster."""

import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from nrdeck.app.carddata import load_database
from nrdeck.app.decks import DeckSettings
from nrdeck.app.event import EventSettings, ProgressFn, run_event
from nrdeck.app.roster import read_roster
from nrdeck.app.selection import make_selection
from nrdeck.atomic import write_report
from nrdeck.cli.common import (
    AsOfOpt,
    BanlistOpt,
    CacheDirOpt,
    ColorMode,
    ColorOpt,
    DataOpt,
    FormatFileOpt,
    FormatOpt,
    OfflineOpt,
    QuietOpt,
    SnapshotOpt,
    Tier,
    TierOpt,
    data_settings,
    handles_errors,
    live_widgets_allowed,
    make_console,
    parse_as_of,
    print_period_notes,
    print_warnings,
)
from nrdeck.report.event_reporters import EVENT_REPORTER_BY_NAME
from nrdeck.report.event_text import summary_line

if TYPE_CHECKING:
    from rich.console import RenderableType

EVENT_HELP = (
    "Check every registered deck of a tournament roster: each player's Corp and Runner "
    "deck (files, NetrunnerDB links or UUIDs, decklist text) against the format on the "
    "event date. Exit 0 all legal, 1 any deck or registration illegal, 3 a deck could "
    "not be fetched."
)
TABLE_WIDTH = 120


class EventOutput(str, Enum):
    """--output-format choices for `nrdeck event`."""

    table = "table"
    json = "json"
    csv = "csv"
    markdown = "markdown"


def register(app: typer.Typer, words: Sequence[str] = ()) -> None:
    """Add this module's commands to the app."""
    app.command("event", help=EVENT_HELP)(event)


@handles_errors
def event(
    roster: Annotated[
        Path,
        typer.Argument(
            help="Roster CSV (header player,corp,runner; extra columns kept) or JSON list.",
            dir_okay=False,
        ),
    ],
    format_id: FormatOpt = "standard",
    as_of: AsOfOpt = None,
    snapshot: SnapshotOpt = None,
    banlist: BanlistOpt = None,
    format_file: FormatFileOpt = None,
    tier: TierOpt = Tier.competitive,
    changed_since: Annotated[
        str | None,
        typer.Option(
            "--changed-since",
            help="An older ban list id: show which decks were legal under it and are not now.",
        ),
    ] = None,
    output_format: Annotated[
        EventOutput, typer.Option("--output-format", help="table, json, csv or markdown.")
    ] = EventOutput.table,
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="Write the report to this file.")
    ] = None,
    offline: OfflineOpt = False,
    data: DataOpt = None,
    cache_dir: CacheDirOpt = None,
    color: ColorOpt = ColorMode.auto,
    quiet: QuietOpt = False,
) -> None:
    """Check every registered deck of a roster before the event."""
    selection = make_selection(
        format_id=format_id,
        as_of=parse_as_of(as_of),
        snapshot_id=snapshot,
        banlist_id=banlist,
        format_file=format_file,
        tier=tier.value,
    )
    settings = EventSettings(selection=selection, changed_since=changed_since)
    the_roster = read_roster(roster)
    data_opts = data_settings(offline=offline, data=data, cache_dir=cache_dir)
    db = load_database(data_opts)
    deck_settings = DeckSettings.from_data(data_opts)
    show_progress = live_widgets_allowed(quiet) and (
        output_format is EventOutput.table or output is not None
    )
    with _progress(show_progress, color) as progress:
        report = run_event(the_roster, db, settings, deck_settings, progress)
    if not quiet:
        print_warnings(db.info.warnings)
    print_period_notes(report.period, quiet=quiet)
    rendered = EVENT_REPORTER_BY_NAME[output_format.value](report, quiet=quiet)
    _write(rendered, output, color)
    if not quiet:
        make_console(stderr=True, color=color).print(summary_line(report), highlight=False)
    raise typer.Exit(int(report.exit_code))


@contextmanager
def _progress(enabled: bool, color: ColorMode) -> Iterator[ProgressFn | None]:
    """A Rich progress bar on stderr while decks are read and fetched (terminals only)."""
    if not enabled:
        yield None
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    console = make_console(stderr=True, color=color)
    columns = (
        TextColumn("checking decks"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.description}"),
    )
    with Progress(*columns, console=console, transient=True) as bar:
        task = bar.add_task("", total=None)

        def advance(done: int, total: int, label: str) -> None:
            bar.update(task, completed=done, total=total, description=label)

        yield advance


def _write(rendered: "str | RenderableType", output: Path | None, color: ColorMode) -> None:
    """The report to stdout (the table through the console), or to --output FILE."""
    if output is None:
        if isinstance(rendered, str):
            sys.stdout.write(rendered)
            sys.stdout.flush()
        else:
            console = make_console(color=color)
            if not console.is_terminal:
                console.width = TABLE_WIDTH
            console.print(rendered)
        return
    write_report(output, rendered if isinstance(rendered, str) else _plain(rendered))


def _plain(renderable: "RenderableType") -> str:
    """A renderable as plain text, for a file."""
    import io

    from rich.console import Console

    buffer = io.StringIO()
    Console(file=buffer, no_color=True, width=TABLE_WIDTH, force_terminal=False).print(renderable)
    return buffer.getvalue()
