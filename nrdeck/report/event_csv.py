"""The event CSV reporter: one row per player, the roster's extra columns carried along."""

from __future__ import annotations

import csv
import io

from nrdeck.report.event_text import cached_notes, labelled_problem, player_problems
from nrdeck.results.event import EventDeck, EventReport, PlayerReport

DECK_FIELDS = ("identity", "status", "source")


def render_csv(report: EventReport, *, quiet: bool = False) -> str:
    """A header row, then a row per player (with ``quiet``, only players not ready)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    header = ["player", *report.extra_columns, "status"]
    header += [f"{side}_{name}" for side in ("corp", "runner") for name in DECK_FIELDS]
    header.append("problems")
    if report.changed_since is not None:
        header.append("made_illegal")
    writer.writerow(header)
    for player in report.players:
        if quiet and player.ready:
            continue
        writer.writerow(_row(report, player))
    return out.getvalue()


def _row(report: EventReport, player: PlayerReport) -> list[str]:
    row = [player.player, *(player.extra.get(c, "") for c in report.extra_columns)]
    row.append(player.status.value)
    for deck in player.decks:
        row += _deck_fields(deck)
    lines = [labelled_problem(label, p, report.roster) for label, p in player_problems(player)]
    row.append("\n".join(lines + cached_notes(player)))
    if report.changed_since is not None:
        row.append("yes" if player.newly_illegal else "no")
    return row


def _deck_fields(deck: EventDeck) -> list[str]:
    return [deck.identity_title or "", deck.status.value, deck.source]
