"""Choosing what is in force from one ``Selection``: a built-in format on the day checked,
a format file read by the caller, and the card data's own format winning over a shipped
file of its id."""

from __future__ import annotations

import datetime as dt

import pytest

from nrdeck.app.formatfiles.reader import read_format_source
from nrdeck.app.formatfiles.shipped import shipped_formats_dir
from nrdeck.catalog import CardDB
from nrdeck.errors import ExitCode, UsageError
from nrdeck.rules.formatfiles import FormatSource
from nrdeck.rules.selection import Selection, select

TODAY = dt.date(2026, 3, 20)
AUTUMN = dt.date(2025, 10, 1)


def test_without_a_date_the_day_checked_is_today(db: CardDB) -> None:
    found = select(db, Selection(today=TODAY))
    assert (found.format_id, found.date, found.tier) == ("standard", TODAY, "casual")
    assert found.period.as_of == TODAY and found.restriction is not None


def test_a_date_given_is_the_day_checked(db: CardDB) -> None:
    found = select(db, Selection(today=TODAY, as_of=AUTUMN))
    assert found.date == AUTUMN and found.period.as_of == AUTUMN
    assert found.period.snapshot_id != select(db, Selection(today=TODAY)).period.snapshot_id


def test_the_tier_is_kept_and_an_unknown_one_refused(db: CardDB) -> None:
    assert select(db, Selection(today=TODAY, tier="competitive")).tier == "competitive"
    with pytest.raises(UsageError) as caught:
        select(db, Selection(today=TODAY, tier="cutthroat"))
    assert caught.value.exit_code is ExitCode.USAGE


def test_an_unknown_format_suggests_a_shipped_community_one(db: CardDB) -> None:
    with pytest.raises(UsageError) as caught:
        select(db, Selection(today=TODAY, format_id="astr", community_ids=("astro",)))
    assert "astro" in caught.value.one_line()


def test_a_format_file_decides_the_format(db: CardDB) -> None:
    astro = shipped("astro")
    found = select(db, Selection(today=TODAY, format_id="standard", format_file=astro))
    assert found.format_id == "astro" and found.period.format_note is None


def test_the_card_datas_own_format_wins_over_a_shipped_file(db: CardDB) -> None:
    core = shipped("core")
    found = select(db, Selection(today=TODAY, format_id="core", format_file=core))
    assert found.format_id == "core" and found.period.format_note


def shipped(name: str) -> FormatSource:
    """A community format nrdeck ships, read as the app reads it."""
    return read_format_source(shipped_formats_dir() / f"{name}.toml", shipped=True)
