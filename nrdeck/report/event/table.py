"""The event table reporter: a Rich table, one row per player, then the action list.

Every untrusted string goes into a ``rich.text.Text`` (never markup) through
``report.safe``: a player called ``[/x]`` or ``[link=…]`` is printed as written.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from nrdeck.report.event.common import (
    EventRenderOptions,
    action_lines,
    cobra_lines,
    cobra_warning_lines,
    deck_cell,
    describe_period,
    note_lines,
    problem_lines,
    state_counts,
)
from nrdeck.report.safe import block, one_line
from nrdeck.results.event import CobraEvent, EventDeck, EventReport, PlayerReport, PlayerState

STYLE_BY_STATE = {
    PlayerState.READY: "green",
    PlayerState.NEEDS_FIXING: "red",
    PlayerState.MISSING: "red",
    PlayerState.NOT_FETCHED: "yellow",
}


def render_table(report: EventReport, options: EventRenderOptions) -> RenderableType:
    """Player, extra columns, status, Corp, Runner, problems; then what to do."""
    title = one_line(f"{report.roster} · {describe_period(report)}")
    table = Table(title=Text(title), title_justify="left", show_lines=True, expand=False)
    table.add_column("Player", style="bold", overflow="fold")
    for column in report.extra_columns:
        table.add_column(Text(one_line(column)), overflow="fold")
    table.add_column("Status", overflow="fold")
    table.add_column("Corp", overflow="fold")
    table.add_column("Runner", overflow="fold")
    table.add_column("Problems", overflow="fold", ratio=1)
    for player in report.players:
        if options.quiet and player.ready:
            continue
        table.add_row(*_row(report, player))
    if report.cobra is None:
        return Group(table, _actions(report))
    return Group(_cobra(report.cobra), table, _actions(report))


def _cobra(event: CobraEvent) -> Text:
    """The tournament, where the settings came from, the players compared, the warnings."""
    text = Text()
    for line in cobra_lines(event):
        text.append(one_line(line) + "\n")
    for line in cobra_warning_lines(event):
        text.append(one_line(line) + "\n", style="yellow")
    return text


def _row(report: EventReport, player: PlayerReport) -> list[Text]:
    extra = [Text(one_line(player.extra.get(c, ""))) for c in report.extra_columns]
    state = Text(player.state.value, style=STYLE_BY_STATE[player.state])
    lines = problem_lines(player, report.roster) + note_lines(report, player)
    problems = Text(block("\n".join(lines))) if lines else Text("ready", style="green")
    return [
        Text(one_line(player.player)),
        *extra,
        state,
        _deck(player, player.corp),
        _deck(player, player.runner),
        problems,
    ]


def _deck(player: PlayerReport, deck: EventDeck) -> Text:
    style = "green" if player.deck_ok(deck) else ("yellow" if deck.unavailable else "red")
    return Text(one_line(deck_cell(player, deck)), style=style)


def _actions(report: EventReport) -> Text:
    """'13 ready · 5 need fixing · 1 not fetched', then a line per player who must act."""
    text = Text("\n")
    text.append(state_counts(report), style="bold")
    for line in action_lines(report):
        text.append("\n- " + one_line(line))
    return text
