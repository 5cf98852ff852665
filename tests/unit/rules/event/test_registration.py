"""Event registrations: one Corp and one Runner deck each (sides), each player once (duplicates)."""

from __future__ import annotations

from pathlib import Path

from nrdeck.app.inputs.roster import Roster
from nrdeck.problems import Location
from nrdeck.rules.event.registration import check_sides, mark_duplicates
from tests.builders import IDENTITY
from tests.builders import checked_deck as checked
from tests.builders import failed_deck as failed
from tests.builders import player_report as player

HERE = Location("roster.csv", 4)


def test_right_sides_have_no_problem() -> None:
    assert check_sides(checked("corp"), checked("runner"), HERE).problems == ()


def test_swapped_columns_are_one_problem_naming_both_identities() -> None:
    found = check_sides(checked("corp", "runner"), checked("runner", "corp"), HERE)
    (problem,) = found.problems
    assert found.misplaced == ("corp", "runner")
    assert problem.code == "event-side-swapped"
    assert "Zahya Sadeghi" in problem.message and "Precision Design" in problem.message
    assert problem.location == HERE


def test_two_runner_decks_flag_the_corp_column() -> None:
    found = check_sides(checked("corp", "runner"), checked("runner"), HERE)
    (problem,) = found.problems
    assert found.misplaced == ("corp",)
    assert problem.code == "event-wrong-side"
    assert problem.message.startswith("the Corp column") and "Runner deck" in problem.message
    assert IDENTITY["runner"] in problem.message


def test_unknown_sides_are_left_to_the_deck_problems() -> None:
    missing = failed("corp", "event-deck-missing", "no Corp deck")
    assert check_sides(missing, checked("runner"), HERE) == check_sides(
        checked("corp"), checked("runner"), HERE
    )


def test_duplicates_flag_every_later_registration() -> None:
    roster = Roster("roster.csv", Path("."), ())
    players = [
        player("Ana Lima", checked("corp"), checked("runner"), line=2),
        player("ana  lima", checked("corp"), checked("runner"), line=5),
        player("Ben", checked("corp"), checked("runner"), line=6),
    ]
    marked = mark_duplicates(players, roster.unit, lambda line: Location(roster.source, line))
    assert [p.problems for p in (marked[0], marked[2])] == [(), ()]
    assert marked[1].misplaced == ("corp", "runner") and not marked[1].deck_ok(marked[1].corp)
    (problem,) = marked[1].problems
    assert problem.code == "event-duplicate-player"
    assert problem.message.startswith("ana  lima ") and "(line 2 of the roster)" in problem.message
    assert problem.location == Location("roster.csv", 5)
