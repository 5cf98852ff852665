"""A check's values: what a period names, when a deck is legal, each outcome's status and
problems, and a run's counts and exit code (held whole or tallied deck by deck)."""

from __future__ import annotations

import datetime as dt

import pytest
from msgspec.structs import replace

from nrdeck.errors import ExitCode
from nrdeck.problems import INTERNAL_ERROR, Location, Problem, Severity
from nrdeck.results.check import CachedCopy, CheckReport, CheckTally, DeckOutcome
from nrdeck.results.outcome import Status
from tests.builders import (
    DATA,
    PERIOD,
    checked_outcome,
    illegal_result,
    legal_result,
    unavailable_outcome,
)


def warning(code: str = "encoding") -> Problem:
    return Problem(code, "w", severity=Severity.WARNING)


def error(code: str = "parse-error", line: int | None = None) -> Problem:
    return Problem(code, "e", location=Location("deck.txt", line))


def bug() -> DeckOutcome:
    return DeckOutcome(source="deck.txt", problems=(error(INTERNAL_ERROR),))


def cached() -> DeckOutcome:
    copy = CachedCopy(dt.date(2025, 9, 1), "offline")
    return replace(checked_outcome(legal_result()), cached=copy, origin="remote")


# -- the period -----------------------------------------------------------------------
def test_a_period_names_its_format_list_and_pool_in_that_order() -> None:
    assert PERIOD.describe().split(" · ") == [
        PERIOD.format_name,
        PERIOD.restriction_name,
        PERIOD.card_pool_name,
    ]


def test_a_period_leaves_out_what_it_has_no_name_for() -> None:
    assert replace(PERIOD, restriction_name=None).describe().split(" · ") == [
        "Standard",
        PERIOD.card_pool_name,
    ]
    bare = replace(PERIOD, restriction_name=None, card_pool_name=None)
    assert bare.describe() == "Standard"


def test_a_period_is_casual_with_nothing_to_warn_by_default() -> None:
    assert (PERIOD.tier, PERIOD.warnings, PERIOD.stale_data) == ("casual", (), None)


# -- one deck -------------------------------------------------------------------------
def test_a_result_is_legal_unless_a_problem_is_an_error() -> None:
    assert legal_result().legal
    assert not illegal_result().legal
    assert replace(legal_result(), problems=(warning(), warning("competitive-delay"))).legal
    assert not replace(legal_result(), problems=(warning(), error("banned"))).legal


@pytest.mark.parametrize(
    ("outcome", "status"),
    [
        (checked_outcome(legal_result()), Status.LEGAL),
        (checked_outcome(illegal_result()), Status.ILLEGAL),
        (unavailable_outcome(), Status.UNAVAILABLE),
        (DeckOutcome(source="gone.txt", problems=(error(),)), Status.ILLEGAL),  # unreadable
        (DeckOutcome(source="empty.txt"), Status.ILLEGAL),  # no result, no reason: not legal
        (bug(), Status.ILLEGAL),
        (cached(), Status.LEGAL),
    ],
    ids=["legal", "illegal", "unavailable", "unreadable", "no-result", "bug", "cached"],
)
def test_each_outcome_has_one_status(outcome: DeckOutcome, status: Status) -> None:
    assert outcome.status is status


def test_a_reading_error_makes_a_legal_check_illegal_and_a_warning_does_not() -> None:
    read = checked_outcome(legal_result())
    assert replace(read, problems=(warning(),)).status is Status.LEGAL
    assert replace(read, problems=(error(),)).status is Status.ILLEGAL


def test_unavailable_wins_over_a_result() -> None:
    assert replace(checked_outcome(illegal_result()), unavailable=True).status is Status.UNAVAILABLE


def test_only_an_internal_error_is_a_failure() -> None:
    assert bug().failed
    assert not unavailable_outcome().failed
    assert not checked_outcome(illegal_result()).failed
    assert not DeckOutcome(source="x", problems=(error(),)).failed


def test_all_problems_put_errors_first_keeping_their_order_otherwise() -> None:
    outcome = replace(
        checked_outcome(illegal_result()), problems=(warning(), error("parse-error", 2))
    )
    codes = [p.code for p in outcome.all_problems]
    # reading problems, then the check's; every error before every warning
    assert codes == [
        "parse-error",
        "copies",
        "unknown-card",
        "deck-size",
        "encoding",
        "encoding",
    ]
    severities = [p.severity for p in outcome.all_problems]
    assert severities == sorted(severities, key=lambda s: s is not Severity.ERROR)


def test_an_outcome_without_a_result_has_only_its_own_problems() -> None:
    assert [p.code for p in unavailable_outcome().all_problems] == ["deck-unavailable"]
    assert unavailable_outcome().origin == "remote"
    assert DeckOutcome(source="x").origin == "file"


# -- a run ----------------------------------------------------------------------------
def report(*outcomes: DeckOutcome) -> CheckReport:
    return CheckReport(outcomes=outcomes, data=DATA, period=PERIOD)


def test_a_report_counts_decks_by_status() -> None:
    run = report(
        checked_outcome(legal_result()),
        checked_outcome(illegal_result()),
        checked_outcome(illegal_result()),
        unavailable_outcome(),
    )
    counts = {s: run.count(s) for s in Status}
    assert counts == {Status.LEGAL: 1, Status.ILLEGAL: 2, Status.UNAVAILABLE: 1}
    assert {s: run.tally.count(s) for s in Status} == counts


@pytest.mark.parametrize(
    ("outcomes", "code"),
    [
        ((checked_outcome(legal_result()), cached()), ExitCode.OK),
        ((checked_outcome(legal_result()), unavailable_outcome()), ExitCode.UNAVAILABLE),
        ((unavailable_outcome(), checked_outcome(illegal_result())), ExitCode.ILLEGAL),
        ((checked_outcome(legal_result()), bug()), ExitCode.INTERNAL),
        ((), ExitCode.USAGE),  # the paths held no deck at all
    ],
    ids=["legal", "unavailable", "illegal", "bug", "no-deck"],
)
def test_a_runs_exit_code(outcomes: tuple[DeckOutcome, ...], code: ExitCode) -> None:
    assert report(*outcomes).exit_code is code
    assert CheckTally.of(outcomes, DATA).exit_code is code


def test_a_tally_kept_deck_by_deck_matches_the_whole_report() -> None:
    outcomes = (cached(), bug(), unavailable_outcome(), checked_outcome(legal_result()))
    tally = CheckTally(DATA)
    assert (tally.decks, tally.failed, tally.cached) == (0, 0, 0)
    for outcome in outcomes:
        tally.add(outcome)
    assert (tally.decks, tally.failed, tally.cached) == (4, 1, 1)
    assert tally.data is DATA
    whole = report(*outcomes).tally
    assert [tally.count(s) for s in Status] == [whole.count(s) for s in Status] == [2, 1, 1]
    assert tally.exit_code is whole.exit_code is ExitCode.INTERNAL
