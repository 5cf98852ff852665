"""The event Markdown reporter: a page to post (public) or the organiser's full report.

``public`` (the default for Markdown): each player's name and state ("ready", "needs
fixing", "missing", "not fetched") and only the extra columns named public; no identities
(Cobra hides them before round 1), no card names, no problems. ``organiser``: everything.
Every value is escaped: nothing a player typed becomes a link, an image or markup.
"""

from __future__ import annotations

import re

from nrdeck.report.event.common import (
    EventRenderOptions,
    action_lines,
    cobra_lines,
    cobra_warning_lines,
    deck_cell,
    describe_period,
    note_lines,
    problem_lines,
    public_cobra_lines,
    public_state,
    state_counts,
)
from nrdeck.report.safe import one_line
from nrdeck.results.event import SIDE_NAMES, EventReport, PlayerReport

_SPECIAL = re.compile(r"([\\`*_{}\[\]<>()#+!|~&@])")
_MESSAGE_SPECIAL = re.compile(r"([\\`*_\[\]<>#|~@])")
_SCHEME = re.compile(r"(?i)\b([a-z][a-z0-9+.-]*):(?=//)")
_WWW = re.compile(r"(?i)(www)\.")


def escape(text: str) -> str:
    """One line of inert Markdown: white space folded, every markup character escaped."""
    return _inert(text, _SPECIAL)


def escape_message(text: str) -> str:
    """One line of a message a player is sent, inert where a chat renders Markdown and plain
    where none does: only what can start markup is escaped (a parenthesis or ``!`` makes no
    link or image without the brackets, which are escaped), so no ``\\(`` shows."""
    return _inert(text, _MESSAGE_SPECIAL)


def _inert(text: str, special: re.Pattern[str]) -> str:
    text = " ".join(one_line(text).split())
    escaped = special.sub(r"\\\1", text)
    return _SCHEME.sub(r"\1\\:", _WWW.sub(r"\1\\.", escaped))


def shown_players(report: EventReport, options: EventRenderOptions) -> list[PlayerReport]:
    """The players a render shows (``quiet``: those not ready)."""
    return [p for p in report.players if not (options.quiet and p.ready)]


def render_markdown(report: EventReport, options: EventRenderOptions) -> str:
    """The public page, or the organiser's table, problems and actions."""
    players = shown_players(report, options)
    lines = ["# Deck check", "", escape(describe_period(report)), ""]
    if options.audience == "public":
        lines += _cobra(report, public=True)
        lines += _public_table(report, players, options)
        lines += ["", escape(state_counts(report))]
        return "\n".join(lines) + "\n"
    lines[0] = f"# Deck check: {escape(report.roster)}"
    lines += [f"card data: {escape(report.data.describe())}", ""]
    lines += _cobra(report, public=False)
    lines += _organiser_table(report, players)
    lines += _problems(report, players)
    lines += ["", "## To do", "", escape(state_counts(report)), ""]
    lines += [f"- {escape(line)}" for line in action_lines(report)]
    if report.changed_since is not None:
        lines += _changed(report)
    return "\n".join(lines) + "\n"


def _cobra(report: EventReport, *, public: bool) -> list[str]:
    """The tournament, where the settings came from, the players compared (and for the
    organiser, the calendar's warnings): names only, never pronouns or ids."""
    event = report.cobra
    if event is None:
        return []
    said = public_cobra_lines(event) if public else cobra_lines(event)
    said += [] if public else cobra_warning_lines(event)
    return [*(f"- {escape(line)}" for line in said), ""]


def _row(cells: list[str]) -> str:
    return "| " + " | ".join(escape(c) for c in cells) + " |"


def _public_table(
    report: EventReport, players: list[PlayerReport], options: EventRenderOptions
) -> list[str]:
    columns = [c for c in report.extra_columns if c in options.public_columns]
    rows = [_row(["Player", *columns, "Status"]), "|" + "---|" * (len(columns) + 2)]
    for player in players:
        rows.append(
            _row([player.player, *(player.extra.get(c, "") for c in columns), public_state(player)])
        )
    return rows


def _organiser_table(report: EventReport, players: list[PlayerReport]) -> list[str]:
    header = ["Player", *report.extra_columns, "Status", "Corp", "Runner"]
    rows = [_row(header), "|" + "---|" * len(header)]
    for player in players:
        cells = [player.player, *(player.extra.get(c, "") for c in report.extra_columns)]
        cells += [
            player.state.value,
            deck_cell(player, player.corp),
            deck_cell(player, player.runner),
        ]
        rows.append(_row(cells))
    return rows


def _problems(report: EventReport, players: list[PlayerReport]) -> list[str]:
    flagged = [p for p in players if problem_lines(p, report.roster) or note_lines(report, p)]
    if not flagged:
        return []
    lines = ["", "## Problems"]
    for player in flagged:
        lines += ["", f"### {escape(player.player)}", ""]
        lines += [f"- {escape(line)}" for line in problem_lines(player, report.roster)]
        lines += [f"- {escape(note)}" for note in note_lines(report, player)]
    return lines


def _changed(report: EventReport) -> list[str]:
    name = escape(report.changed_since.restriction_name if report.changed_since else "")
    lines = ["", f"## Legal under {name}, illegal now", ""]
    newly = report.newly_illegal
    if not newly:
        return [*lines, "No deck was made illegal."]
    for player in newly:
        sides = [SIDE_NAMES[d.column] for d in player.decks if d.newly_illegal]
        lines.append(f"- {escape(player.player)}: {', '.join(sides)}")
    return lines
