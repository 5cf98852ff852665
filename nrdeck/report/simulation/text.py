"""Pure renderers of a simulation: plain text (``Styled``, Rich only for a colour terminal).

The tables are laid out here, without Rich, so that a piped report never imports it; the
CLI turns the ``Styled`` lines into Rich text only when it writes to a colour terminal.
JSON, CSV and the plot live beside this module (``simulation_doc``, ``simulation_plot``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

from nrdeck.registry import LazyRegistry
from nrdeck.report.simulation.cells import (
    CELL,
    DIM,
    TITLE,
    cell,
    first_met_table,
    footer,
    format_probability,
    row_label,
    table,
)
from nrdeck.report.styled import Styled
from nrdeck.results.simulation import CardTable, Column, Comparison, Section, Simulation


def _section(section: Section) -> Styled:
    out = Styled()
    out.line((section.title, TITLE))
    first = "turn" if section.row_name == "turn" else "k"
    cards = section.row_name == "turn" and len({c.seen for c in section.columns}) == 1
    header = [first, *(["cards"] if cards else []), *(c.label.ljust(CELL) for c in section.columns)]
    widths = [
        max(6, *(len(format_probability(p)) for p in c.odds.at_turn)) for c in section.columns
    ]
    rows = []
    for i, row in enumerate(section.rows):
        cells = [row_label(section.row_name, row), *([str(section.seen[i])] if cards else [])]
        rows.append(
            [
                *cells,
                *(
                    cell(c.odds.at_turn[i], w).ljust(CELL)
                    for c, w in zip(section.columns, widths, strict=True)
                ),
            ]
        )
    out.extend(table(header, rows, right=2 if cards else 1))
    out.line("")
    out.extend(first_met_table(section.row_name, [(c.label, c.first_met) for c in section.columns]))
    for c in section.columns:
        if c.odds.ci95:
            out.line((_interval_line(c), DIM))
    if section.note:
        out.line((section.note, DIM))
    out.line("")
    return out


def _interval_line(column: Column) -> str:
    widest = max((high - low) / 2 for low, high in column.odds.ci95 or ((0.0, 0.0),))
    return (
        f"{column.label}: Monte Carlo, {column.samples} games, 95% interval within "
        f"±{widest * 100:.2f} points"
    )


def _card_table(cards: CardTable) -> Styled:
    out = Styled()
    out.line(("At least one copy by turn", TITLE))
    header = ["card", "copies", *(row_label("turn", t).rjust(6) for t in cards.turns)]
    rows = [
        [c.title, str(c.copies), *(format_probability(p).rjust(6) for p in c.by_turn)]
        for c in cards.cards
    ]
    widths_right = table(header, rows, right=0)
    out.extend(widths_right)
    out.line("")
    return out


def render_text(sim: Simulation) -> Styled:
    """The tables, first-met summaries, sample hands and the assumptions footer."""
    out = Styled()
    who = f" ({sim.identity})" if sim.identity else ""
    out.line((f"{sim.deck}{who}: {sim.deck_size} cards", TITLE))
    out.line("")
    for section in sim.sections:
        out.extend(_section(section))
    if sim.cards is not None:
        out.extend(_card_table(sim.cards))
    if sim.target is not None or sim.optimal is not None:
        out.extend(_questions(sim))
    if sim.hands:
        out.extend(_hands(sim))
    out.extend(footer(sim))
    return out


def _questions(sim: Simulation) -> Styled:
    """The answer to a what-if question (its module loaded only for one)."""
    from nrdeck.report.simulation.questions import optimal_text, target_text

    out = Styled()
    if sim.target is not None:
        out.extend(target_text(sim.target))
    if sim.optimal is not None:
        out.extend(optimal_text(sim.optimal))
    return out


def _hands(sim: Simulation) -> Styled:
    out = Styled()
    out.line((f"Sample opening hands (seed {sim.seed}):", TITLE))
    for n, hand in enumerate(sim.hands, 1):
        cards = ", ".join(
            f"{c.title} [{', '.join(c.groups)}]" if c.groups else c.title for c in hand.cards
        )
        out.line(f"{n:>3}. {cards}{' (after a mulligan)' if hand.mulliganed else ''}")
    out.line("")
    return out


def render_comparison(comparison: Comparison) -> Styled:
    """Each query's table with one column per variant, and the change in first-met turn."""
    from nrdeck.report.simulation.compare import comparison_text  # comparisons only

    return comparison_text(comparison)


class SimulationRenderer(Protocol):
    """Renders a simulation, or a comparison of several."""

    def render(self, sim: Simulation) -> str | Styled:
        """The whole output of one simulation."""
        ...

    def render_comparison(self, comparison: Comparison) -> str | Styled:
        """The whole output of a comparison."""
        ...


class TextRenderer:
    """Plain-text tables (``Styled``: colour only through Rich on a terminal)."""

    def render(self, sim: Simulation) -> Styled:
        """The tables, summaries and footer."""
        return render_text(sim)

    def render_comparison(self, comparison: Comparison) -> Styled:
        """The variants side by side."""
        return render_comparison(comparison)


RENDERER_BY_NAME: Mapping[str, SimulationRenderer] = LazyRegistry(
    {
        "text": "nrdeck.report.simulation.text:TextRenderer",
        "json": "nrdeck.report.simulation.doc:JsonRenderer",
        "csv": "nrdeck.report.simulation.doc:CsvRenderer",
    }
)
__all__ = ["RENDERER_BY_NAME", "render_text"]
