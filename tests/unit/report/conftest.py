"""The check report the reporters render (built by hand: no rules engine involved)."""

from __future__ import annotations

import pytest

from nrdeck.results.check import CheckReport
from tests.builders import (
    DATA,
    REPORT_PERIOD,
    checked_outcome,
    illegal_result,
    legal_result,
    unavailable_outcome,
)


@pytest.fixture
def report() -> CheckReport:
    outcomes = (
        checked_outcome(legal_result()),
        checked_outcome(illegal_result()),
        unavailable_outcome(),
    )
    return CheckReport(outcomes=outcomes, data=DATA, period=REPORT_PERIOD)
