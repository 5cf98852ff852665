"""The consoles and what goes to standard error: colour policy, warnings, notes, info."""

import sys
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Literal, TextIO

from nrdeck.cli.settings import debug_wanted, force_colour, plain_output
from nrdeck.cli.streams import PipeSafeStream, is_stdout, write_error_text
from nrdeck.report.safe import one_line
from nrdeck.results.check import Period

if TYPE_CHECKING:
    from rich.console import Console

ColorMode = Literal["auto", "always", "never"]  # --color choices


def stderr_line(text: str) -> None:
    """One line on standard error (any text; dropped if it cannot be written: see ``streams``)."""
    write_error_text(text.rstrip("\n") + "\n")


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
    return force_colour() or sys.stdout.isatty()


def make_console(*, stderr: bool = False, color: ColorMode = "auto") -> "Console":
    """A Rich console honouring --color, NO_COLOR, FORCE_COLOR, PRE_COMMIT and non-terminals.

    Untrusted text is printed through it only as ``rich.text.Text`` (never markup).
    """
    from rich.console import Console  # the gateway to Rich: a plain report never loads it

    stream: TextIO = PipeSafeStream(  # type: ignore[assignment]
        sys.stderr if stderr else sys.stdout, explains=stderr
    )
    if color == "always":
        return Console(file=stream, force_terminal=True, color_system="standard")
    if color == "never" or plain_output():
        return Console(file=stream, no_color=True, highlight=False, force_terminal=False)
    force = True if force_colour() else None
    return Console(file=stream, force_terminal=force, highlight=False)


def live_widgets_allowed(quiet: bool = False) -> bool:
    """Progress bars only on a real terminal, not quiet, not under pre-commit."""
    return not quiet and not plain_output() and sys.stderr.isatty()


def print_warnings(warnings: Iterable[str]) -> None:
    """Warnings (card-data fallbacks, decks read with doubts), one safe line each on stderr."""
    for warning in warnings:
        stderr_line(f"nrdeck: warning: {one_line(warning)}")


def print_info(text: str) -> None:
    """What a command did (``data update``, ``data build``…): one safe line on stderr."""
    stderr_line(one_line(text))


def print_notes(notes: Iterable[str]) -> None:
    """Notes (files a folder search skipped), one safe line each on stderr."""
    for note in notes:
        stderr_line(f"nrdeck: note: {one_line(note)}")


def print_summary(text: str) -> None:
    """The one-line summary of a run, on standard error."""
    write_error_text(text.rstrip("\n") + "\n")


def print_tracebacks(failures: Iterable[str]) -> None:
    """With --debug: the traceback of each deck nrdeck failed on."""
    if debug_wanted():
        for failure in failures:
            write_error_text(failure if failure.endswith("\n") else failure + "\n")


def print_period_notes(period: Period | None, *, quiet: bool = False, stale: bool = True) -> None:
    """About what was in force: rules nrdeck does not apply (always), stale data (not -q,
    not ``stale=False``: --no-stale-warning) and which format was used (not -q)."""
    if period is not None:
        print_in_force_notes(
            period.warnings,
            period.stale_data if stale else None,
            quiet=quiet,
            format_note=period.format_note,
        )


def print_in_force_notes(
    warnings: Iterable[str],
    stale_data: str | None,
    *,
    quiet: bool,
    format_note: str | None = None,
) -> None:
    """Rules of the lists that nrdeck does not apply (always), then stale data and the card
    data's format used instead of a shipped file (not -q)."""
    print_warnings(warnings)
    if stale_data and not quiet:
        print_warnings([stale_data])
    if format_note and not quiet:
        print_notes([format_note])
