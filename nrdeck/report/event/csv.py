"""The event CSV reporter: one row per player, the roster's extra columns carried along.

A spreadsheet runs a cell that starts with ``= + - @`` (or a tab or carriage return) as a
formula: such cells get a leading apostrophe. Control characters are shown escaped
(``report.safe.block``), so the file is safe to print on a terminal too. ``excel`` starts
the file with a byte-order mark so that Excel reads it as UTF-8.
"""

from __future__ import annotations

import csv
import io

from nrdeck.report.event.common import EventRenderOptions, note_lines, problem_lines
from nrdeck.report.safe import block
from nrdeck.results.event import EventDeck, EventReport, PlayerReport

DECK_FIELDS = ("identity", "status", "source")
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
BOM = "\ufeff"


def neutralise(cell: str) -> str:
    """A cell a spreadsheet will show as text, never run as a formula."""
    return "'" + cell if cell.startswith(FORMULA_STARTS) else cell


def render_csv(report: EventReport, options: EventRenderOptions) -> str:
    """A header row, then a row per player (with ``quiet``, only players not ready)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    header = ["player", *report.extra_columns, "status"]
    header += [f"{side}_{name}" for side in ("corp", "runner") for name in DECK_FIELDS]
    header += ["problems", "notes"]
    if report.changed_since is not None:
        header.append("made_illegal")
    if report.cobra is not None:
        header.append("cobra")
    writer.writerow([neutralise(block(h)) for h in header])
    for player in report.players:
        if options.quiet and player.ready:
            continue
        writer.writerow([neutralise(block(cell)) for cell in _row(report, player)])
    return (BOM if options.excel else "") + out.getvalue()


def _row(report: EventReport, player: PlayerReport) -> list[str]:
    row = [player.player, *(player.extra.get(c, "") for c in report.extra_columns)]
    row.append(player.state.value)
    for deck in player.decks:
        row += _deck_fields(player, deck)
    row.append("\n".join(problem_lines(player, report.roster)))
    row.append("\n".join(note_lines(report, player)))
    if report.changed_since is not None:
        row.append("yes" if player.newly_illegal else "no")
    if report.cobra is not None:
        row.append(player.cobra or "")
    return row


def _deck_fields(player: PlayerReport, deck: EventDeck) -> list[str]:
    status = deck.status.value if deck.column not in player.misplaced else "misplaced"
    return [deck.identity_title or "", "missing" if deck.missing else status, deck.source]
