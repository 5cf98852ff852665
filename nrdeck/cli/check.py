"""The `check` and `stats` commands: wiring only (options -> settings -> app -> reporter)."""

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Literal

import typer
from msgspec.structs import replace

from nrdeck.app.check import CheckOptions, check_decks
from nrdeck.app.inputs.cards import DataSettings
from nrdeck.app.inputs.folders import DEFAULT_EXCLUDE
from nrdeck.app.inputs.remote import DEFAULT_JOBS
from nrdeck.app.inputs.selection import make_selection
from nrdeck.atomic import refuse_inputs
from nrdeck.cli.console import (
    ColorMode,
    make_console,
    print_notes,
    print_period_notes,
    print_tracebacks,
    print_warnings,
    use_colour,
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
    Tier,
    TierOpt,
    choices,
)
from nrdeck.cli.settings import RunState, data_settings, parse_as_of
from nrdeck.cli.streams import emit_output, is_stdout, read_stdin, write_machine, write_text
from nrdeck.report.check import REPORTER_BY_NAME, ReportOptions, Styled
from nrdeck.report.check.common import summary_line

CHECK_HELP = """Check decks for legality: construction rules, card pool and ban list.

Exit status: 0 every deck is legal; 1 a deck is illegal (unknown cards and unreadable
lines included); 2 usage error (bad option, missing file); 3 card data or a remote deck
could not be obtained; 4 internal error (a bug: the other decks are still reported);
130 interrupted.
"""


# --output-format choices of `check` (each has a reporter).
OutputFormat = Literal["text", "json", "github", "junit"]


StatsFormat = Literal["text", "json"]  # --output-format choices of `stats`


DecksArg = Annotated[
    list[str] | None,
    typer.Argument(
        help="Deck files, folders (searched recursively), globs, NetrunnerDB links or "
        "UUIDs, decklist text, or '-' for standard input (the default when input is piped).",
        metavar="DECK",
        show_default=False,
    ),
]
CheckQuietOpt = Annotated[
    bool, typer.Option("--quiet", "-q", help="Print only illegal decks, and no summary.")
]
VerboseOpt = Annotated[
    bool, typer.Option("--verbose", "-v", help="Add influence, agenda and points figures.")
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
    jobs: JobsOpt = DEFAULT_JOBS,
    debug: DebugOpt = False,
) -> None:
    """Check decks for legality."""
    RunState.debug = RunState.debug or debug
    specs = list(decks or [])
    named_inputs: list[str | Path] = [s for s in specs if s != "-"]
    named_inputs += [p for p in (data, format_file) if p is not None]
    if output is not None and not is_stdout(output):
        refuse_inputs(output, named_inputs)
    stdin = read_stdin(required=not specs) if not specs or "-" in specs else None
    options = _options(
        format_id, as_of, snapshot, banlist, format_file, tier, input_format, stdin,
        data_settings(offline=offline, data=data, cache_dir=cache_dir, no_cache=no_cache),
        _patterns(exclude, extend_exclude),
    )  # fmt: skip
    run = check_decks(specs or ["-"], replace(options, jobs=jobs))
    print_warnings(run.warnings)
    print_period_notes(run.report.period, quiet=quiet)
    if not quiet:
        print_notes(run.notes)
    print_tracebacks(run.failures)
    rendered = REPORTER_BY_NAME[output_format].render(
        run.report, ReportOptions(quiet=quiet, verbose=verbose)
    )
    files = [o.source for o in run.report.outcomes if o.origin == "file"]
    _emit(rendered, output, color, inputs=[*named_inputs, *files])
    if not quiet:
        write_text(summary_line(run.report) + "\n", sys.stderr)
    raise typer.Exit(int(run.report.exit_code))


@handles_errors
def stats(
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
    stdin = read_stdin(required=False) if deck == "-" else None
    options = _options(
        format_id, as_of, snapshot, banlist, format_file, tier, input_format, stdin,
        data_settings(offline=offline, data=data, cache_dir=cache_dir, no_cache=no_cache),
        DEFAULT_EXCLUDE,
    )  # fmt: skip
    from nrdeck.app.stats import deck_stats
    from nrdeck.report.stats import stats_json, stats_tables  # the gateway to Rich tables

    breakdown = deck_stats(deck, options)
    print_warnings(breakdown.data.warnings)
    print_period_notes(breakdown.result.period)
    if output_format == "json":
        write_machine(stats_json(breakdown))
        return
    console = make_console(color=color)
    console.print(stats_tables(breakdown), soft_wrap=False, highlight=False)


def _options(
    format_id: str,
    as_of: str | None,
    snapshot: str | None,
    banlist: str | None,
    format_file: Path | None,
    tier: Tier,
    input_format: str | None,
    stdin: bytes | None,
    data: DataSettings,
    exclude: tuple[str, ...],
) -> CheckOptions:
    selection = make_selection(
        format_id=format_id,
        as_of=parse_as_of(as_of),
        snapshot_id=snapshot,
        banlist_id=banlist,
        format_file=format_file,
        tier=tier,
    )
    return CheckOptions(
        data=data,
        selection=selection,
        input_format=input_format,
        stdin_bytes=stdin,
        exclude=exclude,
    )


def _patterns(exclude: list[str] | None, extend: list[str] | None) -> tuple[str, ...]:
    """The folder-search globs: --exclude replaces the defaults, --extend-exclude adds."""
    base = tuple(exclude) if exclude is not None else DEFAULT_EXCLUDE
    return (*base, *(extend or ()))


def _emit(
    rendered: str | Styled, output: Path | None, color: ColorMode, inputs: list[str | Path]
) -> None:
    """Write the report: to FILE, as plain text, or through a colour console."""
    if isinstance(rendered, Styled) and use_colour(color, output):
        make_console(color=color).print(rendered.to_rich(), soft_wrap=True, highlight=False)
        return
    machine = not isinstance(rendered, Styled)
    text = rendered.plain() if isinstance(rendered, Styled) else rendered
    emit_output(text, output, machine=machine, inputs=inputs)
