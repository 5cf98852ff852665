"""Competitive tier (the second Friday after release) and the names players use for lists."""

from __future__ import annotations

import datetime as dt

import pytest

from nrdeck.carddb import CardDB
from nrdeck.errors import UsageError
from nrdeck.problems import Severity
from nrdeck.rules import check_deck
from nrdeck.rules.names import restriction_named, restriction_names
from nrdeck.rules.tier import competitive_date
from tests.paths import ROOT
from tests.unit.rules.decks import read
from tests.unit.rules.helpers import select_in_force

D = dt.date.fromisoformat
ZAHYA = ROOT / "data" / "examples" / "standard-zahya.txt"  # legal in the Seventh Rotation


@pytest.mark.parametrize(
    ("release", "competitive"),
    [
        ("2025-04-24", "2025-05-02"),  # Thursday: Fridays 04-25 and 05-02 (rules.md §4)
        ("2025-04-25", "2025-05-09"),  # a Friday: strictly after, so 05-02 and 05-09
        ("2018-12-21", "2019-01-04"),  # System Core 2019, a Friday
        ("2018-11-24", "2018-12-07"),  # the first day the rule applies (a Saturday)
        ("2018-11-23", "2018-11-23"),  # before it: legal on release
    ],
)
def test_the_second_friday_strictly_after_release(release: str, competitive: str) -> None:
    assert competitive_date(D(release)) == D(competitive)


def _elevation_card(db: CardDB) -> str:
    """A Runner card printed only in Elevation (released Thursday 2025-04-24)."""
    return next(
        db.cards[p.card_id].title
        for p in sorted(db.printings.values(), key=lambda p: p.code)
        if p.set_id == "elevation"
        and db.sets_of(p.card_id) == {"elevation"}
        and db.cards[p.card_id].side == "runner"
        and db.cards[p.card_id].faction in ("criminal", "neutral_runner")
        and db.cards[p.card_id].type == "event"
    )


def test_release_week_casual_warns_and_competitive_waits(db: CardDB) -> None:
    title = _elevation_card(db)
    deck = read(db, ZAHYA, {"2 Overclock": f"1 Overclock\n1 {title}"})
    day = D("2025-04-28")
    casual = check_deck(deck, db, select_in_force(db, "standard", today=day, as_of=day))
    assert casual.legal
    (warning,) = casual.problems
    assert (warning.code, warning.severity) == ("competitive-delay", Severity.WARNING)
    assert f"{title} is legal at casual events; at competitive events only from 2025-05-02" in (
        warning.message
    )
    assert "Elevation released 2025-04-24" in warning.message
    strict = select_in_force(db, "standard", today=day, as_of=day, tier="competitive")
    result = check_deck(deck, db, strict)
    (problem,) = result.problems
    assert problem.code == "not-in-card-pool" and not result.legal
    assert "legal at competitive events from 2025-05-02 (Elevation released 2025-04-24)" in (
        problem.message
    )
    assert result.period.tier == "competitive"
    friday = D("2025-05-02")
    later = select_in_force(db, "standard", today=friday, as_of=friday, tier="competitive")
    assert check_deck(deck, db, later).problems == ()


def test_rotations_and_ban_lists_keep_their_dates_under_competitive(db: CardDB) -> None:
    day = D("2025-04-24")
    strict = select_in_force(db, "standard", today=day, as_of=day, tier="competitive")
    assert strict.card_pool_id == "rotation_2025"
    assert strict.period.restriction_id == "standard_ban_list_25_04"


def test_an_unknown_tier_is_a_usage_error(db: CardDB) -> None:
    with pytest.raises(UsageError) as err:
        select_in_force(db, "standard", today=D("2025-05-01"), tier="friendly")
    assert "valid tiers: casual, competitive" in err.value.one_line()


@pytest.mark.parametrize(
    ("fmt", "name", "restriction"),
    [
        ("standard", "25.10", "standard_ban_list_25_10"),
        ("standard", "sbl-25.10", "standard_ban_list_25_10"),
        ("standard", "SBL_25_10", "standard_ban_list_25_10"),
        ("standard", "Ban-List-25.10", "standard_ban_list_25_10"),
        ("standard", "Standard Ban List 25.10", "standard_ban_list_25_10"),
        ("standard", "standard_ban_list_25_10", "standard_ban_list_25_10"),
        ("standard", "24.09", "standard_ban_list_24_09"),  # not the classic-only Startup list
        ("standard", "MWL 3.4b", "standard_mwl_3_4_b"),
        ("standard", "latest", "standard_balance_update_26_08"),
        ("standard", "ACTIVE", "standard_ban_list_26_03"),  # the data marks standard_34 active
        ("standard", "sbu-26.08", "standard_balance_update_26_08"),  # NSG's "Balance Update"
        ("standard", "Balance-Update-26.08", "standard_balance_update_26_08"),
        ("standard", "SBL 26.08", "standard_balance_update_26_08"),
        ("standard", "Standard Ban List 26.08", "standard_balance_update_26_08"),
        (
            "standard",
            "startup_ban_list_24_09_for_classic_only",
            "startup_ban_list_24_09_for_classic_only",
        ),
        ("startup", "25.04", "startup_balance_update_25_04"),
        ("startup", "latest", "startup_balance_update_26_09"),
        ("startup", "26.04", "startup_balance_update_26_05"),  # NSG's name (data/list_names.json)
        ("startup", "SBU-26.04", "startup_balance_update_26_05"),
        ("startup", "Startup Balance Update 26.04", "startup_balance_update_26_05"),
        ("startup", "26.05", "startup_balance_update_26_05"),  # NetrunnerDB's name still works
        ("startup", "balance update 26.03", "startup_balance_update_26_03"),
        ("eternal", "25.07", "eternal_points_list_25_07"),
        ("eternal", "1.0", "eternal_points_list_1_0"),
    ],
)
def test_ban_lists_by_the_names_players_use(
    db: CardDB, fmt: str, name: str, restriction: str
) -> None:
    assert restriction_named(db, fmt, name).id == restriction


def test_an_unknown_ban_list_gets_a_did_you_mean_and_the_valid_names(db: CardDB) -> None:
    # (25.11 is a Startup list: that one says so, see test_names_and_typos)
    with pytest.raises(UsageError) as err:
        restriction_named(db, "standard", "sbl-25.13")
    line = err.value.one_line()
    assert line.startswith(
        "unknown ban list 'sbl-25.13' for format standard; did you mean 25.12, 25.10"
    )
    assert (
        "valid ban lists: latest, active, 26.08 (standard_balance_update_26_08), "
        "26.05 (standard_ban_list_26_05), 26.03 (standard_ban_list_26_03)"
    ) in line
    assert "25.10 (standard_ban_list_25_10)" in line


def test_format_and_snapshot_ids_ignore_case_and_dashes(db: CardDB) -> None:
    day = D("2025-05-01")
    assert select_in_force(db, "System-Gateway", today=day).format_id == "system_gateway"
    assert select_in_force(db, "STANDARD", today=day).format_id == "standard"
    snap = select_in_force(db, "startup", today=day, snapshot_id="Startup-6")
    assert snap.period.snapshot_id == "startup_6"
    with pytest.raises(UsageError) as err:
        select_in_force(db, "standrd", today=day)
    assert "unknown format 'standrd'; did you mean standard?" in err.value.one_line()


def test_completion_names_newest_first(db: CardDB) -> None:
    names = restriction_names(db, "standard")
    assert names[:4] == ["latest", "active", "26.08", "26.05"]
    assert (
        "standard_ban_list_25_10" in names
        and "startup_ban_list_24_09_for_classic_only" not in names
    )
