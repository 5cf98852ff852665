"""A format's periods: the days a period covers (its end excluded), and the kinds of change
a period makes, the same as the shipped schema's."""

from __future__ import annotations

import datetime as dt

import pytest
from msgspec.structs import replace

from nrdeck.results.periods import CHANGE_KINDS, Change, FormatPeriod
from tests.schemas import schema

START, END = dt.date(2025, 9, 1), dt.date(2026, 3, 13)
PERIOD = FormatPeriod(
    format_id="standard",
    format_name="Standard",
    start=START,
    end=END,
    snapshot_id="standard_33",
    card_pool_id="rotation_2025",
    card_pool_name="Seventh Rotation",
    restriction_id="standard_ban_list_25_08",
    restriction_name="Standard Ban List 25.08",
)
DAY = dt.timedelta(days=1)


@pytest.mark.parametrize(
    ("day", "covered"),
    [(START - DAY, False), (START, True), (END - DAY, True), (END, False), (END + DAY, False)],
)
def test_a_period_covers_its_start_and_not_its_end(day: dt.date, covered: bool) -> None:
    assert PERIOD.covers(day) is covered


def test_a_period_without_an_end_is_still_in_force() -> None:
    open_ended = replace(PERIOD, end=None)
    assert open_ended.covers(dt.date(2099, 1, 1)) and not open_ended.covers(START - DAY)


def test_the_change_kinds_are_the_schemas() -> None:
    period = schema("periods-v1.schema.json")["$defs"]["period"]
    kinds = period["properties"]["changes"]["items"]["properties"]["change"]["enum"]
    assert list(CHANGE_KINDS) == kinds
    assert len(set(CHANGE_KINDS)) == len(CHANGE_KINDS)


def test_a_change_of_a_card_needs_only_its_kind_and_card() -> None:
    change = Change("banned", "info_bounty", "Info Bounty")
    assert (change.before, change.after, change.min_points) == (None, None, None)
    assert change.kind in CHANGE_KINDS[:7]  # the card kinds come first: reporters rely on it
    assert "set-in" not in CHANGE_KINDS[:7] and "agenda-cap" not in CHANGE_KINDS[:7]
