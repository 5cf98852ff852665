"""The `check` and `stats` commands: wiring only (options -> settings -> app -> reporter)."""

import os
import sys
from collections.abc import Sequence
from enum import Enum
from pathlib import Path
from typing import Annotated

import typer

from nrdeck.app.carddata import DataSettings
from nrdeck.app.check import CheckOptions, check_decks
from nrdeck.app.selection import make_selection
from nrdeck.app.stats import deck_stats
from nrdeck.atomic import write_report
from nrdeck.cli.common import (
    AsOfOpt,
    BanlistOpt,
    CacheDirOpt,
    ColorMode,
    ColorOpt,
    DataOpt,
    DebugOpt,
    FormatFileOpt,
    FormatOpt,
    InputFormatOpt,
    OfflineOpt,
    RunState,
    SnapshotOpt,
    Tier,
    TierOpt,
    data_settings,
    handles_errors,
    make_console,
    parse_as_of,
    plain_output,
    print_period_notes,
    print_warnings,
)
from nrdeck.errors import UsageError
from nrdeck.report import REPORTER_BY_NAME, ReportOptions, Styled
from nrdeck.report.model import summary_line
from nrdeck.report.stats import stats_json, stats_tables


class OutputFormat(str, Enum):
    """--output-format choices of `check` (each has a reporter)."""

    text = "text"
    json = "json"
    github = "github"
    junit = "junit"


class StatsFormat(str, Enum):
    """--output-format choices of `stats`."""

    text = "text"
    json = "json"


DecksArg = Annotated[
    list[str] | None,
    typer.Argument(
        help="Deck files, folders (searched recursively), globs, NetrunnerDB links or "
        "UUIDs, or '-' for standard input (the default when input is piped).",
        metavar="DECK",
        show_default=False,
    ),
]
OutputOpt = Annotated[
    Path | None,
    typer.Option("--output", "-o", dir_okay=False, help="Write the report to FILE (atomically)."),
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
        app.command("check")(check)
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
    tier: TierOpt = Tier.casual,
    input_format: InputFormatOpt = None,
    output_format: Annotated[
        OutputFormat, typer.Option("--output-format", help="Report format.")
    ] = OutputFormat.text,
    output: OutputOpt = None,
    offline: OfflineOpt = False,
    data: DataOpt = None,
    cache_dir: CacheDirOpt = None,
    color: ColorOpt = ColorMode.auto,
    quiet: CheckQuietOpt = False,
    verbose: VerboseOpt = False,
    debug: DebugOpt = False,
) -> None:
    """Check decks for legality. Exit 0: all legal, 1: any illegal (see README)."""
    RunState.debug = RunState.debug or debug
    specs = list(decks or [])
    stdin_text = _read_stdin(specs)
    options = _options(
        format_id, as_of, snapshot, banlist, format_file, tier, input_format, stdin_text,
        data_settings(offline=offline, data=data, cache_dir=cache_dir),
    )  # fmt: skip
    run = check_decks(specs or ["-"], options)
    print_warnings(run.warnings)
    print_period_notes(run.report.period, quiet=quiet)
    rendered = REPORTER_BY_NAME[output_format.value].render(
        run.report, ReportOptions(quiet=quiet, verbose=verbose)
    )
    _emit(rendered, output, color)
    if not quiet:
        _stderr(summary_line(run.report))
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
    tier: TierOpt = Tier.casual,
    input_format: InputFormatOpt = None,
    output_format: Annotated[
        StatsFormat, typer.Option("--output-format", help="text (tables) or json.")
    ] = StatsFormat.text,
    offline: OfflineOpt = False,
    data: DataOpt = None,
    cache_dir: CacheDirOpt = None,
    color: ColorOpt = ColorMode.auto,
    debug: DebugOpt = False,
) -> None:
    """Show a deck's breakdown: types, subtypes, influence, agendas, cost curve."""
    RunState.debug = RunState.debug or debug
    stdin_text = _read_stdin([deck])
    options = _options(
        format_id, as_of, snapshot, banlist, format_file, tier, input_format, stdin_text,
        data_settings(offline=offline, data=data, cache_dir=cache_dir),
    )  # fmt: skip
    breakdown = deck_stats(deck, options)
    print_warnings(breakdown.data.warnings)
    print_period_notes(breakdown.result.period)
    if output_format is StatsFormat.json:
        _write_stdout(stats_json(breakdown))
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
    stdin_text: str | None,
    data: DataSettings,
) -> CheckOptions:
    selection = make_selection(
        format_id=format_id,
        as_of=parse_as_of(as_of),
        snapshot_id=snapshot,
        banlist_id=banlist,
        format_file=format_file,
        tier=tier.value,
    )
    return CheckOptions(
        data=data, selection=selection, input_format=input_format, stdin_text=stdin_text
    )


def _read_stdin(specs: list[str]) -> str | None:
    """Standard input's text when a deck comes from it ('-', or no DECK and a pipe)."""
    if specs and "-" not in specs:
        return None
    stream = sys.stdin
    if not specs and (stream is None or stream.isatty()):
        raise UsageError(
            "no decks given", hint="name deck files, folders or links, or pipe a decklist in"
        )
    text = stream.read() if stream is not None else ""
    if not specs and not text.strip():
        raise UsageError("no decks given and nothing on standard input")
    return text


def _use_plain(color: ColorMode, output: Path | None) -> bool:
    if output is not None or color is ColorMode.never:
        return True
    if color is ColorMode.always:
        return False
    if plain_output():
        return True
    return not os.environ.get("FORCE_COLOR") and not sys.stdout.isatty()


def _emit(rendered: str | Styled, output: Path | None, color: ColorMode) -> None:
    """Write the report: to FILE atomically, plain text, or through a colour console."""
    if isinstance(rendered, Styled) and not _use_plain(color, output):
        make_console(color=color).print(rendered.to_rich(), soft_wrap=True, highlight=False)
        return
    text = rendered.plain() if isinstance(rendered, Styled) else rendered
    if output is not None:
        write_report(output, text)
    else:
        _write_stdout(text)


def _write_stdout(text: str) -> None:
    reconfigure = getattr(sys.stdout, "reconfigure", None)
    if reconfigure is not None:
        reconfigure(errors="replace")
    sys.stdout.write(text)
    sys.stdout.flush()


def _stderr(text: str) -> None:
    sys.stderr.write(text + "\n")
    sys.stderr.flush()
