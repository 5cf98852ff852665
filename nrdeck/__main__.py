"""The ``nrdeck`` console script and ``python -m nrdeck``."""

import atexit
import gc
import os
import sys
from collections.abc import Callable

INTERRUPTED = 130  # errors.ExitCode.INTERRUPTED, without importing anything before the CLI
BROKEN_PIPE = 141  # what a shell reports for a program stopped by a closed pipe
YOUNG_OBJECTS = 10_000  # allocations between collections of the youngest generation (700)
# Modules a dependency imports only if they are there, and does as well without on this
# Python: msgspec tries typing_extensions for what Python 3.11's typing module has itself
# (about 3% of the instructions of ``nrdeck check deck.txt``).
OPTIONAL_MODULES = ("typing_extensions",) if sys.version_info >= (3, 11) else ()


# The exit status of a run that ended as planned (set once the command is done)
_STATUS: list[int] = []


def main() -> None:
    """Run the CLI as a program: see ``_run``; then end without the interpreter's teardown.

    Once the command is done and every exit handler has run, freeing the card data, the
    modules and everything else object by object would only delay the exit (about 2 ms, 4% of
    the instructions of ``nrdeck check deck.txt``): the process ends right after its streams
    are flushed, with the command's status. A run that ends in an uncaught exception (a bug
    in the entry point itself) ends the usual way, traceback included, and so does a run
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
    """Flush the standard streams and end the process with the run's status, if it has one."""
    if not _STATUS:
        return
    status = _STATUS[-1]
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except BrokenPipeError:  # the reader left: what was left to say had nowhere to go
            status = BROKEN_PIPE
        except (OSError, ValueError, AttributeError):
            pass
    os._exit(status & 0xFF)


def _run() -> None:
    """Import the CLI with the garbage collector paused, then run it.

    Importing Typer, click and nrdeck allocates tens of thousands of long-lived objects, and
    collecting them generation by generation while they are being made costs about a tenth
    of a short run such as ``nrdeck check deck.txt``. So nothing is collected until the
    imports are done; then ``gc.freeze()`` moves what they made out of the collector's way
    and collection resumes for the command itself. The command's first job is loading card
    data (thousands of containers that live as long as it does), so the youngest generation
    is collected every 10,000 allocations instead of every 700: each container is looked at
    about once instead of again and again by older generations' collections, and memory
    held by reference cycles stays bounded all the same.

    Ctrl-C while starting up ends the run as it does later (one line, exit 130), and a
    standard output closed by its reader (``| head -1``) ends it quietly.
    """
    try:
        gc.disable()
        try:
            run_cli = _import_cli()
        finally:
            gc.freeze()
            gc.set_threshold(YOUNG_OBJECTS, *gc.get_threshold()[1:])
            gc.enable()
        run_cli()
    except KeyboardInterrupt:
        sys.stderr.write("nrdeck: interrupted\n")
        raise SystemExit(INTERRUPTED) from None
    except BrokenPipeError:
        _quiet_stdout()
        raise SystemExit(BROKEN_PIPE) from None
    finally:
        try:
            sys.stdout.flush()
        except BrokenPipeError:  # the last buffered bytes had nowhere to go
            _quiet_stdout()
            raise SystemExit(BROKEN_PIPE) from None


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


def _quiet_stdout() -> None:
    """Point stdout at the null device, so the interpreter's final flush cannot fail."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


if __name__ == "__main__":
    main()
