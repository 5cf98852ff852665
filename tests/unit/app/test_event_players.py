"""Player checks and verdicts: sides, duplicates, statuses and the exit code."""

from __future__ import annotations

from pathlib import Path

from nrdeck.app.inputs.roster import Roster
from nrdeck.errors import ExitCode
from nrdeck.problems import Location, Severity
from nrdeck.results.event import EventReport
from nrdeck.rules.event.registration import check_sides, mark_duplicates
from tests.builders import banned_problem as banned
from tests.builders import checked_deck as checked
from tests.builders import event_report as report
from tests.builders import failed_deck as failed
from tests.builders import player_report as player

HERE = Location("roster.csv", 4)


def exit_code(event: EventReport) -> ExitCode:
    return event.exit_code


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
    assert problem.message.startswith("the Corp column holds a Runner deck (Zahya")


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
    assert problem.message == "ana  lima is already registered (line 2 of the roster)"
    assert problem.location == Location("roster.csv", 5)


def test_statuses_and_exit_codes() -> None:
    ready = player("A", checked("corp"), checked("runner"))
    remote = player("B", failed("corp", "deck-unavailable", "private"), checked("runner"))
    illegal = player("C", checked("corp"), checked("runner", None, banned()))
    swapped = player(
        "D",
        checked("corp", "runner"),
        checked("runner", "corp"),
        *check_sides(checked("corp", "runner"), checked("runner", "corp"), HERE).problems,
    )
    assert [p.status for p in (ready, remote, illegal, swapped)] == [
        "legal",
        "unavailable",
        "illegal",
        "illegal",
    ]
    assert [p.state.value for p in (ready, remote, illegal, swapped)] == [
        "ready",
        "not fetched",
        "needs fixing",
        "needs fixing",
    ]
    missing = player("E", failed("corp", "event-deck-missing", "none"), checked("runner"))
    assert (missing.status.value, missing.state.value) == ("illegal", "missing")
    assert exit_code(report(ready)) is ExitCode.OK
    assert exit_code(report(ready, remote)) is ExitCode.UNAVAILABLE
    assert exit_code(report(remote, illegal)) is ExitCode.ILLEGAL
    assert exit_code(report(ready, swapped)) is ExitCode.ILLEGAL


def test_warnings_do_not_make_a_deck_illegal_and_missing_decks_do() -> None:
    from msgspec.structs import replace

    warning = replace(banned(), code="encoding", severity=Severity.WARNING)
    assert checked("corp", None, warning).status == "legal"
    assert failed("corp", "event-deck-missing", "none").status == "illegal"
    assert failed("runner", "parse-error", "gone.txt: no such file").status == "illegal"


def test_newly_illegal_needs_legal_before_and_illegal_now() -> None:
    was_legal = checked("runner", None, banned(), legal_before=True)
    always = checked("runner", None, banned(), legal_before=False)
    assert was_legal.newly_illegal and not always.newly_illegal
    assert not checked("runner", legal_before=True).newly_illegal
    event = report(player("A", checked("corp"), was_legal), player("B", checked("corp"), always))
    assert [p.player for p in event.newly_illegal] == ["A"]
