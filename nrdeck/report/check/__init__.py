"""Check reporters: one run's outcomes as text, JSON, GitHub annotations or JUnit XML.

Each renders a run in pieces (``ReportPieces``: an opening, a piece per deck, a closing), so
that the CLI writes a run of any size deck by deck; ``render`` joins the pieces of a
``CheckReport`` held whole (the outcomes of one run and the card data used) into a string,
or a ``Styled`` block for the text reporter. The CLI owns the console.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

from nrdeck.catalog.records import DataInfo
from nrdeck.registry import LazyRegistry
from nrdeck.report.check.common import ReportOptions, ReportPieces
from nrdeck.report.styled import Styled
from nrdeck.results.check import CheckReport, Period

__all__ = ["REPORTER_BY_NAME", "ReportOptions", "ReportPieces", "Reporter"]


class Reporter(Protocol):
    """Renders one run's outcomes."""

    name: str

    def pieces(self, data: DataInfo, period: Period | None, options: ReportOptions) -> ReportPieces:
        """The pieces of one run's report (``data`` and ``period``: what it checks against)."""
        ...

    def render(self, report: CheckReport, options: ReportOptions) -> str | Styled:
        """The whole output for stdout (or --output FILE): the pieces joined."""
        ...


REPORTER_BY_NAME: Mapping[str, Reporter] = LazyRegistry(
    {
        "text": "nrdeck.report.check.text:TextReporter",
        "json": "nrdeck.report.check.json:JsonReporter",
        "github": "nrdeck.report.check.github:GithubReporter",
        "junit": "nrdeck.report.check.junit:JunitReporter",
    }
)
