"""The `event` command: check every registered deck of a tournament roster."""

import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Literal

import typer

from nrdeck.app.event.decks import EventProgress
from nrdeck.app.event.files import (
    parse_columns,
    render_options,
    sheets_document,
    write_messages,
)
from nrdeck.app.event.run import EventSettings, run_event
from nrdeck.app.inputs.cards import load_database
from nrdeck.app.inputs.decks import DeckSettings
from nrdeck.app.inputs.remote import DEFAULT_JOBS
from nrdeck.app.inputs.roster import read_roster
from nrdeck.app.inputs.selection import make_selection
from nrdeck.atomic import refuse_inputs, write_report
from nrdeck.cli.console import (
    ColorMode,
    live_widgets_allowed,
    make_console,
    print_period_notes,
    print_tracebacks,
    print_warnings,
)
from nrdeck.cli.errors import handles_errors
from nrdeck.cli.options import (
    AsOfOpt,
    BanlistOpt,
    CacheDirOpt,
    ColorOpt,
    DataOpt,
    FormatFileOpt,
    FormatOpt,
    JobsOpt,
    LangOpt,
    OfflineOpt,
    QuietOpt,
    SnapshotOpt,
    TierOpt,
    choices,
)
from nrdeck.cli.settings import data_settings, parse_as_of
from nrdeck.cli.streams import is_stdout
from nrdeck.errors import UsageError
from nrdeck.report.event.common import summary_line
from nrdeck.report.event.registry import EVENT_REPORTER_BY_NAME
from nrdeck.report.safe import one_line
from nrdeck.roster import ReadOptions

if TYPE_CHECKING:
    from rich.console import RenderableType

EVENT_HELP = (
    "Check every registered deck of a tournament roster (Cobra's decks export, Always Be "
    "Running entries, a sign-up sheet or any CSV) against the format on the event date: a "
    "status per player, what each must fix, messages to send and printable decklists. Exit "
    "0 all ready, 1 any deck or registration to fix, 3 NetrunnerDB could not be reached."
)
TABLE_WIDTH = 120


# --output-format choices for `nrdeck event`.
EventOutput = Literal["table", "json", "csv", "markdown", "html", "sheets"]


# --roster-format choices (keys of ``nrdeck.roster.READER_BY_FORMAT``).
RosterFormat = Literal["cobra-json", "cobra-csv", "abr-json", "json", "csv"]


Audience = Literal["public", "organiser"]  # --audience choices


SortOrder = Literal["status", "name", "table"]  # --sort choices


def register(app: typer.Typer, words: Sequence[str] = ()) -> None:
    """Add this module's commands to the app."""
    app.command("event", help=EVENT_HELP)(event)


@handles_errors
def event(
    roster: Annotated[
        Path,
        typer.Argument(
            metavar="ROSTER",
            help="Cobra's decks JSON or CSV export, Always Be Running entries JSON, a JSON "
            "list, or any CSV (header player,corp,runner, or mapped with --columns).",
            dir_okay=False,
        ),
    ],
    roster_format: Annotated[
        RosterFormat | None,
        typer.Option(
            "--roster-format",
            metavar=choices(RosterFormat),
            help="Force the roster format (detected by default).",
        ),
    ] = None,
    columns: Annotated[
        str | None,
        typer.Option(
            "--columns",
            metavar="MAPPING",
            help='Map a CSV\'s columns: player="Name",corp="Corp deck",runner="Runner deck".',
        ),
    ] = None,
    format_id: FormatOpt = "standard",
    as_of: AsOfOpt = None,
    snapshot: SnapshotOpt = None,
    banlist: BanlistOpt = None,
    format_file: FormatFileOpt = None,
    tier: TierOpt = "competitive",
    cardpool_up_to: Annotated[
        str | None,
        typer.Option(
            "--cardpool-up-to",
            metavar="SET",
            help="Limit the pool to sets released up to this set (id or name).",
        ),
    ] = None,
    changed_since: Annotated[
        str | None,
        typer.Option(
            "--changed-since",
            metavar="ID",
            help="An older ban list id: show which decks were legal under it and are not now.",
        ),
    ] = None,
    compare_with: Annotated[
        Path | None,
        typer.Option(
            "--compare-with",
            metavar="ROSTER",
            dir_okay=False,
            help="Another roster (e.g. Cobra's export): mark players whose lists differ.",
        ),
    ] = None,
    output_format: Annotated[
        EventOutput,
        typer.Option(
            "--output-format",
            metavar=choices(EventOutput),
            help="Output format.",
        ),
    ] = "table",
    output: Annotated[
        Path | None,
        typer.Option(
            "--output", "-o", metavar="FILE", help="Write the report to FILE ('-': stdout)."
        ),
    ] = None,
    audience: Annotated[
        Audience | None,
        typer.Option(
            "--audience",
            metavar=choices(Audience),
            help="markdown/html: public (default: names and statuses only) or organiser.",
        ),
    ] = None,
    public_columns: Annotated[
        str | None,
        typer.Option(
            "--public-columns", metavar="COLS", help="Roster columns a public page may show."
        ),
    ] = None,
    excel: Annotated[bool, typer.Option("--excel", help="CSV with a BOM for Excel.")] = False,
    sort: Annotated[
        SortOrder,
        typer.Option(
            "--sort",
            metavar=choices(SortOrder),
            help="status (worst first), name, or table (roster order).",
        ),
    ] = "status",
    messages: Annotated[
        Path | None,
        typer.Option(
            "--messages",
            metavar="DIR",
            file_okay=False,
            help="Write one Markdown message per player who must act.",
        ),
    ] = None,
    event_name: Annotated[
        str | None,
        typer.Option("--event-name", metavar="NAME", help="The event's name on printed decklists."),
    ] = None,
    allow_paths_outside: Annotated[
        bool,
        typer.Option(
            "--allow-paths-outside",
            help="Let roster cells name files outside the roster's folder.",
        ),
    ] = False,
    jobs: JobsOpt = DEFAULT_JOBS,
    offline: OfflineOpt = False,
    data: DataOpt = None,
    cache_dir: CacheDirOpt = None,
    color: ColorOpt = "auto",
    quiet: QuietOpt = False,
    lang: LangOpt = None,
) -> None:
    """Check every registered deck of a roster before the event."""
    if lang is not None and output_format != "sheets":
        raise UsageError("--lang prints card titles on sheets only", hint="--output-format sheets")
    selection = make_selection(
        format_id=format_id,
        as_of=parse_as_of(as_of),
        snapshot_id=snapshot,
        banlist_id=banlist,
        format_file=format_file,
        tier=tier,
    )
    settings = EventSettings(
        selection=selection,
        changed_since=changed_since,
        cardpool_up_to=cardpool_up_to,
        allow_outside=allow_paths_outside,
        sort=sort,
        jobs=jobs,
    )
    inputs = [p for p in (roster, compare_with, data, format_file) if p is not None]
    if output is not None and not is_stdout(output):
        refuse_inputs(output, inputs)
    read = ReadOptions(columns=parse_columns(columns))
    the_roster = read_roster(roster, read, roster_format)
    failures: list[str] = []

    def keep_traceback(source: str, exc: BaseException) -> None:
        import traceback  # only a run that met a bug pays for it

        failures.append(f"{source}:\n" + "".join(traceback.format_exception(exc)))

    other = read_roster(compare_with) if compare_with is not None else None
    data_opts = data_settings(offline=offline, data=data, cache_dir=cache_dir)
    db = load_database(data_opts)
    deck_settings = DeckSettings.from_data(data_opts)
    show_progress = live_widgets_allowed(quiet) and (output_format == "table" or output is not None)
    with _progress(show_progress, color) as progress:
        report = run_event(the_roster, db, settings, deck_settings, progress, other, keep_traceback)
    print_tracebacks(failures)
    if not quiet:
        print_warnings((*the_roster.warnings, *db.info.warnings))
    print_period_notes(report.period, quiet=quiet)
    if output_format == "sheets":
        rendered: str | RenderableType = sheets_document(
            report, db, event_name or roster.stem, lang or "en"
        )
    else:
        shown = [c.strip() for c in (public_columns or "").split(",") if c.strip()]
        options = render_options(
            report,
            output_format,
            audience=audience,
            public_columns=shown,
            quiet=quiet,
            excel=excel,
        )
        rendered = EVENT_REPORTER_BY_NAME[output_format](report, options)
    _write(rendered, output, color)
    if messages is not None:
        written = write_messages(report, messages)
        if not quiet:
            make_console(stderr=True, color=color).print(
                f"{len(written)} messages written to {messages}", markup=False, highlight=False
            )
    if not quiet:
        make_console(stderr=True, color=color).print(
            summary_line(report), markup=False, highlight=False, soft_wrap=True
        )
    raise typer.Exit(int(report.exit_code))


@contextmanager
def _progress(enabled: bool, color: ColorMode) -> Iterator[EventProgress | None]:
    """A Rich progress bar on stderr while decks are fetched and checked (terminals only)."""
    if not enabled:
        yield None
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    console = make_console(stderr=True, color=color)
    columns = (
        TextColumn("{task.fields[phase]}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.description}", markup=False),
    )
    with Progress(*columns, console=console, transient=True) as bar:
        task = bar.add_task("", total=None, phase="checking decks")

        def advance(phase: str, done: int, total: int, label: str) -> None:
            shown = one_line(label)
            bar.update(task, completed=done, total=total, description=shown, phase=f"{phase} decks")

        yield advance


def _write(rendered: "str | RenderableType", output: Path | None, color: ColorMode) -> None:
    """The report to stdout (the table through the console), or to --output FILE."""
    if output is None or is_stdout(output):
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
