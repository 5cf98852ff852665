"""The words of the calendar's problems, warnings and errors: what is in force on a date."""

from __future__ import annotations

import datetime as dt

import pytest
from msgspec.structs import replace

from nrdeck.catalog import CardDB, UnknownRule
from nrdeck.errors import UsageError
from nrdeck.rules import check_deck
from nrdeck.rules.calendar.names import restriction_named
from nrdeck.rules.calendar.staleness import stale_data
from tests.builders import with_format_faults_of_2025
from tests.paths import assert_golden_cases
from tests.unit.rules.calendar.test_tier import ZAHYA, elevation_card
from tests.unit.rules.decks import (
    CTM_WORLDS_2016,
    HAYLEY_ETERNAL,
    NEH_2015,
    STARTUP_BIG_AGENDAS,
    check_on,
    read,
)
from tests.unit.rules.helpers import said, select_in_force, with_newer_startup_list

D = dt.date.fromisoformat


def _usage_error(db: CardDB, fmt: str, **selection: object) -> str:
    with pytest.raises(UsageError) as err:
        select_in_force(db, fmt, today=D("2025-05-01"), **selection)  # type: ignore[arg-type]
    return err.value.one_line()


def _unknown_ban_list(db: CardDB) -> str:
    with pytest.raises(UsageError) as err:
        restriction_named(db, "standard", "sbl-25.13")
    return err.value.one_line()


def _correction(db: CardDB, fmt: str, day: str) -> str:
    return select_in_force(db, fmt, today=D(day), as_of=D(day)).period.correction or ""


def test_the_calendar_reads_as_the_golden_file_says(db: CardDB) -> None:
    newer = with_newer_startup_list(db)
    unknown = with_newer_startup_list(
        db,
        UnknownRule("restriction", "startup_ban_list_99_01", "deckbuilding_rules"),
        UnknownRule("snapshot", "startup_test_99", "constraints"),
    )
    capped = check_on(newer, read(newer, STARTUP_BIG_AGENDAS), "2099-01-02", "startup")
    big = check_on(db, read(db, STARTUP_BIG_AGENDAS), "2025-09-01", "startup")
    astro = check_on(db, read(db, NEH_2015), "2016-07-18")
    two = {"1 AstroScript Pilot Program": "2 AstroScript Pilot Program",
           "3 Project Beale": "2 Project Beale"}  # fmt: skip
    worlds = check_on(db, read(db, CTM_WORLDS_2016, two), "2016-11-12")
    elevation = read(db, ZAHYA, {"2 Overclock": f"1 Overclock\n1 {elevation_card(db)}"})
    week = D("2025-04-28")
    casual = select_in_force(db, "standard", today=week, as_of=week)
    competitive = select_in_force(db, "standard", today=week, as_of=week, tier="competitive")
    early = check_on(db, read(db, HAYLEY_ETERNAL), "2024-03-17", "eternal")
    older = with_format_faults_of_2025(db)
    liberation = check_on(older, read(older, HAYLEY_ETERNAL), "2024-06-01", "eternal")
    not_applied = select_in_force(unknown, "startup", today=D("2099-01-02")).period
    late = D("2027-03-01")
    cases = [
        ("agenda cap", said(big.problems)),
        ("agenda cap of a list newer than the table", said(capped.problems)),
        ("warning: a list newer than the agenda-cap table", "\n".join(capped.period.warnings)),
        ("warning: rules nrdeck does not apply", "\n".join(not_applied.warnings)),
        (
            "errata: AstroScript from 2016-07-18",
            said(p for p in astro.problems if p.code == "copies"),
        ),
        ("errata: two AstroScript on 2016-11-12", said(worlds.problems)),
        ("release week, casual", said(check_deck(elevation, db, casual).problems)),
        ("release week, competitive", said(check_deck(elevation, db, competitive).problems)),
        ("not released yet", said(early.problems)),
        ("correction: a list's start", _correction(db, "startup", "2024-05-01")),
        ("correction: a set legal from release", _correction(db, "standard", "2026-03-02")),
        ("correction: the 2025 data's year typos", _correction(older, "standard", "2025-09-01")),
        ("correction: Liberation in Eternal", liberation.period.correction or ""),
        ("unknown ban list", _unknown_ban_list(db)),
        ("unknown format", _usage_error(db, "standrd")),
        ("unknown tier", _usage_error(db, "standard", tier="friendly")),
        ("stale data", stale_data(db.info, late) or ""),
        (
            "stale data, a run without the cache",
            stale_data(replace(db.info, hermetic=True), late) or "",
        ),
    ]
    assert_golden_cases("messages/calendar.txt", cases, __file__)
