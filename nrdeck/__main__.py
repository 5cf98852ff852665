"""The ``nrdeck`` console script and ``python -m nrdeck``.

Three start-up rules live here (docs/design/startup.md says what each saves and which test
holds it): the CLI is imported with the garbage collector paused (``nrdeck.collector``),
without the optional modules of ``OPTIONAL_MODULES``, and the process ends without the
interpreter's teardown.
What the run says when a stream fails or a signal stops it is decided by the CLI
(``nrdeck.cli.streams.run_guarded``), before any of this ends the process.
"""

import atexit
import contextlib
import os
import sys
from collections.abc import Callable

from nrdeck.collector import paused_then_frozen

INTERRUPTED = 130  # errors.ExitCode.INTERRUPTED, without importing anything before the CLI
# Modules a dependency imports only if they are there, and does as well without on this
# Python: msgspec tries typing_extensions for what Python 3.11's typing module has itself.
OPTIONAL_MODULES = ("typing_extensions",) if sys.version_info >= (3, 11) else ()


# The exit status of a run that ended as planned (set once the command is done)
_STATUS: list[int] = []


def main() -> None:
    """Run the CLI as a program: see ``_run``; then end without the interpreter's teardown.

    Once the command is done and every exit handler has run, freeing the card data, the
    modules and everything else object by object would only delay the exit: the process ends
    right after its streams are flushed, with the command's status. The CLI has flushed
    standard output and answered for it by then (``run_guarded``), so the status is already
    the answer to any failed write. A run that ends in an uncaught exception (a
    bug in the entry point itself) ends the usual way, traceback included, and so does a run
    under a tracer, a profiler or coverage, whose exit handlers (registered before this one)
    save what they measured.
    """
    if not _instrumented():
        atexit.register(_end_now)  # registered first: runs after every handler of the run
    try:
        _run()
    except SystemExit as stop:
        if stop.code is None or isinstance(stop.code, int):
            _STATUS.append(stop.code or 0)
        raise
    _STATUS.append(0)


def _instrumented() -> bool:
    """True under a tracer or profiler (a debugger, cProfile) or with coverage loaded."""
    if sys.gettrace() is not None or sys.getprofile() is not None or "coverage" in sys.modules:
        return True
    monitoring = getattr(sys, "monitoring", None)  # Python 3.12+
    return monitoring is not None and any(monitoring.get_tool(t) is not None for t in range(6))


def _end_now() -> None:
    """End the process with the run's status, if it has one, once its streams are flushed.

    The CLI flushed standard output and answered for it before it returned (a failure there
    is already the status); no exit handler of nrdeck's writes to it, so flushing again here
    has nothing left to fail on but what a dependency's handler might print.
    """
    if not _STATUS:
        return
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):
            stream.flush()
    os._exit(_STATUS[-1] & 0xFF)


def _run() -> None:
    """Import the CLI with the garbage collector paused, then run it.

    Typer, click and nrdeck's CLI are imported with the collector paused, then out of its
    way (``nrdeck.collector``); the CLI does the same for the command's modules.

    Ctrl-C while starting up ends the run as it does later: one line, exit 130.
    """
    try:
        with paused_then_frozen():
            run_cli = _import_cli()
        run_cli()
    except KeyboardInterrupt:  # before the CLI answers for it
        try:
            sys.stderr.write("nrdeck: interrupted\n")
            sys.stderr.flush()
        except (OSError, ValueError, AttributeError):  # standard error full or closed
            pass
        raise SystemExit(INTERRUPTED) from None


def _import_cli() -> Callable[[], None]:
    """The CLI's entry point, imported without the ``OPTIONAL_MODULES`` nothing else loaded.

    A ``None`` in ``sys.modules`` makes an import of that name fail, so a dependency that
    only tries it goes on without; once the CLI is imported the names are free again for
    whatever a command imports later (pydantic needs typing_extensions). Should a dependency
    need one of them after all, the import is simply done again with them allowed.
    """
    blocked = [name for name in OPTIONAL_MODULES if name not in sys.modules]
    for name in blocked:
        sys.modules[name] = None  # type: ignore[assignment]
    try:
        import msgspec  # noqa: F401  (every command's values: imported while the names are blocked)

        from nrdeck.cli import main as run_cli
    except ImportError as exc:
        if exc.name not in blocked:
            raise
        _unblock(blocked)
        from nrdeck.cli import main as run_cli
    finally:
        _unblock(blocked)
    return run_cli


def _unblock(names: list[str]) -> None:
    for name in names:
        if name in sys.modules and sys.modules[name] is None:
            del sys.modules[name]


if __name__ == "__main__":
    main()
