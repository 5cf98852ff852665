"""The `check` and `stats` commands: wiring only (options -> settings -> app -> reporter)."""

from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Literal

import typer

from nrdeck.app.check import CheckOptions, CheckStream, Skipped, Warned, require_decks
from nrdeck.app.inputs.folders import DEFAULT_EXCLUDE
from nrdeck.app.inputs.remote import DEFAULT_JOBS
from nrdeck.cli.console import (
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
    DebugOpt,
    ExcludeOpt,
    ExtendExcludeOpt,
    FormatFileOpt,
    FormatOpt,
    InputFormatOpt,
    JobsOpt,
    NoCacheOpt,
    OfflineOpt,
    OutputOpt,
    SnapshotOpt,
    TierOpt,
    choices,
    given,
    read_stdin,
)
from nrdeck.cli.output import HeldPieces, ReportSink, emit, refuse_onto_inputs
from nrdeck.cli.settings import data_settings, report_places, selection_options
from nrdeck.cli.state import RunState
from nrdeck.cli.streams import is_stdout
from nrdeck.report.check import REPORTER_BY_NAME, ReportOptions, ReportPieces
from nrdeck.report.check.common import summary_line
from nrdeck.results.check import CheckTally

CHECK_HELP = """Check decks for legality: construction rules, card pool and ban list.

Exit status: 0 every deck is legal; 1 a deck is illegal (unknown cards and unreadable
lines included); 2 usage error (bad option, missing file); 3 card data or a remote deck
could not be obtained; 4 internal error (a bug: the other decks are still reported);
5 the report could not be written (a full disk, a closed standard output); 130 interrupted
(Ctrl-C); 141 standard output closed by its reader; 143 terminated (SIGTERM).
"""


# --output-format choices of `check` (each has a reporter).
OutputFormat = Literal["text", "json", "github", "junit"]


StatsFormat = Literal["text", "json"]  # --output-format choices of `stats`


DecksArg = Annotated[
    list[str] | None,
    typer.Argument(
        help="Deck files, folders (searched recursively), globs, NetrunnerDB links or "
        "UUIDs, decklist text, or '-' for standard input (the default when input is piped).",
        metavar="DECK...",
        show_default=False,
    ),
]
CheckQuietOpt = Annotated[
    bool, typer.Option("--quiet", "-q", help="Print only illegal decks, and no summary.")
]
VerboseOpt = Annotated[
    bool, typer.Option("--verbose", "-v", help="Add influence, agenda and points figures.")
]
NoStaleWarningOpt = Annotated[
    bool,
    typer.Option(
        "--no-stale-warning",
        help="Leave the warning that the card data is old out of stderr (for the pre-commit "
        "hook; JSON and JUnit keep it).",
    ),
]


def register(app: typer.Typer, words: Sequence[str] = ()) -> None:
    """Add this module's commands to the app (only the one ``words`` names, if any)."""
    named = words[0] if words else None
    if named in (None, "check"):
        app.command("check", help=CHECK_HELP)(check)
    if named in (None, "stats"):
        app.command("stats")(stats)


@handles_errors
def check(
    ctx: typer.Context,
    decks: DecksArg = None,
    format_id: FormatOpt = "standard",
    as_of: AsOfOpt = None,
    snapshot: SnapshotOpt = None,
    banlist: BanlistOpt = None,
    format_file: FormatFileOpt = None,
    tier: TierOpt = "casual",
    input_format: InputFormatOpt = None,
    output_format: Annotated[
        OutputFormat,
        typer.Option("--output-format", metavar=choices(OutputFormat), help="Report format."),
    ] = "text",
    output: OutputOpt = None,
    exclude: ExcludeOpt = None,
    extend_exclude: ExtendExcludeOpt = None,
    offline: OfflineOpt = False,
    data: DataOpt = None,
    cache_dir: CacheDirOpt = None,
    no_cache: NoCacheOpt = False,
    color: ColorOpt = "auto",
    quiet: CheckQuietOpt = False,
    verbose: VerboseOpt = False,
    no_stale_warning: NoStaleWarningOpt = False,
    jobs: JobsOpt = DEFAULT_JOBS,
    debug: DebugOpt = False,
) -> None:
    """Check decks for legality."""
    RunState.debug = RunState.debug or debug
    specs = list(decks or [])
    named: list[str | Path] = [s for s in specs if s != "-"]
    refuse_onto_inputs(output, [*named, *(p for p in (data, format_file) if p is not None)])
    stdin = read_stdin(required=not specs) if not specs or "-" in specs else None
    options = CheckOptions(
        data=data_settings(offline=offline, data=data, cache_dir=cache_dir, no_cache=no_cache),
        selection=selection_options(
            format_id=format_id, as_of=as_of, snapshot=snapshot, banlist=banlist,
            format_file=format_file, tier=tier, format_given=given(ctx, "format_id"),
        ),
        input_format=input_format,
        stdin_bytes=stdin,
        exclude=_patterns(exclude, extend_exclude),
        jobs=jobs,
    )  # fmt: skip
    run = CheckStream(specs or ["-"], options)
    print_warnings(run.warnings)
    print_period_notes(run.period, quiet=quiet, stale=not no_stale_warning)
    report_options = ReportOptions(quiet=quiet, verbose=verbose, **report_places())
    pieces = REPORTER_BY_NAME[output_format].pieces(run.data, run.period, report_options)
    read: list[str] | None = [] if output is not None and not is_stdout(output) else None
    with ReportSink(output, color, machine=output_format != "text") as sink:
        tally = _write_decks(run, pieces, sink, quiet=quiet, read=read)
        sink.close(inputs=[*named, *(read or ())])
    if not quiet:
        print_summary(summary_line(tally))
    raise typer.Exit(int(tally.exit_code))


def _write_decks(
    run: CheckStream, pieces: ReportPieces, sink: ReportSink, *, quiet: bool, read: list[str] | None
) -> CheckTally:
    """Write each deck's piece as the deck is checked, and each warning and skipped file's
    note on stderr as it is met (notes with -q only when no deck is found at all); JUnit's
    pieces are held until its counts are known. ``read``: where to keep the files read (the
    output must be none of them)."""
    tally = CheckTally(run.data)
    held = HeldPieces() if pieces.counts_first else None
    notes = list(run.skipped)  # with -q, held: shown only if no deck is found
    skipped = len(notes)
    if not quiet:
        print_notes(notes)
    for item in run.decks():
        if isinstance(item, Warned):
            print_warnings([item.warning])
            continue
        if isinstance(item, Skipped):
            skipped += 1
            if not quiet:
                print_notes([item.note])
            elif not tally.decks:
                notes.append(item.note)
            continue
        if held is None and not tally.decks:
            sink.write(pieces.opening(tally))
        tally.add(item)
        if read is not None and item.origin == "file":
            read.append(item.source)
        (held or sink).write(pieces.deck(item))
    if quiet and not tally.decks:
        print_notes(notes)
    require_decks(run.specs, tally.decks, skipped)
    print_tracebacks(run.failures)
    if held is not None:
        sink.write(pieces.opening(tally))
        held.drain(sink)
    sink.write(pieces.closing(tally))
    return tally


@handles_errors
def stats(
    ctx: typer.Context,
    deck: Annotated[
        str, typer.Argument(metavar="DECK", help="One deck: a file, link, UUID or '-'.")
    ],
    format_id: FormatOpt = "standard",
    as_of: AsOfOpt = None,
    snapshot: SnapshotOpt = None,
    banlist: BanlistOpt = None,
    format_file: FormatFileOpt = None,
    tier: TierOpt = "casual",
    input_format: InputFormatOpt = None,
    output_format: Annotated[
        StatsFormat,
        typer.Option(
            "--output-format", metavar=choices(StatsFormat), help="Tables or a JSON document."
        ),
    ] = "text",
    offline: OfflineOpt = False,
    data: DataOpt = None,
    cache_dir: CacheDirOpt = None,
    no_cache: NoCacheOpt = False,
    color: ColorOpt = "auto",
    debug: DebugOpt = False,
) -> None:
    """Show a deck's breakdown: types, subtypes, influence, agendas, cost curve."""
    RunState.debug = RunState.debug or debug
    options = CheckOptions(
        data=data_settings(offline=offline, data=data, cache_dir=cache_dir, no_cache=no_cache),
        selection=selection_options(
            format_id=format_id, as_of=as_of, snapshot=snapshot, banlist=banlist,
            format_file=format_file, tier=tier, format_given=given(ctx, "format_id"),
        ),
        input_format=input_format,
        stdin_bytes=read_stdin(required=False) if deck == "-" else None,
    )  # fmt: skip
    from nrdeck.app.stats import deck_stats
    from nrdeck.report.stats import stats_json, stats_tables  # the gateway to Rich tables

    run = deck_stats(deck, options)
    print_warnings(run.warnings)
    print_period_notes(run.result.result.period)
    if output_format == "json":
        emit(stats_json(run.result), machine=True)
    else:
        emit(stats_tables(run.result), color=color)


def _patterns(exclude: list[str] | None, extend: list[str] | None) -> tuple[str, ...]:
    """The folder-search globs: --exclude replaces the defaults, --extend-exclude adds."""
    base = tuple(exclude) if exclude is not None else DEFAULT_EXCLUDE
    return (*base, *(extend or ()))
