"""The one error handler: expected failures, bugs and interrupts become exit codes."""

import functools
import sys
import traceback
from collections.abc import Callable
from typing import Any, TypeVar

import typer

from nrdeck.catalog import DamagedCatalog
from nrdeck.cli.console import stderr_line
from nrdeck.cli.settings import debug_wanted
from nrdeck.cli.streams import BROKEN_PIPE_EXIT, guard_streams
from nrdeck.errors import ExitCode, NrdeckError, damaged_catalog
from nrdeck.report.safe import one_line

F = TypeVar("F", bound=Callable[..., Any])


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
            stderr_line(f"nrdeck: error: {one_line(err.one_line())}")
            raise typer.Exit(int(err.exit_code)) from None
        except DamagedCatalog as exc:  # damaged after it was compiled: the data, not a bug
            damaged = damaged_catalog(exc)
            stderr_line(f"nrdeck: error: {one_line(damaged.one_line())}")
            raise typer.Exit(int(damaged.exit_code)) from None
        except KeyboardInterrupt:
            stderr_line("nrdeck: interrupted")
            raise typer.Exit(int(ExitCode.INTERRUPTED)) from None
        except Exception as exc:  # the single place that turns a bug into exit 4
            if debug_wanted():
                traceback.print_exc(file=sys.stderr)
            stderr_line(
                f"nrdeck: internal error: {type(exc).__name__}: {one_line(str(exc))}. This is "
                "a bug: please report it with the command you ran (re-run with --debug for the "
                "traceback)."
            )
            raise typer.Exit(int(ExitCode.INTERNAL)) from None

    return wrapper  # type: ignore[return-value]
