"""The stats renderers: a deck's breakdown as Rich tables or as a JSON document.

Table cells and titles are Rich ``Text`` made safe (``safe.one_line``), never markup: a deck
or file name cannot style, link or escape the terminal.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from nrdeck.report.json_pieces import (
    cached_entry,
    card_data,
    identity_entry,
    problem_entry,
    stats_entry,
)
from nrdeck.report.safe import one_line
from nrdeck.results.stats import Count, DeckBreakdown

if TYPE_CHECKING:
    from rich.console import RenderableType
    from rich.text import Text


def stats_json(b: DeckBreakdown) -> str:
    """The breakdown as a versioned JSON document."""
    return json.dumps(stats_document(b), indent=2, ensure_ascii=False) + "\n"


def stats_document(b: DeckBreakdown) -> dict[str, Any]:
    """The breakdown as plain data."""
    result = b.result
    return {
        "version": 1,
        "card_data": card_data(b.data, b.result.period.stale_data),
        "source": b.deck.source,
        "name": b.deck.name,
        "cached_copy": cached_entry(b.cached),
        "identity": identity_entry(result),
        "side": result.side,
        "format": {"id": result.period.format_id, "name": result.period.format_name},
        "legal": result.legal,
        "stats": stats_entry(result.stats),
        "by_type": dict(b.by_type),
        "by_subtype": dict(b.by_subtype),
        "influence_by_faction": dict(b.influence_by_faction),
        "agendas": b.agendas,
        "agenda_density": b.agenda_density,
        "cost_curve": dict(b.cost_curve),
        "problems": [problem_entry(p) for p in result.problems],
    }


def stats_tables(b: DeckBreakdown) -> RenderableType:
    """The breakdown as Rich tables (imports Rich)."""
    from rich.console import Group

    parts: list[RenderableType] = [_overview(b), _counts("Type", b.by_type)]
    if b.by_subtype:
        parts.append(_counts("Subtype", b.by_subtype))
    if b.influence_by_card:
        by_faction = _counts(
            "Faction", b.influence_by_faction, value="Influence", title="Influence by faction"
        )
        parts += [by_faction, _influence_by_card(b)]
    if b.cost_curve:
        parts.append(_counts("Cost", b.cost_curve, bars=True))
    return Group(*parts)


def cell(value: object) -> Text:
    """A table cell or title: the value's text made safe, as Rich ``Text`` (never markup)."""
    from rich.text import Text

    return Text(one_line(str(value)))


def _overview(b: DeckBreakdown) -> Any:
    from rich.table import Table

    result, stats = b.result, b.result.stats
    title = cell(f"{b.deck.source} · {result.identity_title or 'no identity'}")
    verdict = "legal" if result.legal else f"illegal ({len(result.problems)} problems)"
    table = Table(title=title, show_header=False, box=None, title_justify="left")
    rows = [("format", f"{result.period.describe()} · {verdict}")]
    if b.cached is not None:
        rows.append(("source", f"cached copy of {b.cached.date} ({b.cached.reason})"))
    rows.append(("cards", f"{stats.cards} (minimum {stats.min_cards or '?'})"))
    limit = "unlimited" if stats.influence_limit is None else str(stats.influence_limit)
    rows.append(("influence", f"{stats.influence_spent} of {limit}"))
    if stats.agenda_points is not None:
        band = f"{stats.agenda_band[0]}–{stats.agenda_band[1]}" if stats.agenda_band else "?"
        density = f"{b.agenda_density}" if b.agenda_density is not None else "?"
        rows.append(
            (
                "agendas",
                f"{b.agendas} cards, {stats.agenda_points} points (needs {band}), "
                f"{density} points per 10 cards",
            )
        )
    for label, value in rows:
        table.add_row(cell(label), cell(value))
    return table


def _influence_by_card(b: DeckBreakdown) -> Any:
    from rich.table import Table

    table = Table(title=cell("Influence by card"), title_justify="left")
    table.add_column("Card")
    table.add_column("Copies", justify="right")
    table.add_column("Influence", justify="right")
    table.add_column("Note")
    for cost in b.influence_by_card:
        table.add_row(cell(cost.title), cell(cost.copies), cell(cost.amount), cell(cost.note))
    return table


def _counts(
    label: str,
    rows: tuple[Count, ...],
    value: str = "Cards",
    bars: bool = False,
    title: str | None = None,
) -> Any:
    from rich.table import Table

    table = Table(title=cell(title or f"By {label.lower()}"), title_justify="left")
    table.add_column(label)
    table.add_column(value, justify="right")
    if bars:
        table.add_column("")
    for name, count in rows:
        cells = [cell(name), cell(count)] + ([cell("█" * count)] if bars else [])
        table.add_row(*cells)
    return table
