"""Statuses and exit codes: illegal beats unavailable beats legal; a bug is exit 4."""

from __future__ import annotations

import pytest

from nrdeck.errors import ExitCode
from nrdeck.results.outcome import Status, exit_code, worst

LEGAL, UNAVAILABLE, ILLEGAL = Status.LEGAL, Status.UNAVAILABLE, Status.ILLEGAL


@pytest.mark.parametrize(
    ("statuses", "expected"),
    [
        ((), LEGAL),
        ((LEGAL, LEGAL), LEGAL),
        ((LEGAL, UNAVAILABLE), UNAVAILABLE),
        ((UNAVAILABLE, ILLEGAL, LEGAL), ILLEGAL),
        ((ILLEGAL,), ILLEGAL),
    ],
)
def test_worst_ranks_illegal_over_unavailable_over_legal(
    statuses: tuple[Status, ...], expected: Status
) -> None:
    assert worst(statuses) is expected
    assert worst(reversed(statuses)) is expected  # the order never matters


def test_worst_reads_a_generator_once() -> None:
    assert worst(s for s in (LEGAL, UNAVAILABLE)) is UNAVAILABLE


@pytest.mark.parametrize(
    ("statuses", "code"),
    [
        ((), ExitCode.OK),
        ((LEGAL,), ExitCode.OK),
        ((LEGAL, UNAVAILABLE), ExitCode.UNAVAILABLE),
        ((UNAVAILABLE, ILLEGAL), ExitCode.ILLEGAL),
    ],
)
def test_exit_code_follows_the_worst_status(statuses: tuple[Status, ...], code: ExitCode) -> None:
    assert exit_code(statuses) is code


@pytest.mark.parametrize("statuses", [(), (LEGAL,), (ILLEGAL, UNAVAILABLE)])
def test_a_failed_run_is_exit_4_whatever_the_verdicts(statuses: tuple[Status, ...]) -> None:
    assert exit_code(statuses, failed=True) is ExitCode.INTERNAL


def test_statuses_are_their_json_values() -> None:
    assert [s.value for s in Status] == ["legal", "unavailable", "illegal"]
    assert Status("illegal") is ILLEGAL and ILLEGAL == "illegal"
