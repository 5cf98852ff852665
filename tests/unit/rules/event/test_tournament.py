"""A tournament's settings against the corrected calendar (nrdeck.rules.event.tournament)."""

from __future__ import annotations

import datetime as dt

import pytest

from nrdeck.catalog import CardDB
from nrdeck.rules import Selection, select
from nrdeck.rules.event.tournament import (
    CODES,
    TournamentSettings,
    calendar_warnings,
    format_of_name,
    tier_of_type,
    usable_list,
)
from tests.ids import STARTUP_BALANCE_26_05

CLASSIC_COPY = f"{STARTUP_BALANCE_26_05}_for_classic_only"  # the copy for the classic site


@pytest.mark.parametrize(
    ("type_name", "tier"),
    [
        ("Game Night Kit", "casual"),
        ("Casual Tournament Kit", "casual"),
        ("District Championship", "competitive"),
        ("megacity  championship", "competitive"),
        ("Continental Championship", "competitive"),
        ("World Championship", "competitive"),
        ("Circuit Breaker Invitational", "competitive"),
        ("Accelerated Meta Test", None),
        ("NANPC Event", None),
        ("Asynchronous", None),
        ("Community", None),
        ("Non-Tournament Event", None),
        (None, None),
    ],
)
def test_the_tier_of_each_tournament_type(type_name: str | None, tier: str | None) -> None:
    assert tier_of_type(type_name) == tier


@pytest.mark.parametrize(
    ("name", "format_id"),
    [("Standard", "standard"), ("Random Access Memories", "ram"), ("Startup", "startup"),
     ("Snapshot", "snapshot"), ("Eternal", "eternal"), ("Cube Draft", None), ("Other", None),
     (None, None)],
)  # fmt: skip
def test_formats_by_name(name: str | None, format_id: str | None) -> None:
    assert format_of_name(name) == format_id


def warnings(
    db: CardDB, day: str, restriction: str | None = None, card_set: str | None = None,
    format_id: str = "standard", tier: str = "competitive",
) -> dict[str, str]:  # fmt: skip
    date = dt.date.fromisoformat(day)
    in_force = select(db, Selection(today=date, format_id=format_id, as_of=date, tier=tier))
    settings = TournamentSettings(format_id, date, tier, restriction, card_set)
    found = calendar_warnings(db, settings, in_force)
    assert all(w.code in CODES for w in found)
    return {w.code: w.message for w in found}


def test_settings_the_calendar_agrees_with_say_nothing(db: CardDB) -> None:
    assert warnings(db, "2025-10-18", "standard_ban_list_25_10", "elevation") == {}


def test_a_superseded_list_names_both_lists(db: CardDB) -> None:
    said = warnings(db, "2025-11-15", "standard_ban_list_25_08")
    assert list(said) == ["list-superseded"]
    named = ("Ban List 25.08", "(standard_ban_list_25_08)", "on 2025-10-03", "Ban List 25.10")
    assert all(name in said["list-superseded"] for name in named)
    assert said["list-superseded"].endswith(" 2025-11-15")  # the event's date


def test_a_list_not_yet_in_force_names_both_lists(db: CardDB) -> None:
    said = warnings(db, "2025-10-18", "standard_ban_list_25_12")["list-not-yet"]
    named = ("Ban List 25.12", "(standard_ban_list_25_12)", "starts 2025-12-01", "2025-10-18")
    assert all(name in said for name in named)
    assert "Ban List 25.10" in said  # the list in force on the date


def test_another_formats_list_and_a_classic_only_copy(db: CardDB) -> None:
    other = warnings(db, "2026-06-20", STARTUP_BALANCE_26_05)
    assert list(other) == ["list-format"]
    assert "a Startup list" in other["list-format"] and "Ban List 26.05" in other["list-format"]
    copy = warnings(db, "2026-06-20", CLASSIC_COPY)
    assert list(copy) == ["list-classic-only"] and "classic site" in copy["list-classic-only"]
    assert not usable_list(db, "standard", CLASSIC_COPY)
    assert not usable_list(db, "standard", STARTUP_BALANCE_26_05)
    assert usable_list(db, "startup", STARTUP_BALANCE_26_05)


def test_pool_limits_after_the_date_outside_the_pool_not_competitive_and_narrower(
    db: CardDB,
) -> None:
    assert "pool-after-date" in warnings(db, "2025-10-18", card_set="vantage_point")
    assert "pool-outside" in warnings(db, "2025-10-18", card_set="23_seconds")
    early = warnings(db, "2026-03-07", card_set="vantage_point")
    assert "only from 2026-03-13" in early["pool-not-competitive"]
    assert "pool-not-competitive" not in warnings(
        db, "2026-03-07", card_set="vantage_point", tier="casual"
    )
    narrow = warnings(db, "2026-06-20", card_set="elevation", format_id="startup", tier="casual")
    assert "Vantage Point" in narrow["pool-narrower"] and "2026-06-20" in narrow["pool-narrower"]
    # on 2026-03-07 Vantage Point is not yet legal at the competitive tier: Elevation is not narrow
    assert "pool-narrower" not in warnings(db, "2026-03-07", card_set="elevation")
