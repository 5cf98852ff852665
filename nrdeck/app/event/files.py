"""What an event run makes besides its report (printable decklists), the roster's column
mapping (``--columns``), and the render options the command's flags choose (who the output
is for)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from nrdeck.app.sheets import event_sheets
from nrdeck.catalog import CardDB
from nrdeck.errors import UsageError
from nrdeck.report.event.common import AUDIENCES, EventRenderOptions
from nrdeck.report.event.registry import PUBLISHABLE
from nrdeck.report.sheets import render_sheets
from nrdeck.results.event import EventReport
from nrdeck.roster.model import REQUIRED_COLUMNS

_PAIR = re.compile(r"""\s*(\w+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^,"']*))\s*(?:,|$)""")


def parse_columns(text: str | None) -> dict[str, str]:
    """--columns 'player="Name",corp="Corp deck",runner="Runner deck"' as a mapping."""
    if not text:
        return {}
    found: dict[str, str] = {}
    position = 0
    while position < len(text):
        match = _PAIR.match(text, position)
        if match is None or match.end() == position:
            raise UsageError(
                f"--columns: cannot read {text[position:]!r}",
                hint='write player="Name",corp="Corp column",runner="Runner column"',
            )
        role = match.group(1).lower()
        if role not in REQUIRED_COLUMNS:
            raise UsageError(
                f"--columns: unknown role {role!r}", hint="roles: player, corp, runner"
            )
        found[role] = next(g for g in match.groups()[1:] if g is not None).strip()
        if not found[role]:
            raise UsageError(f"--columns: {role} names no column", hint=f'write {role}="Column"')
        position = match.end()
    return found


def render_options(
    report: EventReport,
    output_format: str,
    *,
    audience: str | None = None,
    public_columns: Sequence[str] = (),
    quiet: bool = False,
    excel: bool = False,
) -> EventRenderOptions:
    """Markdown and HTML default to the public audience; the others are the organiser's."""
    if audience is not None and audience not in AUDIENCES:
        raise UsageError(f"unknown audience {audience!r}", hint="public or organiser")
    if audience == "public" and output_format not in PUBLISHABLE:
        raise UsageError(
            f"--audience public is for markdown and html; {output_format} is the organiser's own",
            hint="choose --output-format markdown or html to publish",
        )
    unknown = [c for c in public_columns if c not in report.extra_columns]
    if unknown:
        valid = ", ".join(report.extra_columns) or "none"
        raise UsageError(
            f"--public-columns: no column {unknown[0]!r} in the roster", hint=f"columns: {valid}"
        )
    chosen = audience or ("public" if output_format in PUBLISHABLE else "organiser")
    return EventRenderOptions(
        quiet=quiet, audience=chosen, public_columns=tuple(public_columns), excel=excel
    )


def sheets_document(report: EventReport, db: CardDB, event: str = "", language: str = "en") -> str:
    """Printable decklists of every deck the event read, a page each (card titles in
    ``language`` where the card data has them)."""
    return render_sheets(
        event_sheets(report, db, event, language),
        title=f"Decklists: {event}" if event else "Decklists",
    )
