"""The `event` command: check every registered deck of a tournament roster."""

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Literal

import typer

from nrdeck.app.event.cobra import CobraRequest
from nrdeck.app.event.command import EventOptions, EventRun, event_run
from nrdeck.app.event.decks import EventProgress
from nrdeck.app.event.files import render_options
from nrdeck.app.inputs.remote import DEFAULT_JOBS
from nrdeck.cli.console import (
    ColorMode,
    live_widgets_allowed,
    make_console,
    print_notes,
    print_period_notes,
    print_summary,
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
    given,
    local_file,
)
from nrdeck.cli.output import TABLE_WIDTH, emit, refuse_onto_inputs, write_files
from nrdeck.cli.settings import cobra_url, data_settings, selection_options
from nrdeck.cli.streams import is_stdout
from nrdeck.cobra import DEFAULT_COBRA_URL, CobraSettings
from nrdeck.errors import UsageError
from nrdeck.report.event.common import cobra_lines, summary_line
from nrdeck.report.event.registry import EVENT_REPORTER_BY_NAME
from nrdeck.report.safe import one_line

if TYPE_CHECKING:
    from rich.console import RenderableType

EVENT_HELP = (
    "Check every registered deck of a tournament roster (Cobra's decks export, Always Be "
    "Running entries, a sign-up sheet or any CSV) against the format on the event date: a "
    "status per player, what each must fix, messages to send and printable decklists. Exit "
    "0 all ready, 1 any deck or registration to fix, 3 NetrunnerDB or Cobra could not be "
    "reached."
)


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
    ctx: typer.Context,
    roster: Annotated[
        Path,
        typer.Argument(
            metavar="ROSTER",
            help="Cobra's decks JSON or CSV export, Always Be Running entries JSON, a JSON "
            "list, or any CSV (header player,corp,runner, or mapped with --columns).",
            parser=local_file(
                "rosters", hint="save Cobra's 'Download decks' export (--cobra takes the link)"
            ),
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
    cobra: Annotated[
        str | None,
        typer.Option(
            "--cobra",
            metavar="TOURNAMENT",
            help="Take the date, format, ban list, card pool and tier from this Cobra "
            "tournament (its id, its page's URL or its short link) and compare its players "
            "with the roster's.",
        ),
    ] = None,
    cobra_url: Annotated[
        str | None,
        typer.Option(
            "--cobra-url",
            metavar="URL",
            help="Cobra's address (default: NRDECK_COBRA_URL, else "
            "https://tournaments.nullsignal.games).",
        ),
    ] = None,
    jobs: JobsOpt = DEFAULT_JOBS,
    offline: OfflineOpt = False,
    data: DataOpt = None,
    cache_dir: CacheDirOpt = None,
    color: ColorOpt = "auto",
    quiet: QuietOpt = False,
    lang: LangOpt = None,
) -> None:
    """Check every registered deck of a roster before the event."""
    refuse_onto_inputs(output, [p for p in (roster, compare_with, data, format_file) if p])
    options = EventOptions(
        roster=roster,
        data=data_settings(offline=offline, data=data, cache_dir=cache_dir),
        selection=selection_options(
            format_id=format_id, as_of=as_of, snapshot=snapshot, banlist=banlist,
            format_file=format_file, tier=tier, format_given=given(ctx, "format_id"),
        ),
        changed_since=changed_since, cardpool_up_to=cardpool_up_to,
        allow_outside=allow_paths_outside, sort=sort, jobs=jobs,
        roster_format=roster_format, columns=columns, compare_with=compare_with,
        sheets_for=(event_name or roster.stem) if output_format == "sheets" else None,
        sheets_named=event_name is not None, messages=messages is not None, language=lang,
        cobra=_cobra(ctx, cobra, cobra_url),
    )  # fmt: skip
    show_progress = live_widgets_allowed(quiet) and (output_format == "table" or output is not None)
    with _progress(show_progress, color) as progress:
        run = event_run(options, progress)
    print_tracebacks(run.failures)
    print_warnings(() if quiet else run.warnings)
    print_period_notes(run.report.period, quiet=quiet)
    # the tournament's lines head the table and the Markdown page: said on stderr only when
    # the report goes elsewhere (a file, a machine format), never twice on one screen
    heads_report = output_format in ("table", "markdown") and is_stdout(output)
    if run.report.cobra is not None and not quiet and not heads_report:
        print_notes(cobra_lines(run.report.cobra, players=not run.report.cobra.players.differ))
    rendered = run.sheets or _rendered(run, output_format, audience, public_columns, quiet, excel)
    emit(rendered, output, color, machine=output_format == "json", width=TABLE_WIDTH)
    written = write_files(messages, run.messages, "messages") if messages else None
    if not quiet:
        said = [f"{len(written)} messages written to {messages}"] if written is not None else []
        print_summary("\n".join([*said, summary_line(run.report)]))
    raise typer.Exit(int(run.report.exit_code))


def _cobra(ctx: typer.Context, tournament: str | None, url: str | None) -> CobraRequest | None:
    """--cobra, and which options with a default were given (they must agree with Cobra)."""
    if tournament is None:
        if url is not None:
            raise UsageError("--cobra-url needs --cobra", hint="name the tournament with --cobra")
        return None
    return CobraRequest(
        cobra_settings(tournament, url),
        format_given=given(ctx, "format_id"),
        tier_given=given(ctx, "tier"),
    )


def _rendered(
    run: EventRun,
    output_format: str,
    audience: str | None,
    public_columns: str | None,
    quiet: bool,
    excel: bool,
) -> "str | RenderableType":
    """The report in the chosen format, for the audience chosen."""
    shown = [c.strip() for c in (public_columns or "").split(",") if c.strip()]
    options = render_options(
        run.report,
        output_format,
        audience=audience,
        public_columns=shown,
        quiet=quiet,
        excel=excel,
    )
    return EVENT_REPORTER_BY_NAME[output_format](run.report, options)


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


def cobra_settings(tournament: str, url: str | None = None) -> CobraSettings:
    """``--cobra`` and the Cobra it is on: ``--cobra-url``, else NRDECK_COBRA_URL, else the
    public host."""
    return CobraSettings(tournament=tournament, base_url=cobra_url(url) or DEFAULT_COBRA_URL)
