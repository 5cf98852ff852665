"""REPORTERS: pure renderers of results. They never print and never decide.

Each check reporter turns a ``CheckReport`` (the outcomes of one run and the card data
used) into a string, or a ``Styled`` block for the text reporter. The CLI owns the console.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

from nrdeck.registry import LazyRegistry
from nrdeck.report.model import ReportOptions
from nrdeck.report.styled import Styled
from nrdeck.results.check import CheckReport

__all__ = ["REPORTER_BY_NAME", "ReportOptions", "Reporter", "Styled"]


class Reporter(Protocol):
    """Renders one run's outcomes."""

    name: str

    def render(self, report: CheckReport, options: ReportOptions) -> str | Styled:
        """The whole output for stdout (or --output FILE)."""
        ...


REPORTER_BY_NAME: Mapping[str, Reporter] = LazyRegistry(
    {
        "text": "nrdeck.report.text:TextReporter",
        "json": "nrdeck.report.json:JsonReporter",
        "github": "nrdeck.report.github:GithubReporter",
        "junit": "nrdeck.report.junit:JunitReporter",
    }
)
