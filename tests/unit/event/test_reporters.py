"""Event reporters on hand-built reports: what an organiser and players would read."""

from __future__ import annotations

import csv
import io
import json

from rich.console import Console

from nrdeck.cli.event import EventOutput
from nrdeck.problems import Location, Problem
from nrdeck.report.event_csv import render_csv
from nrdeck.report.event_json import render_json
from nrdeck.report.event_markdown import render_markdown
from nrdeck.report.event_reporters import EVENT_REPORTER_BY_NAME
from nrdeck.report.event_table import render_table
from nrdeck.results.event import EventReport
from tests.unit.event.conftest import banned, checked, failed, player, report

SWAP = Problem(
    "event-side-swapped", "the Corp column holds a Runner deck", location=Location("roster.csv", 3)
)


def sample(changed: bool = False) -> EventReport:
    return report(
        player("Ana", checked("corp"), checked("runner"), line=2),
        player(
            "Ben | Jr",
            checked("corp"),
            checked("runner", None, banned(), legal_before=True),
            line=3,
        ),
        player(
            "Cy",
            failed("corp", "deck-unavailable", "deck 5555 is private: 403"),
            checked("runner"),
            line=4,
        ),
        player("Di", checked("corp", "runner"), checked("runner", "corp"), SWAP, line=5),
        changed=changed,
    )


def test_every_cli_choice_has_a_reporter() -> None:
    assert set(EVENT_REPORTER_BY_NAME) == {choice.value for choice in EventOutput}


def test_json_document() -> None:
    doc = json.loads(render_json(sample(changed=True)))
    assert doc["version"] == 1 and doc["roster"] == "roster.csv"
    assert doc["format"]["restriction"] == "standard_ban_list_25_08"
    assert doc["card_data"]["description"] == "bundled snapshot of 2025-09-17"
    assert doc["changed_since"]["players"] == ["Ben | Jr"]
    ben = doc["players"][1]
    assert ben["status"] == "illegal" and ben["extra"] == {"Table": "3"}
    assert ben["runner"]["problems"] == [
        {
            "code": "banned",
            "message": "Info Bounty is banned (Standard Ban List 25.08)",
            "rule": "Standard Ban List 25.08",
            "cards": ["info_bounty"],
            "line": 12,
            "severity": "error",
        }
    ]
    assert ben["runner"]["identity"] == {
        "id": "runner_id",
        "title": "Zahya Sadeghi: Versatile Smuggler",
    }
    assert doc["players"][2]["corp"]["status"] == "unavailable"
    assert doc["players"][3]["problems"][0]["code"] == "event-side-swapped"
    assert doc["summary"]["ready"] == 1 and doc["summary"]["unavailable"] == 1


def test_quiet_never_changes_the_json_document() -> None:
    doc = json.loads(render_json(sample(), quiet=True))
    assert [p["player"] for p in doc["players"]] == ["Ana", "Ben | Jr", "Cy", "Di"]
    assert doc["summary"]["players"] == 4
    assert doc == json.loads(render_json(sample()))


def test_csv_one_row_per_player_with_problems_and_extra_columns() -> None:
    text = render_csv(sample(changed=True))
    rows = list(csv.DictReader(io.StringIO(text)))
    assert list(rows[0]) == [
        "player",
        "Table",
        "status",
        "corp_identity",
        "corp_status",
        "corp_source",
        "runner_identity",
        "runner_status",
        "runner_source",
        "problems",
        "made_illegal",
    ]
    assert rows[0]["problems"] == "" and rows[0]["made_illegal"] == "no"
    assert rows[1]["problems"] == (
        "Runner: banned: Info Bounty is banned (Standard Ban List 25.08) (line 12)"
    )
    assert rows[1]["made_illegal"] == "yes"
    assert rows[2]["corp_status"] == "unavailable"
    assert rows[3]["problems"] == (
        "Player: event-side-swapped: the Corp column holds a Runner deck (roster line 3)"
    )


def test_markdown_table_escapes_cells_and_lists_problems() -> None:
    text = render_markdown(sample(changed=True))
    assert text.startswith("# Deck check: roster.csv\n")
    assert "| Player | Table | Corp | Runner | Status |" in text
    assert "| Ana | 2 | ✓ Haas-Bioroid: Precision Design |" in text
    assert "| Ben \\| Jr | 3 |" in text
    assert "| Cy | 4 | ? not fetched | ✓ Zahya Sadeghi: Versatile Smuggler | not fetched |" in text
    assert "### Ben \\| Jr\n\n- **Runner** `banned`: Info Bounty is banned" in text
    assert "- **Player** `event-side-swapped`: the Corp column holds a Runner deck " in text
    assert "## Legal under Standard Ban List 25.04, illegal now\n\n- Ben \\| Jr: Runner" in text
    assert "### Ana" not in text


def test_table_renders_marks_and_problems_without_colour() -> None:
    buffer = io.StringIO()
    console = Console(file=buffer, width=200, no_color=True, force_terminal=False)
    console.print(render_table(sample(changed=True)))
    text = buffer.getvalue()
    assert "roster.csv · Standard · Standard Ban List 25.08" in text
    assert "✓ Haas-Bioroid: Precision Design" in text and "? not fetched" in text
    assert "Runner: banned: Info Bounty is banned (Standard Ban List 25.08) (line 12)" in text
    assert "legal under Standard Ban List 25.04, illegal now" in text
    assert "Corp: deck-unavailable: deck 5555 is private: 403 (roster line 3)" in text
    ana_row = next(line for line in text.splitlines() if "Ana" in line)
    assert "ready" in ana_row
