"""What each list changed, as data (issue 30, points 1 and 4): Startup Balance Update 26.09
makes NBN: Reality Plus legal again, and every period of a format says what it changed from the
period before, in `data periods` (text and JSON), the Python API, and in agreement with the
card histories of `nrdeck card`.
"""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

import pytest
from typer.testing import CliRunner, Result

import nrdeck
from nrdeck import CardDB
from nrdeck.cli import app
from tests.acceptance.data.data_cli import timeline
from tests.ids import (
    ETERNAL_POINTS_26_03,
    STANDARD_BALANCE_26_08,
    STARTUP_BALANCE_26_05,
    STARTUP_BALANCE_26_09,
)
from tests.paths import FIXTURES
from tests.schemas import validate

REALITY_PLUS = str(FIXTURES / "legality" / "startup-reality-plus-2026.txt")
REALITY_PLUS_ID = "nbn_reality_plus"
runner = CliRunner()


def cli(*args: str) -> Result:
    return runner.invoke(app, list(args))


@pytest.fixture(scope="module")
def cards() -> CardDB:
    return nrdeck.load_cards(cache=False)


def periods_doc(format_id: str) -> dict[str, Any]:
    result = cli("data", "periods", "--format", format_id, "--offline", "--output-format", "json")
    assert result.exit_code == 0, result.stderr
    doc: dict[str, Any] = json.loads(result.stdout)
    validate(doc, "periods-v1.schema.json")
    return doc


def checked(day: str) -> tuple[int, dict[str, Any]]:
    """`nrdeck check` of the Reality Plus deck in Startup on ``day``: exit code and deck."""
    args = ["--offline", "--format", "startup", "--as-of", day, "--output-format", "json"]
    result = cli("check", REALITY_PLUS, *args)
    return result.exit_code, json.loads(result.stdout)["decks"][0]


def test_a_reality_plus_deck_is_legal_in_startup_from_26_09_and_banned_before(
    cards: CardDB,
) -> None:
    code, before = checked("2026-09-20")
    assert code == 1 and before["restriction"]["id"] == STARTUP_BALANCE_26_05
    [banned] = before["problems"]
    assert (banned["code"], banned["cards"], banned["line"]) == ("banned", [REALITY_PLUS_ID], 4)
    assert banned["rule"] == cards.restrictions[STARTUP_BALANCE_26_05].name
    for day in ("2026-09-21", "2026-11-27"):
        code, after = checked(day)
        assert code == 0, after["problems"]
        assert after["restriction"]["id"] == STARTUP_BALANCE_26_09
    timeline = cli("timeline", REALITY_PLUS, "--offline", "--format", "startup")
    assert "2026-09-21 → …" in timeline.stdout and "✓" in timeline.stdout.split("2026-09-21 → …")[1]


def test_data_periods_says_what_26_09_changed(cards: CardDB) -> None:
    """(The words of `data periods`: tests/golden/messages/data-periods.txt.)"""
    result = cli("data", "periods", "--format", "startup", "--as-of", "2026-10-01")
    lines = result.stdout.splitlines()
    assert lines[1].startswith("in force on 2026-10-01: ")
    assert "startup_11" in lines[1] and "since 2026-09-21" in lines[1]
    unbanned = f"unbanned {cards.cards[REALITY_PLUS_ID].title}"
    september = cards.restrictions[STARTUP_BALANCE_26_09].name
    assert lines[2] == f"2026-09-21 {september}: {unbanned}"  # what the list in force changed
    periods = timeline(result.stdout)
    changed = {heading.split(":")[0]: [s for w, s in said if w == "changed"]
               for heading, said in periods.items()}  # fmt: skip
    assert changed["startup_11"] == [unbanned]
    march = changed["startup_9"]
    assert len(march) == 5 and march[0].startswith("banned ") and "Let Them Dream" in march[0]
    assert march[1] == "unbanned Pharos" and march[2].startswith("Vantage Point joined")
    assert "The Automata Initiative" in march[3] and march[3].endswith(" left the pool")
    assert march[4].startswith("agenda cap: ") and "at most 4 → at most 3" in march[4]
    assert changed["startup_0"] == []  # the format's first period changed nothing


def test_the_json_of_each_period_has_its_changes() -> None:
    found = {p["snapshot"]: p for p in periods_doc("startup")["periods"]}
    assert found["startup_0"]["changes"] == []
    assert found["startup_11"]["changes"] == [
        {"change": "unbanned", "card": {"id": REALITY_PLUS_ID, "title": "NBN: Reality Plus"}}
    ]
    march = found["startup_9"]["changes"]
    assert {"change": "agenda-cap", "before": 4, "after": 3, "min_points": 3} in march
    assert {"change": "set-in", "set": {"id": "vantage_point", "name": "Vantage Point"}} in march
    assert [c["set"]["id"] for c in march if c["change"] == "set-out"] == [
        "the_automata_initiative",
        "rebellion_without_rehearsal",
    ]
    eternal = {
        p["restriction"]["id"]: p for p in periods_doc("eternal")["periods"] if p["restriction"]
    }
    march_2026 = eternal[ETERNAL_POINTS_26_03]["changes"]
    assert {
        "change": "points",
        "card": {"id": "clan_vengeance", "title": "Clan Vengeance"},
        "before": 3,
        "after": 4,
    } in march_2026
    assert {
        "change": "points",
        "card": {"id": "zer0", "title": "Zer0"},
        "before": 1,
        "after": None,
    } in march_2026


def test_the_python_api_returns_the_changes(cards: CardDB) -> None:
    now = nrdeck.in_force("startup", dt.date(2026, 10, 1), cards=cards)
    assert [(c.kind, c.subject) for c in now.changes] == [("unbanned", REALITY_PLUS_ID)]
    assert isinstance(now.changes[0], nrdeck.Change)
    every = nrdeck.periods("startup", cards=cards)
    assert every[-1] == now and every[0].changes == ()
    standard = {p.restriction_id: p for p in nrdeck.periods("standard", cards=cards)}
    august = standard[STANDARD_BALANCE_26_08].changes
    assert [(c.kind, c.name) for c in august] == [
        ("banned", "Méliès U: Only the Brightest"),
        ("banned", "Red Level Clearance"),
        ("unbanned", "NBN: Reality Plus"),
        ("unbanned", "Svyatogor Excavator"),
    ]


@pytest.mark.parametrize("format_id", ["startup", "standard", "eternal"])
def test_every_card_change_is_where_the_cards_history_changes(
    cards: CardDB, format_id: str
) -> None:
    """One derivation: each card change of a period is a new interval of the card's history
    (`nrdeck card`) starting that day, with the status the change says."""
    histories: dict[str, list[dict[str, Any]]] = {}
    checked = 0
    for period in nrdeck.periods(format_id, cards=cards):
        start = period.start.isoformat()
        for change in period.changes:
            if change.kind in ("set-in", "set-out", "agenda-cap"):
                continue
            if change.subject not in histories:
                shown = cli("card", change.subject, "--offline", "--output-format", "json")
                histories[change.subject] = json.loads(shown.stdout)["formats"][format_id]
            starting = [i for i in histories[change.subject] if i["start"] == start]
            assert starting, (format_id, start, change)
            status = starting[0]["status"]
            if change.kind in ("banned", "restricted"):
                assert status == change.kind, (start, change)
            elif change.kind in ("unbanned", "unrestricted"):
                assert status != change.kind[2:], (start, change)
            elif change.kind == "points":
                assert starting[0]["points"] == change.after, (start, change)
            checked += 1
    assert checked > 10
