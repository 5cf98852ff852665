"""What check reporters share: rendering options, problem order, the summary line."""

from __future__ import annotations

import ntpath
import os
import posixpath

import msgspec

from nrdeck.problems import Problem, Severity
from nrdeck.report.safe import one_line
from nrdeck.results.check import CheckReport, DeckOutcome
from nrdeck.results.outcome import Status


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


def failed_count(report: CheckReport) -> int:
    """How many decks nrdeck failed on (internal errors; counted among the illegal)."""
    return sum(1 for o in report.outcomes if o.failed)


def summary_line(report: CheckReport) -> str:
    """'3 decks: 2 legal, 1 illegal · card data: bundled snapshot of 2025-09-17'."""
    n = len(report.outcomes)
    illegal = f"{report.count(Status.ILLEGAL)} illegal"
    failed = failed_count(report)
    if failed:
        illegal += f" ({failed} internal error{'s' if failed != 1 else ''}: a bug)"
    counts = [f"{report.count(Status.LEGAL)} legal", illegal]
    unavailable = report.count(Status.UNAVAILABLE)
    if unavailable:
        counts.append(f"{unavailable} unavailable")
    cached = sum(1 for o in report.outcomes if o.cached is not None)
    if cached:
        counts.append(f"{cached} from cached copies")
    noun = "deck" if n == 1 else "decks"
    return one_line(f"{n} {noun}: {', '.join(counts)} · card data: {report.data.describe()}")
