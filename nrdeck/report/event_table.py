"""The event table reporter: a Rich table, one row per player, readable without colour."""

from __future__ import annotations

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from nrdeck.report.event_text import (
    cached_notes,
    deck_cell,
    describe_period,
    labelled_problem,
    player_problems,
)
from nrdeck.results.event import EventDeck, EventReport, PlayerReport
from nrdeck.results.outcome import Status

STYLE_BY_STATUS = {Status.LEGAL: "green", Status.ILLEGAL: "red"}


def render_table(report: EventReport, *, quiet: bool = False) -> RenderableType:
    """Player, extra columns, Corp ✓/✗, Runner ✓/✗, problems (``quiet``: not-ready only)."""
    table = Table(
        title=f"{report.roster} · {describe_period(report)}",
        title_justify="left",
        show_lines=True,
        expand=False,
    )
    table.add_column("Player", style="bold", overflow="fold")
    for column in report.extra_columns:
        table.add_column(column, overflow="fold")
    table.add_column("Corp", overflow="fold")
    table.add_column("Runner", overflow="fold")
    table.add_column("Problems", overflow="fold", ratio=1)
    for player in report.players:
        if quiet and player.ready:
            continue
        extra = [player.extra.get(c, "") for c in report.extra_columns]
        table.add_row(
            player.player,
            *extra,
            _deck(player.corp),
            _deck(player.runner),
            _problems(report, player),
        )
    return table


def _deck(deck: EventDeck) -> Text:
    return Text(deck_cell(deck), style=STYLE_BY_STATUS.get(deck.status, "yellow"))


def _problems(report: EventReport, player: PlayerReport) -> Text:
    lines = [
        labelled_problem(label, problem, report.roster)
        for label, problem in player_problems(player)
    ]
    lines += cached_notes(player)
    if report.changed_since is not None and player.newly_illegal:
        lines.insert(0, f"legal under {report.changed_since.restriction_name}, illegal now")
    if not lines:
        return Text("ready", style="green")
    return Text("\n".join(lines))
