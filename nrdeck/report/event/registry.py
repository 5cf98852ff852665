"""The event reporters by name: what ``nrdeck event --output-format`` may choose.

``sheets`` (printable decklists) needs the card data and is rendered by the command itself
(``nrdeck.app.sheets`` then ``nrdeck.report.sheets``); every other format is here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Protocol

from nrdeck.report.event.common import EventRenderOptions
from nrdeck.report.event.csv import render_csv
from nrdeck.report.event.html import render_html
from nrdeck.report.event.json import render_json
from nrdeck.report.event.markdown import render_markdown
from nrdeck.report.event.table import render_table

if TYPE_CHECKING:
    from rich.console import RenderableType

    from nrdeck.results.event import EventReport

PUBLISHABLE = frozenset({"markdown", "html"})  # default to --audience public


class EventReporter(Protocol):
    """Renders one event run: a string, or a Rich renderable for the terminal table."""

    def __call__(self, report: EventReport, options: EventRenderOptions) -> str | RenderableType:
        """The whole output for stdout (or --output FILE)."""
        ...


def _table(report: EventReport, options: EventRenderOptions) -> RenderableType:
    return render_table(report, options)


EVENT_REPORTER_BY_NAME: Mapping[str, EventReporter] = {
    "table": _table,
    "json": render_json,
    "csv": render_csv,
    "markdown": render_markdown,
    "html": render_html,
}
