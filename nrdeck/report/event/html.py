"""The event HTML reporter: the same page as Markdown (public by default), one file.

Every value is HTML-escaped after its control characters are shown escaped; the page loads
nothing from elsewhere.
"""

from __future__ import annotations

from html import escape as html_escape

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
from nrdeck.report.event.markdown import shown_players
from nrdeck.report.safe import one_line
from nrdeck.results.event import EventReport, PlayerReport

STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em; color: #111; }
table { border-collapse: collapse; }
th, td { border: 1px solid #bbb; padding: 0.3em 0.6em; text-align: left; vertical-align: top; }
.ready { color: #176f2c; }
.needs-fixing, .missing { color: #b00020; }
.not-fetched { color: #8a6d00; }
ul { margin: 0.2em 0; padding-left: 1.2em; }
"""


def esc(text: str) -> str:
    """Text as inert HTML."""
    return html_escape(one_line(text), quote=True)


def render_html(report: EventReport, options: EventRenderOptions) -> str:
    """A self-contained page: the table, and for the organiser the problems and actions."""
    players = shown_players(report, options)
    public = options.audience == "public"
    title = "Deck check" if public else f"Deck check: {report.roster}"
    columns = [c for c in report.extra_columns if not public or c in options.public_columns]
    head = ["Player", *columns, "Status"] + ([] if public else ["Corp", "Runner", "Problems"])
    rows = [_row(report, p, columns, public) for p in players]
    body = [
        f"<h1>{esc(title)}</h1>",
        f"<p>{esc(describe_period(report))}</p>",
        *_cobra(report, public),
        "<table>",
        "<thead><tr>" + "".join(f"<th>{esc(h)}</th>" for h in head) + "</tr></thead>",
        "<tbody>",
        *rows,
        "</tbody>",
        "</table>",
        f"<p><strong>{esc(state_counts(report))}</strong></p>",
    ]
    if not public:
        body.append("<h2>To do</h2>")
        body.append(_list(action_lines(report)))
    return _page(title, body)


def _cobra(report: EventReport, public: bool) -> list[str]:
    """The tournament, its settings and players compared (the organiser's page: warnings)."""
    event = report.cobra
    if event is None:
        return []
    said = public_cobra_lines(event) if public else cobra_lines(event)
    return [_list(said + ([] if public else cobra_warning_lines(event)))]


def _row(report: EventReport, player: PlayerReport, columns: list[str], public: bool) -> str:
    cells = [esc(player.player), *(esc(player.extra.get(c, "")) for c in columns)]
    cells.append(f'<span class="{player.state.slug}">{esc(public_state(player))}</span>')
    if not public:
        cells += [esc(deck_cell(player, player.corp)), esc(deck_cell(player, player.runner))]
        cells.append(_list(problem_lines(player, report.roster) + note_lines(report, player)))
    return "<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>"


def _list(lines: list[str]) -> str:
    return "<ul>" + "".join(f"<li>{esc(line)}</li>" for line in lines) + "</ul>" if lines else ""


def _page(title: str, body: list[str]) -> str:
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{esc(title)}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n"
        + "\n".join(body)
        + "\n</body>\n</html>\n"
    )
