"""Expected failures, the exit-code contract, and the one place that maps one to the other."""

from __future__ import annotations

import errno
from enum import IntEnum

_DAMAGED_CATALOG_HINT = (
    "delete the .catalog file beside the card data (nrdeck reads the JSON document then), or "
    "rebuild it: 'nrdeck data build' for a pinned file, 'nrdeck data update' for the cache"
)


class ExitCode(IntEnum):
    """Process exit codes: documented in the README and pinned by a test."""

    OK = 0
    ILLEGAL = 1
    USAGE = 2
    UNAVAILABLE = 3
    INTERNAL = 4
    WRITE_FAILED = 5
    INTERRUPTED = 130
    BROKEN_PIPE = 141
    TERMINATED = 143


class Fix:
    """What the user can do about an error, said without words of one front door: the CLI's
    ``hint`` says it with options and commands, the web with its fields and menus
    (``nrdeck.web.words``). ``action`` is one of ``FIX_ACTIONS``; ``value`` the date, format
    or list it names. (A plain class: nothing is built for it when nrdeck starts.)"""

    __slots__ = ("action", "value")

    def __init__(self, action: str, value: str | None = None) -> None:
        self.action = action
        self.value = value

    def __repr__(self) -> str:
        return f"Fix({self.action!r}, value={self.value!r})"


FIX_ACTIONS = (
    "later-date",  # choose a date on or after ``value``
    "no-list",  # a format without ban lists: name none, or choose another format
    "other-format",  # the list named is format ``value``'s
    "newer-data",  # the card data does not have it yet
    "paste-text",  # give the decklist's text rather than a link
    "event-fixed",  # an event's server fixes the setting: leave it out
)


class NrdeckError(Exception):
    """An expected failure: one clear line for the user and an exit code (``fix``: what to
    do, for a front door other than the CLI to say in its own words)."""

    exit_code: ExitCode = ExitCode.INTERNAL

    def __init__(self, message: str, *, hint: str | None = None, fix: Fix | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint
        self.fix = fix

    def one_line(self) -> str:
        """The message, with the next step appended when there is one."""
        return f"{self.message} ({self.hint})" if self.hint else self.message


class UsageError(NrdeckError):
    """A bad option, a missing file, an unknown format, snapshot or ban list id."""

    exit_code = ExitCode.USAGE


class DataUnavailableError(NrdeckError):
    """Card data could not be obtained (network, cache, NetrunnerDB error)."""

    exit_code = ExitCode.UNAVAILABLE


class RemoteDeckError(NrdeckError):
    """A remote deck could not be obtained (private, unknown, network failure)."""

    exit_code = ExitCode.UNAVAILABLE


class DeckPrivateError(RemoteDeckError):
    """NetrunnerDB answered 403: the deck is private and its owner does not share decks."""


class DeckNotFoundError(RemoteDeckError):
    """NetrunnerDB has no deck or decklist with this id."""


class TournamentUnavailableError(NrdeckError):
    """A tournament's settings could not be obtained from Cobra (network, Cobra's error)."""

    exit_code = ExitCode.UNAVAILABLE


class CacheError(DataUnavailableError):
    """The cache directory cannot be used (not writable, locked for too long)."""


class CatalogDamagedError(DataUnavailableError):
    """The card catalogue in use is damaged: the card data's fault, not the deck's."""


class DeckInputError(NrdeckError):
    """A decklist file that cannot be read at all (missing, too large, binary)."""

    exit_code = ExitCode.ILLEGAL


class OutputError(NrdeckError):
    """What a run had to say could not be written whole: a full disk, an I/O error, a closed
    standard output. Not a usage error (the command was right: it works once there is room),
    not a verdict: a script must not read it as one."""

    exit_code = ExitCode.WRITE_FAILED


class ReaderGone(OutputError):
    """The reader of a pipe nrdeck writes to (standard output, a FIFO named by ``--output``)
    went away: nothing more is said, as any program stopped by a closed pipe."""

    exit_code = ExitCode.BROKEN_PIPE


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised where the run is, so that it ends as it does after Ctrl-C: what it was
    writing abandoned and its temporary files removed, one line, its own status."""


# what to do about a failed write, by errno (none: the reason says it all)
_WRITE_HINTS = {
    errno.ENOSPC: "free some space on its disk, then run it again",
}


def write_failure(exc: OSError, target: str) -> OutputError:
    """The answer to a write to ``target`` ('standard output', a report's path) that failed:
    the one place that turns a write error (EPIPE, ENOSPC, EBADF, EIO...) into an exit code."""
    if exc.errno == errno.EPIPE:
        return ReaderGone(f"{target}: its reader went away")
    reason = "it is closed" if exc.errno == errno.EBADF else exc.strerror or str(exc)
    return OutputError(f"cannot write to {target}: {reason}", hint=_WRITE_HINTS.get(exc.errno or 0))


# errnos only a write meets: the disk, the quota or the file size limit is full
_FULL = frozenset(
    getattr(errno, name) for name in ("ENOSPC", "EDQUOT", "EFBIG") if hasattr(errno, name)
)


def full_disk(exc: OSError, target: str | None = None) -> OutputError | None:
    """``write_failure``'s answer when ``exc`` says a disk is full, whatever was writing (a
    cache, ``data build``'s files, a plot); None for any other error."""
    if exc.errno not in _FULL:
        return None
    return write_failure(exc, target or str(exc.filename or "a file nrdeck writes"))


def interruption(exc: KeyboardInterrupt) -> tuple[str, ExitCode]:
    """What a run stopped by Ctrl-C (SIGINT) or SIGTERM says on stderr, and its status."""
    if isinstance(exc, Terminated):
        return "nrdeck: terminated", ExitCode.TERMINATED
    return "nrdeck: interrupted", ExitCode.INTERRUPTED


def damaged_catalog(detail: object, where: object = None) -> CatalogDamagedError:
    """The error of a card catalogue damaged after it was compiled (``where``: its file, when
    known): the card data's fault, not the deck's or nrdeck's, with what to do."""
    what = f"{where}: the card catalogue" if where else "the card data's catalogue"
    return CatalogDamagedError(f"{what} is damaged: {detail}", hint=_DAMAGED_CATALOG_HINT)


def extra_hint(extra: str, library: str | None = None) -> str:
    """How to add an optional extra: nrdeck is installed from its repository, not from PyPI,
    so from the clone; ``library``: the one library it adds, also installable alone."""
    hint = f"in your nrdeck clone: pip install '.[{extra}]' (pipx install --force '.[{extra}]')"
    if library is None:
        return hint
    return f"{hint}; or add {library} alone: pip install {library} (pipx inject nrdeck {library})"
