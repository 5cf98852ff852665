"""Expected failures, the exit-code contract, and the one place that maps one to the other."""

from __future__ import annotations

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
    INTERRUPTED = 130


class NrdeckError(Exception):
    """An expected failure: one clear line for the user and an exit code."""

    exit_code: ExitCode = ExitCode.INTERNAL

    def __init__(self, message: str, *, hint: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint

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


class DeckInputError(NrdeckError):
    """A decklist file that cannot be read at all (missing, too large, binary)."""

    exit_code = ExitCode.ILLEGAL


def damaged_catalog(detail: object, where: object = None) -> DataUnavailableError:
    """The error of a card catalogue damaged after it was compiled (``where``: its file, when
    known): the card data's fault, not the deck's or nrdeck's, with what to do."""
    what = f"{where}: the card catalogue" if where else "the card data's catalogue"
    return DataUnavailableError(f"{what} is damaged: {detail}", hint=_DAMAGED_CATALOG_HINT)


def extra_hint(extra: str, library: str | None = None) -> str:
    """How to add an optional extra: nrdeck is installed from its repository, not from PyPI,
    so from the clone; ``library``: the one library it adds, also installable alone."""
    hint = f"in your nrdeck clone: pip install '.[{extra}]' (pipx install --force '.[{extra}]')"
    if library is None:
        return hint
    return f"{hint}; or add {library} alone: pip install {library} (pipx inject nrdeck {library})"
