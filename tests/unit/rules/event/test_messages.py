"""The words of an event's problems and warnings: registrations and a tournament's settings."""

from __future__ import annotations

from pathlib import Path

from nrdeck.app.inputs.roster import Roster
from nrdeck.catalog import CardDB
from nrdeck.problems import Location
from nrdeck.rules.event.registration import check_sides, mark_duplicates
from tests.builders import checked_deck as checked
from tests.builders import player_report as player
from tests.paths import assert_golden_cases
from tests.unit.rules.event.test_tournament import warnings
from tests.unit.rules.helpers import said

HERE = Location("roster.csv", 4)


def test_an_event_reads_as_the_golden_file_says(db: CardDB) -> None:
    swapped = check_sides(checked("corp", "runner"), checked("runner", "corp"), HERE)
    two_runners = check_sides(checked("corp", "runner"), checked("runner"), HERE)
    roster = Roster("roster.csv", Path("."), ())
    players = [
        player("Ana Lima", checked("corp"), checked("runner"), line=2),
        player("ana  lima", checked("corp"), checked("runner"), line=5),
    ]
    twice = mark_duplicates(players, roster.unit, lambda line: Location(roster.source, line))
    tournaments = {
        "a superseded list": warnings(db, "2025-11-15", "standard_ban_list_25_08"),
        "a list not yet in force": warnings(db, "2025-10-18", "standard_ban_list_25_12"),
        "another format's list": warnings(db, "2026-06-20", "startup_balance_update_26_05"),
        "a classic-only copy": warnings(
            db, "2026-06-20", "startup_balance_update_26_05_for_classic_only"
        ),
        "a pool after the date": warnings(db, "2025-10-18", card_set="vantage_point"),
        "a pool outside the format": warnings(db, "2025-10-18", card_set="23_seconds"),
        "a pool not yet competitive": warnings(db, "2026-03-07", card_set="vantage_point"),
        "a narrower pool": warnings(
            db, "2026-06-20", card_set="elevation", format_id="startup", tier="casual"
        ),
    }
    cases = [
        ("swapped columns", said(swapped.problems)),
        ("two Runner decks", said(two_runners.problems)),
        ("a player registered twice", said(twice[1].problems)),
        *(
            (f"tournament: {case}", "\n".join(f"{code}: {text}" for code, text in found.items()))
            for case, found in tournaments.items()
        ),
    ]
    assert_golden_cases("messages/event-rules.txt", cases, __file__)
