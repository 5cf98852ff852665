"""REPORTERS: pure renderers of check results. They never print and never decide.

Each reporter turns a ``Report`` (the results of one run and the card data used) into a
string, or a ``Styled`` block for the text reporter. The CLI owns the console.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

from nrdeck.carddb import DataInfo
from nrdeck.report.github import GithubReporter
from nrdeck.report.json import JsonReporter
from nrdeck.report.junit import JunitReporter
from nrdeck.report.model import Report, ReportOptions
from nrdeck.report.styled import Styled
from nrdeck.report.text import TextReporter

__all__ = [
    "REPORTER_BY_NAME",
    "DataInfo",
    "Report",
    "ReportOptions",
    "Reporter",
    "Styled",
]


class Reporter(Protocol):
    """Renders one run's results."""

    name: str

    def render(self, report: Report, options: ReportOptions) -> str | Styled:
        """The whole output for stdout (or --output FILE)."""
        ...


REPORTER_BY_NAME: Mapping[str, Reporter] = {
    "text": TextReporter(),
    "json": JsonReporter(),
    "github": GithubReporter(),
    "junit": JunitReporter(),
}
