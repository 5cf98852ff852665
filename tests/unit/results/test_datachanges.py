"""What changed between two card documents: anything but their dates is a change."""

from __future__ import annotations

import datetime as dt

import pytest
from msgspec.structs import replace

from nrdeck.results.datachanges import ActiveMark, DataChanges, NamedId, SetDate
from nrdeck.results.periods import FormatPeriod

NONE = DataChanges(before="old", after="new", before_date="2025-09-17", after_date="2026-07-23")
PERIOD = FormatPeriod(
    format_id="standard",
    format_name="Standard",
    start=dt.date(2026, 3, 13),
    end=None,
    snapshot_id="standard_34",
    card_pool_id="pool",
    card_pool_name="Pool",
    restriction_id=None,
    restriction_name=None,
)


def test_documents_that_differ_only_in_their_dates_did_not_change() -> None:
    assert not NONE.changed
    assert not replace(NONE, before="a", after="b", before_date=None, after_date=None).changed


def test_warnings_about_nrdecks_own_tables_are_no_change_of_the_data() -> None:
    assert not replace(NONE, warnings=("a table lacks a list",)).changed


@pytest.mark.parametrize(
    "change",
    [
        {"formats_added": (NamedId("eternal", "Eternal"),)},
        {"periods_added": (PERIOD,)},
        {"lists_removed": (NamedId("mwl", "MWL"),)},
        {"set_dates": (SetDate("elev", "Elevation", None, dt.date(2024, 4, 1)),)},
        {"printings_added": 3},
        {"active_marks": (ActiveMark("standard", "standard_33", "standard_34"),)},
        {"unknown_keys": ("new_key",)},
    ],
    ids=lambda change: next(iter(change)),
)
def test_any_other_field_is_a_change(change: dict[str, object]) -> None:
    assert replace(NONE, **change).changed


def test_every_field_but_the_documents_and_warnings_is_a_change() -> None:
    ignored = {"before", "after", "before_date", "after_date", "warnings"}
    for field in set(DataChanges.__struct_fields__) - ignored:
        value = 1 if isinstance(getattr(NONE, field), int) else ("something",)
        assert replace(NONE, **{field: value}).changed, field
