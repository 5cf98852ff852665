"""A chart of the queries by turn (SVG or PNG bytes), drawn with Matplotlib.

Matplotlib is an optional extra (``plot``), imported only here and only when a chart is asked
for; without it the answer says how to install it (``errors.extra_hint``).
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

from nrdeck.errors import UsageError, extra_hint
from nrdeck.results.simulation import Comparison, Section, Simulation

FORMATS = ("svg", "png")
INSTALL_HINT = extra_hint("plot", "matplotlib")
STYLES = ("-", "--", ":", "-.")


def _figure_class() -> Any:
    try:
        from matplotlib.figure import Figure
    except ImportError:
        raise UsageError(
            "--plot needs Matplotlib, which is not installed", hint=INSTALL_HINT
        ) from None
    return Figure


def _sections(result: Simulation | Comparison) -> list[tuple[str, Sequence[Section]]]:
    """(label, sections) per deck drawn."""
    if isinstance(result, Comparison):
        return [(v.label, v.simulation.sections) for v in result.variants]
    return [("", result.sections)]


def render_plot(result: Simulation | Comparison, fmt: str) -> bytes:
    """The chart: one panel per table, a line per query (and per variant), in ``fmt``."""
    if fmt not in FORMATS:
        raise UsageError(f"--plot: cannot draw a .{fmt} file", hint="name a .svg or .png file")
    decks = _sections(result)
    panels = len(decks[0][1])
    if not panels:
        raise UsageError("--plot draws tables by turn; this answer has none")
    figure_class = _figure_class()
    figure = figure_class(figsize=(8, 3.2 * panels), layout="constrained")
    axes = figure.subplots(panels, 1, squeeze=False)[:, 0]
    for p, ax in enumerate(axes):
        for d, (label, sections) in enumerate(decks):
            _panel(ax, sections[p], label, STYLES[d % len(STYLES)])
        ax.set_title(decks[0][1][p].title, loc="left", fontsize=10)
        ax.set_ylim(0, 100)
        ax.grid(True, alpha=0.3)
        ax.legend(fontsize=8, loc="lower right")
    title = result.variants[0].simulation.deck if isinstance(result, Comparison) else result.deck
    figure.suptitle(title, fontsize=11)
    out = io.BytesIO()
    metadata = {"Date": None} if fmt == "svg" else {}
    figure.savefig(out, format=fmt, metadata=metadata)
    return out.getvalue()


def _panel(ax: Any, section: Section, variant: str, style: str) -> None:
    xs = list(section.rows)
    for column in section.columns:
        label = f"{column.label} ({variant})" if variant else column.label
        ax.plot(xs, [float(p) * 100 for p in column.odds.at_turn], style, label=label)
    if section.row_name == "turn":
        ax.set_xticks(xs, ["hand" if x == 0 else f"T{x}" for x in xs], fontsize=8)
        ax.set_xlabel("turn")
    else:
        ax.set_xlabel("cards accessed")
    ax.set_ylabel("chance (%)")
