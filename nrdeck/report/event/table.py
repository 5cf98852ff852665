"""The event table reporter: a Rich table, one row per player, then the action list.

Every untrusted string goes into a ``rich.text.Text`` (never markup) through
``report.safe``: a player called ``[/x]`` or ``[link=…]`` is printed as written. The table
is laid out by Rich where it may be coloured (a terminal); where it is printed plain (a
pipe, a file) ``EventTable.plain_layout`` lays it out itself, much faster for a large event
(``report.event.plaintable``: the same box, columns narrowed to the page its own way).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

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
from nrdeck.report.event.plaintable import Cell, PlainTable, plain_layout
from nrdeck.report.safe import block, one_line
from nrdeck.results.event import CobraEvent, EventDeck, EventReport, PlayerReport, PlayerState

if TYPE_CHECKING:
    from rich.console import Group
    from rich.text import Text

STYLE_BY_STATE = {
    PlayerState.READY: "green",
    PlayerState.NEEDS_FIXING: "red",
    PlayerState.MISSING: "red",
    PlayerState.NOT_FETCHED: "yellow",
}
FIXED_HEADERS = ("Status", "Corp", "Runner", "Problems")  # after Player and the extra columns


def render_table(report: EventReport, options: EventRenderOptions) -> EventTable:
    """Player, extra columns, status, Corp, Runner, problems; then what to do."""
    return EventTable(table_text(report, options))


class EventTable:
    """The table report: a Rich renderable (``__rich__``), and its plain text
    (``plain_layout``), for where it is printed without colour."""

    def __init__(self, text: PlainTable) -> None:
        self.text = text

    def __rich__(self) -> Group:
        """The cobra lines, the table and the actions, as Rich renders them."""
        return rich_table(self.text)

    def plain_layout(self, width: int) -> str:
        """The table report as plain text for a page ``width`` cells wide (UTF-8, no colour)."""
        return plain_layout(self.text, width)


def table_text(report: EventReport, options: EventRenderOptions) -> PlainTable:
    """Every piece of the table report as text, each with its style."""
    headers = ("Player", *(one_line(c) for c in report.extra_columns), *FIXED_HEADERS)
    rows = tuple(
        _row(report, player) for player in report.players if not (options.quiet and player.ready)
    )
    cobra: tuple[Cell, ...] = ()
    if report.cobra is not None:
        cobra = _cobra(report.cobra)
    return PlainTable(
        title=one_line(f"{report.roster} · {describe_period(report)}"),
        headers=headers,
        rows=rows,
        before=cobra,
        after=_actions(report),
    )


def rich_table(text: PlainTable) -> Group:
    """The table report as Rich renderables."""
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    table = Table(title=Text(text.title), title_justify="left", show_lines=True, expand=False)
    player, *extra, status, corp, runner, problems = text.headers
    table.add_column(player, style="bold", overflow="fold")
    for column in extra:
        table.add_column(Text(column), overflow="fold")
    table.add_column(status, overflow="fold")
    table.add_column(corp, overflow="fold")
    table.add_column(runner, overflow="fold")
    table.add_column(problems, overflow="fold", ratio=1)
    for row in text.rows:
        table.add_row(*(Text(cell, style=style) for cell, style in row))
    actions = _text(text.after)
    return Group(_text(text.before), table, actions) if text.before else Group(table, actions)


def _text(spans: tuple[Cell, ...]) -> Text:
    from rich.text import Text

    out = Text()
    for text, style in spans:
        out.append(text, style=style or None)
    return out


def _cobra(event: CobraEvent) -> tuple[Cell, ...]:
    """The tournament, where the settings came from, the players compared, the warnings."""
    lines = [(one_line(line) + "\n", "") for line in cobra_lines(event)]
    warnings = [(one_line(line) + "\n", "yellow") for line in cobra_warning_lines(event)]
    return (*lines, *warnings)


def _row(report: EventReport, player: PlayerReport) -> tuple[Cell, ...]:
    extra = [(one_line(player.extra.get(c, "")), "") for c in report.extra_columns]
    state = (player.state.value, STYLE_BY_STATE[player.state])
    lines = problem_lines(player, report.roster) + note_lines(report, player)
    problems = (block("\n".join(lines)), "") if lines else ("ready", "green")
    return (
        (one_line(player.player), ""),
        *extra,
        state,
        _deck(player, player.corp),
        _deck(player, player.runner),
        problems,
    )


def _deck(player: PlayerReport, deck: EventDeck) -> Cell:
    style = "green" if player.deck_ok(deck) else ("yellow" if deck.unavailable else "red")
    return one_line(deck_cell(player, deck)), style


def _actions(report: EventReport) -> tuple[Cell, ...]:
    """'13 ready · 5 need fixing · 1 not fetched', then a line per player who must act."""
    lines = "".join("\n- " + one_line(line) for line in action_lines(report))
    return (("\n", ""), (state_counts(report), "bold"), (lines, ""))
