"""Cells, plain tables and footers shared by the simulation's text renderers."""

from __future__ import annotations

from collections.abc import Sequence

from nrdeck.report.styled import Styled
from nrdeck.results.simulation import FirstMet, Simulation

BAR_WIDTH = 4
CELL = 11  # "100.0% ████"
_EIGHTHS = " ▏▎▍▌▋▊▉"
NOISE = 1e-12  # floating-point dust: within it of 0 or 1 is 0% or 100%
TITLE, HEAD, DIM = "bold", "bold", "dim"


def format_probability(p: float) -> str:
    """'30.4%', '1 in 412' for rare events, '>99.9%' just short of certain."""
    p = float(p)
    if p <= NOISE:
        return "0%"
    if p >= 1 - NOISE:
        return "100%"
    if p < 0.01:
        return f"1 in {round(1 / p):,}"
    if p >= 0.9995:
        return ">99.9%"
    return f"{p * 100:.1f}%"


def bar(p: float, width: int = BAR_WIDTH) -> str:
    """A small bar of block characters, ``width`` cells at 100%."""
    eighths = round(max(0.0, min(1.0, float(p))) * width * 8)
    full, part = divmod(eighths, 8)
    return ("█" * full + (_EIGHTHS[part] if part else "")).ljust(width)


def cell(p: float, width: int = 6) -> str:
    """A probability, right-aligned to ``width``, and its bar."""
    return f"{format_probability(p):>{width}} {bar(p)}"


def row_label(row_name: str, row: int) -> str:
    """'hand', 'T3', or an access count."""
    if row_name != "turn":
        return str(row)
    return "hand" if row == 0 else f"T{row}"


def table(header: Sequence[str], rows: Sequence[Sequence[str]], right: int = 1) -> Styled:
    """Columns padded to their widest cell; the first ``right`` columns right-aligned."""
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]

    def fmt(cells: Sequence[str]) -> str:
        parts = [
            c.rjust(w) if i < right else c.ljust(w)
            for i, (c, w) in enumerate(zip(cells, widths, strict=True))
        ]
        return " " + "  ".join(parts).rstrip()

    out = Styled()
    out.line((fmt(header), HEAD))
    out.line(" " + "─" * (sum(widths) + 2 * (len(widths) - 1)))
    for r in rows:
        out.line(fmt(r))
    return out


def mean_text(row_name: str, fm: FirstMet) -> str:
    """The mean first-met row ('T4.2', '17.1'), or '-' when never met."""
    if fm.mean is None:
        return "-"
    if row_name == "turn" and float(fm.mean) < 0.05:
        return "hand"
    unit = "T" if row_name == "turn" else ""
    return f"{unit}{float(fm.mean):.1f}"


def median_text(row_name: str, fm: FirstMet) -> str:
    """The first row where it is met in half the games, or 'none'."""
    return row_label(row_name, fm.median) if fm.median is not None else "none"


def never_text(fm: FirstMet) -> str:
    """The chance it is never met, or '-' for never-never."""
    return format_probability(fm.never) if float(fm.never) > NOISE else "-"


def first_met_table(row_name: str, items: Sequence[tuple[str, FirstMet]]) -> Styled:
    header = ["first met", "median", "mean", "never"]
    rows = [
        [label, median_text(row_name, fm), mean_text(row_name, fm), never_text(fm)]
        for label, fm in items
    ]
    out = table(header, rows, right=0)
    if any(float(fm.never) > NOISE and fm.mean is not None for _, fm in items):
        out.line(("mean: over the games where it is met at all", DIM))
    return out


def footer(sim: Simulation) -> Styled:
    """Assumptions, card data, and each group with its cards (an empty one says so)."""
    out = Styled()
    out.line(("Assumptions:", HEAD))
    for a in sim.assumptions:
        out.line(f"  {a}")
    if sim.data:
        out.line(f"  card data: {sim.data.describe()}")
    for g in sim.groups:
        plural = "s" if g.cards != 1 else ""
        line = f"  group {g.name}: {g.cards} card{plural} ({g.description})"
        if not g.cards:
            line += "; none in this deck, so queries that need one read 0%"
            line += f": {g.hint}" if g.hint else ""
        out.line(line)
    return out
