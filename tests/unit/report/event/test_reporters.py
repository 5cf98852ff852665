"""Event reporters on hand-built reports: what an organiser, players and the public read."""

from __future__ import annotations

import csv
import html
import io
import json
import re
from pathlib import Path
from typing import get_args

import jsonschema
import pytest
from msgspec.structs import replace
from rich.console import Console

import nrdeck.report
from nrdeck.cli.event import EventOutput
from nrdeck.problems import Location, Problem
from nrdeck.report.event.common import EventRenderOptions
from nrdeck.report.event.csv import render_csv
from nrdeck.report.event.html import render_html
from nrdeck.report.event.json import render_json
from nrdeck.report.event.markdown import render_markdown
from nrdeck.report.event.messages import render_messages
from nrdeck.report.event.registry import EVENT_REPORTER_BY_NAME
from nrdeck.report.event.table import render_table
from nrdeck.results.event import EventReport, ProblemGroup
from tests.builders import IDENTITY
from tests.builders import banned_problem as banned
from tests.builders import checked_deck as checked
from tests.builders import event_report as report
from tests.builders import failed_deck as failed
from tests.builders import player_report as player
from tests.paths import assert_golden_cases

SWAP = Problem(
    "event-side-swapped", "the Corp column holds a Runner deck", location=Location("roster.csv", 3)
)
ORGANISER = EventRenderOptions()
PUBLIC = EventRenderOptions(audience="public")
SCHEMA = Path(nrdeck.report.__file__).parent / "event-v2.schema.json"
HOSTILE_MARKDOWN = "[click](http://evil.example) <b>x</b>"
HOSTILE_MARKUP = "[/x] [link=http://evil.example]me[/link]"
HOSTILE_TABLE = HOSTILE_MARKUP + " \x1b[2J"
SCRIPT = "<script>alert(1)</script>"


def sample(changed: bool = False) -> EventReport:
    ben_runner = checked("runner", None, banned(), legal_before=True)
    ben_runner = replace(
        ben_runner,
        groups=(
            ProblemGroup("banned", "Info Bounty is banned (Standard Ban List 25.08)", (banned(),)),
        ),
    )
    cy_corp = failed("corp", "deck-unavailable", "deck 5555: NetrunnerDB timed out")
    cy_corp = replace(
        cy_corp,
        groups=(
            ProblemGroup(
                "deck-unavailable", "deck 5555: NetrunnerDB timed out", cy_corp.all_problems
            ),
        ),
    )
    return report(
        player("Ana", checked("corp"), checked("runner"), line=2),
        player("Ben | Jr", checked("corp"), ben_runner, line=3),
        player("Cy", cy_corp, checked("runner"), line=4),
        replace(
            player("Di", checked("corp", "runner"), checked("runner", "corp"), SWAP, line=5),
            misplaced=("corp", "runner"),
        ),
        changed=changed,
    )


def table_text(event: EventReport, options: EventRenderOptions = ORGANISER) -> str:
    buffer = io.StringIO()
    console = Console(file=buffer, width=200, no_color=True, force_terminal=False)
    console.print(render_table(event, options))
    return buffer.getvalue()


def test_the_event_reports_read_as_the_golden_file_says() -> None:
    """The words an organiser, the public and players read, for the sample event."""
    changed = sample(changed=True)
    marked_up = report(
        player(HOSTILE_MARKDOWN, checked("corp"), checked("runner")), *changed.players, changed=True
    )
    styled = report(
        player(HOSTILE_TABLE, checked("corp"), checked("runner")), *changed.players, changed=True
    )
    columns = EventRenderOptions(audience="public", public_columns=("Table",))
    cases = [
        ("markdown, organiser", render_markdown(marked_up, ORGANISER)),
        ("markdown, public", render_markdown(sample(), PUBLIC)),
        ("markdown, public with a column", render_markdown(sample(), columns)),
        ("csv, organiser", render_csv(changed, ORGANISER)),
        ("table, organiser", "\n".join(line.rstrip() for line in table_text(styled).splitlines())),
        *((f"message {name}", text) for name, text in render_messages(sample()).items()),
    ]
    assert_golden_cases("messages/event-reporters.txt", cases, __file__)


def test_every_cli_choice_has_a_reporter() -> None:
    assert set(EVENT_REPORTER_BY_NAME) | {"sheets"} == set(get_args(EventOutput))


def test_json_document_version_2_matches_its_schema() -> None:
    doc = json.loads(render_json(sample(changed=True), ORGANISER))
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.validate(doc, schema)
    assert doc["version"] == 2 and doc["roster"] == "roster.csv"
    period = sample().period
    assert doc["period"]["restriction"] == {
        "id": period.restriction_id,
        "name": period.restriction_name,
    }
    assert doc["card_data"]["description"] == sample().data.describe()
    assert doc["changed_since"]["players"] == ["Ben | Jr"]
    ben = doc["players"][1]
    assert (ben["status"], ben["verdict"]) == ("needs-fixing", "illegal")
    assert ben["runner"]["groups"][0]["summary"].startswith("Info Bounty is banned")
    assert doc["players"][2]["status"] == "not-fetched"
    di = doc["players"][3]
    assert di["corp"]["legal"] and not di["corp"]["registered_right"]
    assert doc["summary"] == {
        "players": 4,
        "needs_fixing": 2,
        "missing": 0,
        "not_fetched": 1,
        "ready": 1,
        "decks": {"legal": 6, "illegal": 1, "unavailable": 1},
    }


def test_quiet_never_changes_the_json_document() -> None:
    quiet = EventRenderOptions(quiet=True)
    assert json.loads(render_json(sample(), quiet)) == json.loads(render_json(sample(), ORGANISER))


def test_csv_neutralises_formulas_and_excel_gets_a_bom() -> None:
    evil = player('=HYPERLINK("http://x")', checked("corp"), checked("runner"))
    evil = replace(evil, extra={"Table": "+1"})
    text = render_csv(report(evil, player("@me", checked("corp"), checked("runner"))), ORGANISER)
    rows = list(csv.DictReader(io.StringIO(text)))
    assert rows[0]["player"] == '\'=HYPERLINK("http://x")' and rows[0]["Table"] == "'+1"
    assert rows[1]["player"] == "'@me"
    assert not text.startswith("\ufeff")
    assert render_csv(sample(), EventRenderOptions(excel=True)).startswith("\ufeffplayer,")


def test_csv_one_row_per_player_with_states_problems_and_notes() -> None:
    rows = list(csv.DictReader(io.StringIO(render_csv(sample(changed=True), ORGANISER))))
    assert list(rows[0])[:3] == ["player", "Table", "status"]
    assert [r["status"] for r in rows] == ["ready", "needs fixing", "not fetched", "needs fixing"]
    problem = rows[1]["problems"]
    assert problem.startswith("Runner: ") and problem.endswith("(line 12)")
    assert "Info Bounty" in problem
    assert rows[1]["made_illegal"] == "yes" and rows[0]["made_illegal"] == "no"
    assert rows[3]["corp_status"] == "misplaced"


def test_public_markdown_shows_names_and_states_only() -> None:
    text = render_markdown(sample(), PUBLIC)
    assert _rows(text)[0] == ["Player", "Status"]
    assert ["Ben \\| Jr", "needs fixing"] in _rows(text) and ["Cy", "not fetched"] in _rows(text)
    for private in ("Haas-Bioroid", "Zahya", "Info Bounty", "roster.csv", "| 3 |", "Table"):
        assert private not in text, private
    for count in ("1 ready", "2 need fixing", "1 not fetched"):
        assert count in text
    shown = render_markdown(
        sample(), EventRenderOptions(audience="public", public_columns=("Table",))
    )
    assert _rows(shown)[0] == ["Player", "Table", "Status"]
    assert ["Ana", "2", "ready"] in _rows(shown)


def _rows(markdown: str) -> list[list[str]]:
    """The cells of each row of a Markdown table ('\\|' kept: an escaped bar, not a border)."""
    lines = [line for line in markdown.splitlines() if line.startswith("| ")]
    return [[cell.strip() for cell in re.split(r"(?<!\\)\|", line)[1:-1]] for line in lines]


def test_organiser_markdown_has_everything_escaped() -> None:
    hostile = player("[click](http://evil.example) <b>x</b>", checked("corp"), checked("runner"))
    text = render_markdown(report(hostile, *sample().players, changed=True), ORGANISER)
    rows = _rows(text)
    escaped = next(row[0] for row in rows if "click" in row[0])
    assert all(f"\\{c}" in escaped for c in "[]()<>:")  # every markup character escaped
    assert "](http" not in text and "<b>" not in text
    by_player = {row[0]: row[1:] for row in rows}
    assert by_player["Ana"][:3] == ["2", "ready", "✓ " + IDENTITY["corp"]]
    assert by_player["Di"][:3] == ["5", "needs fixing", "✗ " + IDENTITY["runner"]]  # no ✓✓
    sections = _sections(text)
    [runner] = sections["### Ben \\| Jr"][:1]
    assert runner.startswith("- Runner: ") and "Info Bounty" in runner
    [changed] = [heading for heading in sections if "Standard Ban List 25.04" in heading]
    assert sections[changed] == ["- Ben \\| Jr: Runner"]


def _sections(markdown: str) -> dict[str, list[str]]:
    """The non-empty lines under each heading of a Markdown document."""
    sections: dict[str, list[str]] = {}
    lines: list[str] = []
    for line in markdown.splitlines():
        if line.startswith("#"):
            lines = sections.setdefault(line, [])
        elif line:
            lines.append(line)
    return sections


def test_html_public_and_organiser_escape_everything() -> None:
    hostile = player(SCRIPT, checked("corp"), checked("runner"))
    event = report(hostile, *sample().players)
    public = render_html(event, PUBLIC)
    assert html.escape(SCRIPT) in public and "<script>" not in public
    assert "Haas-Bioroid" not in public and "Info Bounty" not in public
    organiser = render_html(event, ORGANISER)
    assert "Info Bounty" in organiser and "<script>" not in organiser


def test_table_cells_are_text_not_markup() -> None:
    hostile = player(HOSTILE_TABLE, checked("corp"), checked("runner"))
    text = table_text(report(hostile, *sample().players, changed=True))
    assert HOSTILE_MARKUP in text and "\\x1b[2J" in text
    assert "\x1b" not in text
    assert "✓ " + IDENTITY["corp"] in text and "? not fetched" in text
    ben = text.split("│ Ben | Jr ")[1].split("├")[0]
    assert "Standard Ban List 25.04" in ben and "illegal" in ben
    di = next(line for line in text.splitlines() if line.startswith("│ Di "))
    assert "✓" not in di  # a swap is never two green ticks
    to_do = [line for line in text.splitlines() if line.startswith("- ")]
    assert "2 need fixing" in text and "(needs fixing): Runner:" in to_do[0]
    assert [line.split(" (")[0] for line in to_do] == ["- Ben | Jr", "- Di", "- Cy"]


def test_messages_go_to_players_who_must_act_with_safe_file_names() -> None:
    event = report(
        *sample().players,
        player("../../etc/passwd", failed("corp", "event-deck-missing", "none"), checked("runner")),
        player("Ben | Jr", checked("corp"), checked("runner", None, banned())),
    )
    messages = render_messages(event)
    assert set(messages) == {"ben-jr.md", "di.md", "etc-passwd.md", "ben-jr-2.md"}
    ben = messages["ben-jr.md"]
    assert ben.startswith("Hi Ben \\| Jr,") and "Info Bounty is banned" in ben
    assert "How to fix it:" in ben and "Remove the banned cards." in ben
    assert "Cy" not in "".join(messages)  # not fetched: the organiser's to retry


def test_a_message_reads_plainly_yet_makes_no_markup() -> None:
    """A message pasted where nothing renders Markdown showed 'Ana \\(Bo\\)' and '\\(line 4\\)'."""
    hostile = "Ana (Bo)! [click](http://evil.example) <b>x</b> @everyone"
    event = report(player(hostile, checked("corp"), checked("runner", None, banned())))
    [message] = render_messages(event).values()
    assert "Ana (Bo)!" in message and "\\(" not in message
    assert "\\[click\\](http\\://" in message  # no link: its brackets are escaped
    assert "<b>" not in message and "\\@everyone" in message


@pytest.mark.parametrize("fmt", ["markdown", "html", "csv", "json"])
def test_quiet_keeps_only_players_not_ready(fmt: str) -> None:
    out = EVENT_REPORTER_BY_NAME[fmt](sample(), EventRenderOptions(quiet=True))
    assert isinstance(out, str)
    assert ("Ana" in out) is (fmt == "json")
