"""Player verdicts: statuses and the exit code."""

from __future__ import annotations

from nrdeck.errors import ExitCode
from nrdeck.problems import Location, Severity
from nrdeck.results.event import EventReport
from nrdeck.rules.event.registration import check_sides
from tests.builders import banned_problem as banned
from tests.builders import checked_deck as checked
from tests.builders import event_report as report
from tests.builders import failed_deck as failed
from tests.builders import player_report as player

HERE = Location("roster.csv", 4)


def exit_code(event: EventReport) -> ExitCode:
    return event.exit_code


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
