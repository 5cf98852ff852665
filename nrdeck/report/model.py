"""What reporters render: the results of one run, the card data used, and how verbose."""

from __future__ import annotations

import msgspec

from nrdeck.carddb import DataInfo
from nrdeck.problems import Problem, Severity
from nrdeck.result import CheckResult

UNAVAILABLE_CODE = "deck-unavailable"


class ReportOptions(msgspec.Struct, frozen=True):
    """Rendering choices: ``quiet`` shows only illegal decks, ``verbose`` adds figures."""

    quiet: bool = False
    verbose: bool = False


class Report(msgspec.Struct, frozen=True):
    """One run: a result per deck, in the order the decks were given."""

    results: tuple[CheckResult, ...]
    data: DataInfo

    @property
    def legal(self) -> int:
        """How many decks are legal."""
        return sum(1 for r in self.results if r.legal)

    @property
    def unavailable(self) -> int:
        """How many decks could not be obtained (remote failures)."""
        return sum(1 for r in self.results if is_unavailable(r))

    @property
    def illegal(self) -> int:
        """How many decks were read and found illegal."""
        return len(self.results) - self.legal - self.unavailable


def is_unavailable(result: CheckResult) -> bool:
    """True when the deck could not be obtained at all."""
    return any(p.code == UNAVAILABLE_CODE for p in result.problems)


def errors_first(problems: tuple[Problem, ...]) -> list[Problem]:
    """Problems in report order: errors before warnings, otherwise as found."""
    return sorted(problems, key=lambda p: p.severity is not Severity.ERROR)


def summary_line(report: Report) -> str:
    """'3 decks: 2 legal, 1 illegal · card data: bundled snapshot of 2025-09-17'."""
    n = len(report.results)
    counts = [f"{report.legal} legal", f"{report.illegal} illegal"]
    if report.unavailable:
        counts.append(f"{report.unavailable} unavailable")
    noun = "deck" if n == 1 else "decks"
    return f"{n} {noun}: {', '.join(counts)} · card data: {report.data.describe()}"
