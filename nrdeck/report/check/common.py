"""What check reporters share: rendering options, report pieces, problem order, the summary."""

from __future__ import annotations

import ntpath
import os
import posixpath
from functools import lru_cache
from typing import Protocol

import msgspec

from nrdeck.problems import Problem, Severity
from nrdeck.report.safe import one_line
from nrdeck.report.styled import Styled
from nrdeck.results.check import CheckReport, CheckTally, DeckOutcome
from nrdeck.results.outcome import Status


class ReportPieces(Protocol):
    """One run's report in pieces, so that a run of any size is written deck by deck: the
    ``opening``, one piece per deck in order, the ``closing``.

    ``counts_first``: the opening holds counts known only once every deck is rendered (JUnit's
    root element): it is rendered last, and the decks' pieces wait for it (the writer holds
    them, never the outcomes). A pieces object serves one run: it may count what it rendered.
    """

    counts_first: bool

    def opening(self, tally: CheckTally) -> str:
        """What comes before the first deck (``tally``: the whole run's, if ``counts_first``)."""
        ...

    def deck(self, outcome: DeckOutcome) -> str | Styled:
        """One deck's piece (empty when the report leaves the deck out)."""
        ...

    def closing(self, tally: CheckTally) -> str:
        """What comes after the last deck (``tally``: the whole run's)."""
        ...


def whole(pieces: ReportPieces, report: CheckReport) -> list[str | Styled]:
    """A report held whole, as the pieces a streamed run writes: opening, decks, closing."""
    decks = [pieces.deck(outcome) for outcome in report.outcomes]
    tally = report.tally
    return [pieces.opening(tally), *decks, pieces.closing(tally)]


class ReportOptions(msgspec.Struct, frozen=True):
    """Rendering choices: ``quiet`` shows only illegal decks, ``verbose`` adds figures.

    ``cwd`` and ``workspace`` (absolute folders): where the run started and the repository a
    CI service annotates (``$GITHUB_WORKSPACE``; the current folder when None), so that a
    machine format names a deck file as the service does (see ``workspace_path``).
    """

    quiet: bool = False
    verbose: bool = False
    cwd: str | None = None
    workspace: str | None = None

    def file_name(self, path: str) -> str:
        """How a CI service names a deck file the run named ``path``."""
        return workspace_path(path, self.cwd, self.workspace)


@lru_cache(maxsize=1024)  # each problem of a deck names its file again
def workspace_path(path: str, cwd: str | None, workspace: str | None = None) -> str:
    """A file named as a CI service names a repository's files: relative to the workspace,
    with '/' and no leading './', when it is inside; its absolute path when it is outside.

    ``cwd``: the folder relative paths start from (None: ``path`` is kept as given, less a
    leading './'); ``workspace``: the repository's folder (None: ``cwd``).
    """
    paths = ntpath if os.name == "nt" else posixpath
    if cwd is None:
        return _slashes(paths.normpath(path)) if path else path
    full = paths.normpath(paths.join(cwd, path))
    base = paths.normpath(paths.join(cwd, workspace or cwd))
    try:
        inside = paths.relpath(full, base)
    except ValueError:  # another drive (Windows)
        return _slashes(full)
    if inside == paths.pardir or inside.startswith(paths.pardir + paths.sep):
        return _slashes(full)
    return _slashes(inside)


def _slashes(path: str) -> str:
    """'/' between a path's parts (as GitHub names files), on Windows too."""
    return path.replace("\\", "/") if os.name == "nt" else path


def problems_of(outcome: DeckOutcome) -> tuple[Problem, ...]:
    """Why the deck was not checked, then its check's problems, in the order found."""
    return (*outcome.problems, *(outcome.result.problems if outcome.result else ()))


def errors_first(problems: tuple[Problem, ...]) -> list[Problem]:
    """Problems in report order: errors before warnings, otherwise as found."""
    return sorted(problems, key=lambda p: p.severity is not Severity.ERROR)


def shown(outcome: DeckOutcome, options: ReportOptions) -> bool:
    """Whether a human-facing report shows the deck (``quiet``: only decks that are not legal)."""
    return not (options.quiet and outcome.status is Status.LEGAL)


def cached_note(outcome: DeckOutcome) -> str | None:
    """'checked from the cached copy of 2025-10-01 (reason)', when the deck came from one."""
    if outcome.cached is None:
        return None
    return f"checked from the cached copy of {outcome.cached.date}: {outcome.cached.reason}"


def summary_line(report: CheckReport | CheckTally) -> str:
    """'3 decks: 2 legal, 1 illegal · card data: bundled snapshot of 2025-09-17'."""
    tally = report.tally if isinstance(report, CheckReport) else report
    illegal = f"{tally.count(Status.ILLEGAL)} illegal"
    if tally.failed:
        illegal += f" ({tally.failed} internal error{'s' if tally.failed != 1 else ''}: a bug)"
    counts = [f"{tally.count(Status.LEGAL)} legal", illegal]
    unavailable = tally.count(Status.UNAVAILABLE)
    if unavailable:
        counts.append(f"{unavailable} unavailable")
    if tally.cached:
        counts.append(f"{tally.cached} from cached copies")
    noun = "deck" if tally.decks == 1 else "decks"
    return one_line(
        f"{tally.decks} {noun}: {', '.join(counts)} · card data: {tally.data.describe()}"
    )
