"""Stale card data: a date checked long after the data's own date is never silently current."""

from __future__ import annotations

import datetime as dt

from msgspec.structs import replace

from nrdeck.catalog import CardDB
from nrdeck.rules.calendar.staleness import stale_data


def test_within_90_days_of_the_datas_date_nothing_is_said(db: CardDB) -> None:
    assert db.info.dataset_date == "2026-09-21"
    assert stale_data(db.info, dt.date(2026, 12, 20)) is None


def test_past_90_days_the_warning_says_how_old_and_what_to_do(db: CardDB) -> None:
    said = stale_data(db.info, dt.date(2027, 3, 1))
    assert said is not None
    assert "161 days older" in said and "(2027-03-01)" in said
    assert "since 2026-09-21" in said and "unknown to it" in said
    assert said.endswith("'nrdeck data update'")


def test_a_run_without_the_cache_is_told_what_does_change_it(db: CardDB) -> None:
    said = stale_data(replace(db.info, hermetic=True), dt.date(2027, 3, 1))
    assert said is not None
    assert "'nrdeck data build'" in said
    assert said.endswith("without the cache")  # why 'nrdeck data update' would not help
