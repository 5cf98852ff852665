"""The event JSON document's optional parts against its schema: a Cobra tournament, lists
compared with another roster, a pool cut at a set, a run without a period, a player with no
deck; and the counts of its summary."""

from __future__ import annotations

import json
from typing import Any

from msgspec.structs import replace

from nrdeck.report.event.common import EventRenderOptions
from nrdeck.report.event.json import VERSION, render_json
from nrdeck.results.diff import CardDelta, DeckDiff, IdentityRef
from nrdeck.results.event import (
    CalendarWarning,
    CobraEvent,
    EventReport,
    ListComparison,
    PlayersCompared,
    PoolLimit,
    SettingSource,
)
from tests.builders import (
    banned_problem,
    checked_deck,
    event_report,
    failed_deck,
    player_report,
)
from tests.schemas import validate

READY = player_report("Ana", checked_deck("corp"), checked_deck("runner"))
MISSING = player_report(
    "Bo", failed_deck("corp", "event-deck-missing", "none"), checked_deck("runner"), line=3
)
ILLEGAL = player_report("Cy", checked_deck("corp"), checked_deck("runner", None, banned_problem()))


def document(report: EventReport) -> dict[str, Any]:
    found: dict[str, Any] = json.loads(render_json(report, EventRenderOptions()))
    validate(found, "event-v2.schema.json")
    assert found["version"] == VERSION == 2
    return found


def test_a_run_with_a_cobra_tournament() -> None:
    cobra = CobraEvent(
        url="https://cobr.ai/tournaments/42",
        tournament_id=42,
        name="GNK",
        type="Game Night",
        settings=(
            SettingSource("date", "2025-09-01", "cobra"),
            SettingSource("tier", "casual", "default", "Cobra gives no tier"),
        ),
        warnings=(CalendarWarning("players-missing", "m"),),
        players=PlayersCompared(3, ("Zed",), ("Yu",), ("Xi",)),
    )
    doc = document(replace(event_report(replace(READY, cobra="listed")), cobra=cobra))
    block = doc["cobra"]
    assert (block["tournament_id"], block["settings_from_cobra"]) == (42, ["date"])
    assert [s["note"] for s in block["settings"]] == [None, "Cobra gives no tier"]
    assert block["players"] == {
        "listed": 3,
        "not_listed": ["Zed"],
        "missing": ["Yu"],
        "dropped": ["Xi"],
    }
    assert block["warnings"] == [{"code": "players-missing", "message": "m"}]
    assert doc["players"][0]["cobra"] == "listed"


def test_lists_compared_with_another_roster() -> None:
    diff = DeckDiff(
        "old.csv",
        "corp.txt",
        IdentityRef("hb", "HB"),
        IdentityRef("hb", "HB"),
        added=(CardDelta("ipo", "IPO", 1),),
    )
    compared = replace(
        READY,
        comparisons=(ListComparison("corp", diff), ListComparison("runner", None, "not read")),
    )
    doc = document(replace(event_report(compared), compared_with="old.csv"))
    corp, runner = doc["players"][0]["comparisons"]
    assert (corp["side"], corp["same"], corp["note"]) == ("corp", False, None)
    assert (runner["same"], runner["note"], runner["added"]) == (None, "not read", [])
    assert doc["compared_with"] == "old.csv"


def test_a_pool_cut_at_a_set_and_a_run_without_a_period() -> None:
    cut = replace(event_report(READY), pool_limit=PoolLimit("elev", "Elevation"))
    assert document(cut)["cardpool_up_to"] == {"id": "elev", "name": "Elevation"}
    bare = document(replace(event_report(READY), period=None))
    assert bare["period"] is None and bare["card_data"]["warning"] is None


def test_the_summary_counts_players_by_state_and_decks_by_status() -> None:
    doc = document(event_report(READY, MISSING, ILLEGAL))
    assert doc["summary"] == {
        "players": 3,
        "needs_fixing": 1,
        "missing": 1,
        "not_fetched": 0,
        "ready": 1,
        "decks": {"legal": 4, "illegal": 2, "unavailable": 0},
    }
    bo = next(p for p in doc["players"] if p["player"] == "Bo")
    assert (bo["status"], bo["corp"]["kind"], bo["corp"]["outcome"]) == (
        "missing",
        "empty",
        "unreadable",
    )
    assert bo["line"] == 3 and bo["corp"]["identity"] is None


def test_quiet_keeps_every_player() -> None:
    report = event_report(READY, ILLEGAL)
    quiet = json.loads(render_json(report, EventRenderOptions(quiet=True)))
    assert [p["player"] for p in quiet["players"]] == [p.player for p in report.players]
