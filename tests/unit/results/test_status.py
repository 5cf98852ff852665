"""`data status`'s values: each correction's state said apart, naming what it corrects."""

from __future__ import annotations

import datetime as dt
from typing import get_args

import pytest

from nrdeck.results.status import CorrectionState, DataStatus, State

STATES: tuple[State, ...] = get_args(State)


@pytest.mark.parametrize("state", STATES)
def test_a_correction_names_its_kind_and_target_and_what_the_data_has(state: State) -> None:
    said = CorrectionState("snapshot date", "standard_30", state, "2025-04-24").describe()
    assert said.startswith("snapshot date standard_30: ")
    assert said.endswith(" (2025-04-24)")


def test_each_state_is_said_differently() -> None:
    said = {s: CorrectionState("k", "t", s, "d").describe() for s in STATES}
    assert len(set(said.values())) == len(STATES) == 3
    applied, *not_applied = (said[s] for s in ("applied", "fixed-upstream", "target-missing"))
    assert applied == "k t: applied (d)"
    assert all(": not applied" in text for text in not_applied)


def test_a_status_means_today_unless_given_a_day() -> None:
    status = DataStatus("d", "bundled", "s", None, None, None, {}, (), (), ())
    assert status.today is None
    assert DataStatus(
        "d", "bundled", "s", None, None, None, {}, (), (), (), dt.date(2026, 1, 1)
    ).today
