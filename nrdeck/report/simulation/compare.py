"""Variants side by side: each query's chance by turn for every variant, and the change."""

from __future__ import annotations

import msgspec

from nrdeck.report.simulation.cells import (
    DIM,
    HEAD,
    TITLE,
    first_met_table,
    footer,
    format_probability,
    row_label,
    table,
)
from nrdeck.report.styled import Styled
from nrdeck.results.simulation import Comparison, FirstMet, Section


def _change(first: float, last: float) -> str:
    points = (float(last) - float(first)) * 100
    return "0" if abs(points) < 0.05 else f"{points:+.1f}"


def _mean_change(first: FirstMet, other: FirstMet, row_name: str) -> str:
    if first.mean is None or other.mean is None:
        return ""
    delta = float(other.mean) - float(first.mean)
    unit = "turns" if row_name == "turn" else "accesses"
    return f"{delta:+.1f} {unit}" if abs(delta) >= 0.05 else "no change"


def _query_table(comparison: Comparison, s: int, c: int) -> Styled:
    sections: list[Section] = [v.simulation.sections[s] for v in comparison.variants]
    first = sections[0]
    column = first.columns[c]
    labels = [v.label for v in comparison.variants]
    out = Styled()
    out.line((f"{first.title}: {column.label}", TITLE))
    change = "change" if len(labels) == 2 else f"{labels[-1]} vs {labels[0]}"
    header = ["turn" if first.row_name == "turn" else "k", *labels, change]
    rows = []
    for i, row in enumerate(first.rows):
        chances = [sec.columns[c].odds.at_turn[i] for sec in sections if i < len(sec.rows)]
        if len(chances) != len(sections):
            break
        cells = [format_probability(p) for p in chances]
        rows.append([row_label(first.row_name, row), *cells, _change(chances[0], chances[-1])])
    out.extend(table(header, rows, right=len(header)))
    out.line("")
    items = [(label, sec.columns[c].first_met) for label, sec in zip(labels, sections, strict=True)]
    out.extend(first_met_table(first.row_name, items))
    base = items[0][1]
    for label, fm in items[1:]:
        moved = _mean_change(base, fm, first.row_name)
        if moved:
            out.line((f"mean first met, {label} against {labels[0]}: {moved}", HEAD))
    out.line("")
    return out


def comparison_text(comparison: Comparison) -> Styled:
    """Per section and query: one column per variant, the change, first-met summaries."""
    out = Styled()
    first = comparison.variants[0].simulation
    who = f" ({first.identity})" if first.identity else ""
    what = {"sweep": "copy counts", "pad": "padding", "compare": "two decklists"}
    heading = f"{comparison.deck}{who}: {what.get(comparison.kind, comparison.kind)}"
    out.line((heading, TITLE))
    if comparison.note:
        out.line((comparison.note, DIM))
    out.line("")
    for s, section in enumerate(first.sections):
        for c in range(len(section.columns)):
            out.extend(_query_table(comparison, s, c))
    out.extend(footer(first))
    shown = set(first.assumptions) | {g.name for g in first.groups}
    for variant in comparison.variants[1:]:
        sim = variant.simulation
        lines = [a for a in sim.assumptions if a not in shown]
        groups = [g for g in sim.groups if g not in first.groups]
        if lines or groups:
            out.line((f"{variant.label} differs:", HEAD))
            differs = msgspec.structs.replace(
                sim, assumptions=tuple(lines), groups=tuple(groups), data=None
            )
            out.extend(footer(differs))
    return out
