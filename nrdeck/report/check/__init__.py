"""Check reporters: one run's outcomes as text, JSON, GitHub annotations or JUnit XML.

Each turns a ``CheckReport`` (the outcomes of one run and the card data used) into a
string, or a ``Styled`` block for the text reporter. The CLI owns the console.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

from nrdeck.registry import LazyRegistry
from nrdeck.report.check.common import ReportOptions
from nrdeck.report.styled import Styled
from nrdeck.results.check import CheckReport

__all__ = ["REPORTER_BY_NAME", "ReportOptions", "Reporter"]


class Reporter(Protocol):
    """Renders one run's outcomes."""

    name: str

    def render(self, report: CheckReport, options: ReportOptions) -> str | Styled:
        """The whole output for stdout (or --output FILE)."""
        ...


REPORTER_BY_NAME: Mapping[str, Reporter] = LazyRegistry(
    {
        "text": "nrdeck.report.check.text:TextReporter",
        "json": "nrdeck.report.check.json:JsonReporter",
        "github": "nrdeck.report.check.github:GithubReporter",
        "junit": "nrdeck.report.check.junit:JunitReporter",
    }
)
