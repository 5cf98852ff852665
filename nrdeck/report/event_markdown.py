"""The event Markdown reporter: a table to post for players, then each player's problems."""

from __future__ import annotations

from nrdeck.problems import Problem
from nrdeck.report.event_text import (
    cached_notes,
    deck_cell,
    describe_period,
    player_problems,
    where,
)
from nrdeck.results.event import SIDE_NAMES, EventReport, PlayerReport
from nrdeck.results.outcome import Status

STATUS_TEXT = {Status.LEGAL: "ready", Status.ILLEGAL: "illegal", Status.UNAVAILABLE: "not fetched"}


def render_markdown(report: EventReport, *, quiet: bool = False) -> str:
    """The roster as a Markdown table plus a problems section per player."""
    players = [p for p in report.players if not (quiet and p.ready)]
    lines = [f"# Deck check: {_escape(report.roster)}", ""]
    period = describe_period(report)
    lines += [f"{_escape(period)} · card data: {_escape(report.data.describe())}", ""]
    lines += _table(report, players)
    flagged = [p for p in players if not p.ready]
    if flagged:
        lines += ["", "## Problems"]
        for player in flagged:
            lines += ["", f"### {_escape(player.player)}", ""]
            lines += [
                _problem_line(label, problem, report.roster)
                for label, problem in player_problems(player)
            ]
            lines += [f"- {_escape(note)}" for note in cached_notes(player)]
    if report.changed_since is not None:
        lines += _changed(report)
    return "\n".join(lines) + "\n"


def _table(report: EventReport, players: list[PlayerReport]) -> list[str]:
    header = ["Player", *report.extra_columns, "Corp", "Runner", "Status"]
    rows = [
        "| " + " | ".join(_escape(h) for h in header) + " |",
        "|" + "---|" * len(header),
    ]
    for player in players:
        cells = [player.player, *(player.extra.get(c, "") for c in report.extra_columns)]
        cells += [deck_cell(player.corp), deck_cell(player.runner), STATUS_TEXT[player.status]]
        rows.append("| " + " | ".join(_escape(c) for c in cells) + " |")
    return rows


def _problem_line(label: str, problem: Problem, roster: str) -> str:
    return f"- **{label}** `{problem.code}`: {_escape(problem.message)}{where(problem, roster)}"


def _changed(report: EventReport) -> list[str]:
    name = _escape(report.changed_since.restriction_name if report.changed_since else "")
    lines = ["", f"## Legal under {name}, illegal now", ""]
    newly = report.newly_illegal
    if not newly:
        return [*lines, "No deck was made illegal."]
    for player in newly:
        sides = [SIDE_NAMES[d.column] for d in player.decks if d.newly_illegal]
        lines.append(f"- {_escape(player.player)}: {', '.join(sides)}")
    return lines


def _escape(text: str) -> str:
    """Keep a value inside one Markdown table cell and out of Markdown syntax."""
    text = " ".join(text.split())
    for char in "\\|*_`<>[]":
        text = text.replace(char, "\\" + char)
    return text
