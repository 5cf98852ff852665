"""What every command shares: the error handler, consoles, and common options.

Only the CLI touches the console, environment variables and Typer.
"""

import datetime as dt
import functools
import os
import sys
import traceback
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal, TypeVar, get_args

import typer

from nrdeck.app.carddata import DataSettings, default_cache_dir
from nrdeck.cli.streams import BROKEN_PIPE_EXIT, guard_streams, is_stdout, write_text
from nrdeck.errors import ExitCode, NrdeckError, UsageError
from nrdeck.http import HttpSettings
from nrdeck.report.safe import one_line
from nrdeck.results.check import Period

if TYPE_CHECKING:
    from rich.console import Console

F = TypeVar("F", bound=Callable[..., Any])


ColorMode = Literal["auto", "always", "never"]  # --color choices


def choices(options: Any) -> str:
    """The metavar of a choice option (a ``Literal`` type), in click's style: '[text|json]'."""
    return "[" + "|".join(get_args(options)) + "]"


class RunState:
    """Process-wide flags set by options: --debug."""

    debug: bool = False


def handles_errors(func: F) -> F:
    """The one error handler: NrdeckError -> one line + its exit code; bugs -> exit 4.

    Also makes the standard streams take any text (see ``streams``), and ends the run
    quietly when standard output's reader has gone away (``| head -1``).
    """

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        guard_streams()
        try:
            return func(*args, **kwargs)
        except typer.Exit:
            raise
        except BrokenPipeError:  # the reader of stdout went away: nothing more to say
            raise typer.Exit(BROKEN_PIPE_EXIT) from None
        except NrdeckError as err:
            _stderr_line(f"nrdeck: error: {one_line(err.one_line())}")
            raise typer.Exit(int(err.exit_code)) from None
        except KeyboardInterrupt:
            _stderr_line("nrdeck: interrupted")
            raise typer.Exit(int(ExitCode.INTERRUPTED)) from None
        except Exception as exc:  # the single place that turns a bug into exit 4
            if debug_wanted():
                traceback.print_exc(file=sys.stderr)
            _stderr_line(
                f"nrdeck: internal error: {type(exc).__name__}: {one_line(str(exc))}. This is "
                "a bug: please report it with the command you ran (re-run with --debug for the "
                "traceback)."
            )
            raise typer.Exit(int(ExitCode.INTERNAL)) from None

    return wrapper  # type: ignore[return-value]


def _stderr_line(text: str) -> None:
    write_text(text.rstrip("\n") + "\n", sys.stderr)


def debug_wanted() -> bool:
    """--debug, or NRDECK_DEBUG in the environment."""
    return RunState.debug or bool(os.environ.get("NRDECK_DEBUG"))


def plain_output() -> bool:
    """True when output must carry no colour or live widgets (NO_COLOR, PRE_COMMIT=1)."""
    return bool(os.environ.get("NO_COLOR")) or os.environ.get("PRE_COMMIT") == "1"


def use_colour(color: ColorMode, output: Path | None = None) -> bool:
    """True when a report goes through Rich in colour: never to a file or with --color never;
    always with --color always (it beats NO_COLOR); else not with NO_COLOR or PRE_COMMIT=1,
    and then with FORCE_COLOR or on a terminal."""
    if not is_stdout(output) or color == "never":
        return False
    if color == "always":
        return True
    if plain_output():
        return False
    return bool(os.environ.get("FORCE_COLOR")) or sys.stdout.isatty()


@functools.cache
def _console_class() -> "type[Console]":
    """Rich's Console, leaving a broken pipe to the one error handler (Rich would exit 1)."""
    from rich.console import Console

    class NrdeckConsole(Console):
        def on_broken_pipe(self) -> None:
            self.quiet = True
            raise BrokenPipeError

    return NrdeckConsole


def make_console(*, stderr: bool = False, color: ColorMode = "auto") -> "Console":
    """A Rich console honouring --color, NO_COLOR, FORCE_COLOR, PRE_COMMIT and non-terminals.

    Untrusted text is printed through it only as ``rich.text.Text`` (never markup).
    """
    Console = _console_class()
    stream = sys.stderr if stderr else sys.stdout
    if color == "always":
        return Console(file=stream, force_terminal=True, color_system="standard")
    if color == "never" or plain_output():
        return Console(file=stream, no_color=True, highlight=False, force_terminal=False)
    force = True if os.environ.get("FORCE_COLOR") else None
    return Console(file=stream, force_terminal=force, highlight=False)


def live_widgets_allowed(quiet: bool = False) -> bool:
    """Progress bars only on a real terminal, not quiet, not under pre-commit."""
    return not quiet and not plain_output() and sys.stderr.isatty()


# --- shell completion -------------------------------------------------------------------
# Completion runs only when the shell asks: its module (rules, decklist formats, card data)
# is imported then, not at every start.


def _complete_formats(incomplete: str) -> list[str]:
    from nrdeck.app import choices

    return choices.format_names(incomplete)


def _complete_input_formats(incomplete: str) -> list[str]:
    from nrdeck.app import choices

    return choices.input_format_names(incomplete)


def _complete_snapshots(ctx: typer.Context, incomplete: str) -> list[str]:
    from nrdeck.app import choices

    fmt = ctx.params.get("format_id")
    return choices.snapshot_names(_completion_data(ctx), fmt, incomplete)


def _complete_banlists(ctx: typer.Context, incomplete: str) -> list[str]:
    from nrdeck.app import choices

    fmt = ctx.params.get("format_id")
    return choices.banlist_names(_completion_data(ctx), fmt, incomplete)


def _completion_data(ctx: typer.Context) -> DataSettings:
    """The card data the command line names so far (--data, --cache-dir; maybe unconverted)."""
    data, cache_dir = ctx.params.get("data"), ctx.params.get("cache_dir")
    return data_settings(
        data=Path(data) if data else None, cache_dir=Path(cache_dir) if cache_dir else None
    )


Tier = Literal["casual", "competitive"]  # --tier choices (rules.md §4)


# --- common options -------------------------------------------------------------------
InputFormatOpt = Annotated[
    str | None,
    typer.Option(
        "--input-format",
        metavar="NAME",
        help="Decklist format: auto (detected per file, the default), text, nrdb-text, "
        "markdown, bbcode, jinteki, o8d or json.",
        autocompletion=_complete_input_formats,
    ),
]
OfflineOpt = Annotated[
    bool, typer.Option("--offline", help="Never touch the network: cache or bundled data only.")
]
DataOpt = Annotated[
    Path | None,
    typer.Option(
        "--data",
        metavar="FILE",
        help="Use a pinned card data file (from 'nrdeck data build').",
        envvar="NRDECK_DATA",
        dir_okay=False,
    ),
]
CacheDirOpt = Annotated[
    Path | None,
    typer.Option(
        "--cache-dir",
        metavar="DIR",
        help="Cache folder.",
        envvar="NRDECK_CACHE_DIR",
        file_okay=False,
    ),
]
NoCacheOpt = Annotated[
    bool,
    typer.Option(
        "--no-cache",
        help="Hermetic: card data from --data or the bundled snapshot only, never the cache "
        "(always so under pre-commit).",
    ),
]
ApiUrlOpt = Annotated[
    str | None,
    typer.Option(
        "--api-url", metavar="URL", help="NetrunnerDB v3 API base URL.", envvar="NRDECK_API_URL"
    ),
]
FormatOpt = Annotated[
    str,
    typer.Option(
        "--format",
        help="Format id: standard, startup, eternal, system_gateway, snapshot, ram, casual "
        "(case and dashes do not matter).",
        autocompletion=_complete_formats,
    ),
]
AsOfOpt = Annotated[
    str | None,
    typer.Option(
        "--as-of", metavar="DATE", help="Check as of this date (YYYY-MM-DD; default: today)."
    ),
]
SnapshotOpt = Annotated[
    str | None,
    typer.Option(
        "--snapshot",
        metavar="ID",
        help="Use this format snapshot: its id, or the number of the ban list it brought in.",
        autocompletion=_complete_snapshots,
    ),
]
BanlistOpt = Annotated[
    str | None,
    typer.Option(
        "--banlist",
        metavar="NAME",
        help="Use this ban list: its id, its number (25.10, sbl-25.10, sbu-26.08), the name "
        "Null Signal Games publishes (26.04), latest or active.",
        autocompletion=_complete_banlists,
    ),
]
TierOpt = Annotated[
    Tier,
    typer.Option(
        "--tier",
        metavar=choices(Tier),
        help="casual: new sets legal on release; competitive: from the second Friday after.",
    ),
]
FormatFileOpt = Annotated[
    Path | None,
    typer.Option(
        "--format-file", metavar="FILE", dir_okay=False, help="A user-defined format (TOML)."
    ),
]
DebugOpt = Annotated[bool, typer.Option("--debug", help="Show tracebacks for internal errors.")]
QuietOpt = Annotated[bool, typer.Option("--quiet", "-q", help="Print less.")]
JobsOpt = Annotated[
    int,
    typer.Option("--jobs", metavar="N", min=1, max=32, help="NetrunnerDB fetches at a time."),
]
ColorOpt = Annotated[
    ColorMode,
    typer.Option("--color", metavar=choices(ColorMode), help="Colour."),
]
OutputOpt = Annotated[
    Path | None,
    typer.Option(
        "--output",
        "-o",
        metavar="FILE",
        help="Write to FILE instead of standard output ('-': standard output): atomically, "
        "keeping its mode; never onto an input.",
    ),
]
ExcludeOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--exclude",
        metavar="GLOB",
        help="Skip what this glob matches when searching folders, instead of the defaults "
        "('.*', 'README*'); repeatable.",
        show_default=False,
    ),
]
ExtendExcludeOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--extend-exclude",
        metavar="GLOB",
        help="Skip what this glob matches too when searching folders; repeatable.",
        show_default=False,
    ),
]


def data_settings(
    *,
    offline: bool = False,
    data: Path | None = None,
    cache_dir: Path | None = None,
    api_url: str | None = None,
    v2_url: str | None = None,
    no_cache: bool = False,
) -> DataSettings:
    """Normalise the card-data options (and their environment variables) into settings.

    Under pre-commit (``PRE_COMMIT=1``) the cache is never read: a hook gives the same
    verdict on every machine. A ``--data`` file that is not there is a usage error.
    """
    if data is not None and not data.exists():
        raise UsageError(f"{data}: no such card data file", hint="check the --data path")
    hermetic = no_cache or os.environ.get("PRE_COMMIT") == "1"
    return DataSettings(
        offline=offline,
        no_cache=hermetic,
        data_file=data,
        # a hermetic run reads no cache: the folder is found only when a command needs it
        cache_dir=cache_dir or (None if hermetic else default_cache_dir()),
        api_url=api_url,
        v2_url=v2_url or os.environ.get("NRDECK_V2_URL"),
        http=http_settings(),
    )


def http_settings() -> HttpSettings:
    """Timeouts and retries, tunable by NRDECK_HTTP_* variables (tests keep them tiny)."""
    base = HttpSettings()
    env = os.environ.get
    return HttpSettings(
        connect_timeout=float(env("NRDECK_HTTP_CONNECT_TIMEOUT", base.connect_timeout)),
        read_timeout=float(env("NRDECK_HTTP_READ_TIMEOUT", base.read_timeout)),
        retries=int(env("NRDECK_HTTP_RETRIES", base.retries)),
        backoff=float(env("NRDECK_HTTP_BACKOFF", base.backoff)),
        max_retry_after=float(env("NRDECK_HTTP_MAX_RETRY_AFTER", base.max_retry_after)),
        deadline=float(env("NRDECK_HTTP_DEADLINE", base.deadline)),
    )


def print_warnings(warnings: Iterable[str]) -> None:
    """Warnings (card-data fallbacks, decks read with doubts), one safe line each on stderr."""
    for warning in warnings:
        _stderr_line(f"nrdeck: warning: {one_line(warning)}")


def print_info(text: str) -> None:
    """What a command did (``data update``, ``data build``…): one safe line on stderr."""
    _stderr_line(one_line(text))


def print_notes(notes: Iterable[str]) -> None:
    """Notes (files a folder search skipped), one safe line each on stderr."""
    for note in notes:
        _stderr_line(f"nrdeck: note: {one_line(note)}")


def print_tracebacks(failures: Iterable[str]) -> None:
    """With --debug: the traceback of each deck nrdeck failed on."""
    if debug_wanted():
        for failure in failures:
            write_text(failure if failure.endswith("\n") else failure + "\n", sys.stderr)


def print_period_notes(period: Period | None, *, quiet: bool = False) -> None:
    """About what was in force: rules nrdeck does not apply (always), stale data (not -q)."""
    if period is not None:
        print_in_force_notes(period.warnings, period.stale_data, quiet=quiet)


def print_in_force_notes(warnings: Iterable[str], stale_data: str | None, *, quiet: bool) -> None:
    """Rules of the lists that nrdeck does not apply (always), then stale data (not -q)."""
    print_warnings(warnings)
    if stale_data and not quiet:
        print_warnings([stale_data])


def parse_as_of(text: str | None) -> dt.date | None:
    """--as-of as a date (a usage error naming the value when it is not YYYY-MM-DD)."""
    if text is None:
        return None
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        raise UsageError(f"--as-of {text!r} is not a date", hint="use YYYY-MM-DD") from None
