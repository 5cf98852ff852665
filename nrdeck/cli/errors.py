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
from nrdeck.cli.streams import guard_streams, tell_failure, tell_interrupt
from nrdeck.errors import ExitCode, NrdeckError, OutputError, damaged_catalog, full_disk
from nrdeck.report.safe import one_line

F = TypeVar("F", bound=Callable[..., Any])


def handles_errors(func: F) -> F:
    """The one error handler: NrdeckError -> one line + its exit code; bugs -> exit 4.

    Also makes the standard streams take any text; a write that failed is answered as
    ``streams`` says (``| head -1``: 141 quietly; a full disk: one line, exit 5), and so are
    Ctrl-C (130) and SIGTERM (143).
    """

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        guard_streams()
        try:
            return func(*args, **kwargs)
        except typer.Exit:
            raise
        except OutputError as err:
            raise typer.Exit(int(tell_failure(err))) from None
        except NrdeckError as err:
            stderr_line(f"nrdeck: error: {one_line(err.one_line())}")
            raise typer.Exit(int(err.exit_code)) from None
        except DamagedCatalog as exc:  # damaged after it was compiled: the data, not a bug
            damaged = damaged_catalog(exc)
            stderr_line(f"nrdeck: error: {one_line(damaged.one_line())}")
            raise typer.Exit(int(damaged.exit_code)) from None
        except KeyboardInterrupt as exc:  # Ctrl-C, or SIGTERM (see ``streams``)
            raise typer.Exit(int(tell_interrupt(exc))) from None
        except Exception as exc:  # the single place that turns a bug into exit 4
            full = full_disk(exc) if isinstance(exc, OSError) else None
            if full is not None:  # a write of the command's own met a full disk: not a bug
                raise typer.Exit(int(tell_failure(full))) from None
            if debug_wanted():
                traceback.print_exc(file=sys.stderr)
            stderr_line(
                f"nrdeck: internal error: {type(exc).__name__}: {one_line(str(exc))}. This is "
                "a bug: please report it with the command you ran (re-run with --debug for the "
                "traceback)."
            )
            raise typer.Exit(int(ExitCode.INTERNAL)) from None

    return wrapper  # type: ignore[return-value]
