"""Pure renderers of a Simulation: Rich renderables for text, strings for JSON and CSV."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from nrdeck.report.json_pieces import card_data
from nrdeck.results.simulation import Column, Section, Simulation

if TYPE_CHECKING:
    from rich.console import RenderableType

JSON_VERSION = 1
BAR_WIDTH = 4
_EIGHTHS = " ▏▎▍▌▋▊▉"


def format_probability(p: float) -> str:
    """'30.4%', '1 in 412' for rare events, '>99.9%' just short of certain."""
    if p <= 0:
        return "0%"
    if p >= 1:
        return "100%"
    if p < 0.01:
        return f"1 in {round(1 / p):,}"
    if p >= 0.9995:
        return ">99.9%"
    return f"{p * 100:.1f}%"


def bar(p: float, width: int = BAR_WIDTH) -> str:
    """A small bar of block characters, ``width`` cells at 100%."""
    eighths = round(max(0.0, min(1.0, p)) * width * 8)
    full, part = divmod(eighths, 8)
    return ("█" * full + (_EIGHTHS[part] if part else "")).ljust(width)


def _cell(column: Column, i: int) -> str:
    p = float(column.odds.at_turn[i])
    return f"{format_probability(p):>6} {bar(p)}"


def _row_label(section: Section, row: int) -> str:
    if section.row_name != "turn":
        return str(row)
    return "hand" if row == 0 else f"T{row}"


def _first_met_line(section: Section, column: Column) -> str:
    fm = column.first_met
    unit = "T" if section.row_name == "turn" else ""
    within = fm.within if fm.within is not None else (section.rows or (0,))[-1]
    last = _row_label(section, within)
    if fm.by_last <= 0:
        return f"{column.label}: not met by {last}"
    median = _row_label(section, fm.median) if fm.median is not None else f"after {last}"
    expected = f"{unit}{fm.expected:.1f}" if fm.expected is not None else "-"
    return (
        f"{column.label}: first met, median {median}, expected {expected} "
        f"(when met by {last}: {format_probability(fm.by_last)})"
    )


def _interval_line(column: Column) -> str:
    widest = max((high - low) / 2 for low, high in column.odds.ci95 or ((0.0, 0.0),))
    return (
        f"{column.label}: Monte Carlo, {column.samples} games, 95% interval within "
        f"±{widest * 100:.2f} points"
    )


def _section_table(section: Section) -> RenderableType:
    from rich import box
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    table = Table(title=section.title, box=box.SIMPLE_HEAD, title_justify="left", pad_edge=False)
    table.add_column(
        "turn" if section.row_name == "turn" else "k", justify="right", no_wrap=True, min_width=4
    )
    cards = section.row_name == "turn" and len({c.seen for c in section.columns}) == 1
    if cards:
        table.add_column("cards", justify="right", no_wrap=True, min_width=5)
    for column in section.columns:
        table.add_column(column.label, justify="left", min_width=11)
    for i, row in enumerate(section.rows):
        cells = [_row_label(section, row)]
        if cards:
            cells.append(str(section.seen[i]))
        cells.extend(_cell(c, i) for c in section.columns)
        table.add_row(*cells)
    lines = [_first_met_line(section, c) for c in section.columns]
    lines.extend(_interval_line(c) for c in section.columns if c.odds.ci95)
    if section.note:
        lines.append(section.note)
    return Group(table, Text("\n".join(lines)), Text(""))


def render_text(sim: Simulation) -> RenderableType:
    """The tables, first-met lines, sample hands and the assumptions footer."""
    from rich.console import Group
    from rich.text import Text

    who = f" ({sim.identity})" if sim.identity else ""
    parts: list[RenderableType] = [Text(f"{sim.deck}{who}: {sim.deck_size} cards\n")]
    parts.extend(_section_table(s) for s in sim.sections)
    if sim.hands:
        parts.append(Text(_hands_text(sim)))
    parts.append(Text(_footer(sim)))
    return Group(*parts)


def _hands_text(sim: Simulation) -> str:
    lines = [f"Sample opening hands (seed {sim.seed}):"]
    for n, hand in enumerate(sim.hands, 1):
        cards = ", ".join(
            f"{c.title} [{', '.join(c.groups)}]" if c.groups else c.title for c in hand.cards
        )
        lines.append(f"{n:>3}. {cards}{' (after a mulligan)' if hand.mulliganed else ''}")
    return "\n".join(lines) + "\n"


def _footer(sim: Simulation) -> str:
    lines = ["Assumptions:"]
    lines.extend(f"  {a}" for a in sim.assumptions)
    if sim.data:
        lines.append(f"  card data: {sim.data.describe()}")
    for name, description, cards in sim.groups:
        lines.append(f"  group {name}: {cards} card{'s' if cards != 1 else ''} ({description})")
    return "\n".join(lines)


def to_document(sim: Simulation) -> dict[str, Any]:
    """The JSON document (``version`` 1)."""
    return {
        "version": JSON_VERSION,
        "deck": sim.deck,
        "side": sim.side,
        "identity": sim.identity,
        "deck_size": sim.deck_size,
        "card_data": card_data(sim.data) if sim.data else None,
        "seed": sim.seed,
        "method": sim.method,
        "mulligan": {"rule": sim.mulligan, "rate": sim.mulligan_rate} if sim.mulligan else None,
        "assumptions": list(sim.assumptions),
        "groups": [{"name": n, "description": d, "cards": c} for n, d, c in sim.groups],
        "sections": [_section_doc(s) for s in sim.sections],
        "hands": [
            {
                "mulliganed": h.mulliganed,
                "cards": [{"title": c.title, "groups": list(c.groups)} for c in h.cards],
            }
            for h in sim.hands
        ],
    }


def _section_doc(section: Section) -> dict[str, Any]:
    return {
        "title": section.title,
        "rows_are": section.row_name,
        "rows": list(section.rows),
        "cards_seen": list(section.seen),
        "note": section.note or None,
        "columns": [
            {
                "label": c.label,
                "query": c.query,
                "method": c.method,
                "samples": c.samples,
                "cards_seen": list(c.seen),
                "probability": [float(p) for p in c.odds.at_turn],
                "met_by": [float(p) for p in c.odds.met_by],
                "ci95": [list(ci) for ci in c.odds.ci95] if c.odds.ci95 else None,
                "first_met": {
                    "by_last": c.first_met.by_last,
                    "expected": c.first_met.expected,
                    "median": c.first_met.median,
                    "within": c.first_met.within,
                },
            }
            for c in section.columns
        ],
    }


def render_json(sim: Simulation) -> str:
    """The JSON document as text."""
    return json.dumps(to_document(sim), indent=2, ensure_ascii=False) + "\n"


CSV_HEADER = (
    "section", "rows_are", "row", "cards_seen", "column", "query",
    "probability", "met_by", "ci95_low", "ci95_high",
)  # fmt: skip


def render_csv(sim: Simulation) -> str:
    """One line per section, row and column (long format)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_HEADER)
    for s in sim.sections:
        for i, row in enumerate(s.rows):
            for c in s.columns:
                seen = c.seen[i] if i < len(c.seen) else s.seen[i]
                low, high = c.odds.ci95[i] if c.odds.ci95 else ("", "")
                writer.writerow(
                    (s.title, s.row_name, row, seen, c.label, c.query,
                     f"{float(c.odds.at_turn[i]):.6f}", f"{float(c.odds.met_by[i]):.6f}",
                     low if low == "" else f"{low:.6f}", high if high == "" else f"{high:.6f}")
                )  # fmt: skip
    return out.getvalue()


RENDERER_BY_NAME: dict[str, Callable[[Simulation], Any]] = {
    "text": render_text,
    "json": render_json,
    "csv": render_csv,
}
