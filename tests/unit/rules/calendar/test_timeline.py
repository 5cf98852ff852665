"""The corrected format timeline (docs/reference/legality.md §4): periods from snapshots plus
nrdeck's corrections."""

from __future__ import annotations

import datetime as dt
import json
from itertools import pairwise

import pytest
from msgspec.structs import replace

from nrdeck.catalog import CardDB
from nrdeck.rules.calendar.timeline import Timeline, format_timeline, set_release
from tests.builders import database, with_format_faults_of_2025
from tests.unit.rules.decks import (
    HAYLEY_ETERNAL,
    check_on,
    read,
)
from tests.unit.rules.helpers import codes, select_in_force

D = dt.date.fromisoformat


def in_force(db: CardDB, fmt: str, on: str) -> tuple[str | None, str | None]:
    chosen = select_in_force(db, fmt, today=D(on), as_of=D(on))
    return chosen.card_pool_id, chosen.period.restriction_id


@pytest.mark.parametrize(
    ("fmt", "on", "pool", "restriction"),
    [
        ("standard", "2024-10-19", "rotation_2023", "standard_ban_list_24_09"),
        ("standard", "2024-05-01", "rotation_2023", "standard_ban_list_24_03"),
        ("standard", "2025-04-23", "rotation_2023", "standard_ban_list_24_12"),
        ("standard", "2025-04-24", "rotation_2025", "standard_ban_list_25_04"),
        ("standard", "2025-09-01", "rotation_2025", "standard_ban_list_25_08"),
        ("standard", "2025-10-10", "rotation_2025", "standard_ban_list_25_10"),
        ("startup", "2024-05-01", "startup_liberation", "startup_ban_list_24_01"),
        ("startup", "2024-09-20", "startup_liberation", "startup_ban_list_24_09"),
        ("startup", "2025-04-01", "startup_liberation", "startup_ban_list_24_09"),
        ("startup", "2025-05-01", "startup_elevation", "startup_balance_update_25_04"),
        ("standard", "2016-03-01", "pre_rotation", "napd_mwl_1_0"),
        ("standard", "2017-10-15", "rotation_2017", "napd_mwl_2_0"),
        ("eternal", "2021-08-01", "eternal", "eternal_points_list_1_0"),
    ],
)
def test_the_period_in_force_on_a_date_follows_the_corrected_timeline(
    db: CardDB, fmt: str, on: str, pool: str, restriction: str
) -> None:
    assert in_force(db, fmt, on) == (pool, restriction)
    # the 2025-09-17 data, with its year typos, gives the same periods once corrected
    assert in_force(with_format_faults_of_2025(db), fmt, on) == (pool, restriction)


@pytest.mark.parametrize(
    ("fmt", "on", "pool", "restriction"),
    [
        ("standard", "2025-12-01", "rotation_2025", "standard_ban_list_25_12"),
        ("standard", "2026-03-12", "rotation_2025", "standard_ban_list_25_12"),
        ("standard", "2026-03-13", "standard_2026_vantage_point", "standard_ban_list_26_03"),
        ("standard", "2026-05-01", "standard_2026_vantage_point", "standard_ban_list_26_05"),
        ("standard", "2026-08-01", "standard_2026_vantage_point", "standard_balance_update_26_08"),
        ("startup", "2025-11-03", "startup_elevation", "startup_balance_update_25_11"),
        ("startup", "2026-03-02", "startup_vantage_point", "startup_balance_update_26_03"),
        ("startup", "2026-05-01", "startup_vantage_point", "startup_balance_update_26_05"),
        ("eternal", "2026-03-02", "eternal", "eternal_points_list_26_03"),
    ],
)
def test_the_2026_periods(db: CardDB, fmt: str, on: str, pool: str, restriction: str) -> None:
    assert in_force(db, fmt, on) == (pool, restriction)


def test_periods_record_the_correction_they_apply(db: CardDB) -> None:
    older = with_format_faults_of_2025(db)  # the year typos the 2025-09-17 data had
    fixed = select_in_force(older, "standard", today=D("2025-09-01"), as_of=D("2025-09-01"))
    assert fixed.period.snapshot_id == "standard_31"
    assert "year typo" in (fixed.period.correction or "")
    # the 2026 data has the right dates: the same period, and no year-typo correction
    right = select_in_force(db, "standard", today=D("2025-09-01"), as_of=D("2025-09-01")).period
    assert right.snapshot_id == "standard_31" and "year typo" not in (right.correction or "")
    late = select_in_force(db, "startup", today=D("2024-05-01"), as_of=D("2024-05-01")).period
    assert (late.correction or "").startswith("startup_ban_list_24_09 ")
    assert "starts 2024-09-20" in (late.correction or "")
    plain = select_in_force(db, "standard", today=D("2016-03-01"), as_of=D("2016-03-01")).period
    assert plain.correction is None


def test_sunset_is_not_a_standard_period(db: CardDB) -> None:
    ids = [p.snapshot.id for p in format_timeline(db, "standard").periods]
    assert "sunset_01" not in ids
    # 2023-09-21 (sunset_01's date) is still standard_24 with Ban List 23.08.
    assert in_force(db, "standard", "2023-09-21") == ("rotation_2023", "standard_ban_list_23_08")


def test_standard_periods_are_in_date_order_without_gaps(db: CardDB) -> None:
    periods = format_timeline(db, "standard").periods
    assert all(a.end == b.start for a, b in pairwise(periods))
    assert periods[-1].end is None


def test_revised_core_set_is_legal_from_the_2017_rotation(db: CardDB) -> None:
    assert db.sets["revised_core_set"].date_release == D("2017-12-14")
    assert set_release(db, "revised_core_set") == D("2017-10-01")
    from tests.unit.rules.helpers import check

    result = check(db, "Haas-Bioroid: Engineering the Future", [(3, "Hedge Fund")], on="2017-10-15")
    assert not any("hedge_fund" in p.cards for p in result.problems)
    # Only the Revised Core Set prints Hedge Fund in the First Rotation pool.
    assert any(p.set_id == "revised_core_set" for p in db.printings_of("hedge_fund"))
    assert "core_set" not in db.pool_sets("rotation_2017")


def test_pool_growth_is_derived_from_release_dates_and_later_pools(db: CardDB) -> None:
    growth = format_timeline(db, "standard").growth
    assert growth == {
        "rotation_2018": {"downfall", "uprising_booster_pack"},
        "rotation_2021": {"midnight_sun_booster_pack", "midnight_sun"},
        "rotation_2022": {"the_automata_initiative"},
        # Vantage Point (2026-03-02) came out under the Seventh Rotation's pool, 11 days
        # before Standard 26.03 (2026-03-13) put it in a pool of its own
        "rotation_2025": {"vantage_point"},
    }


def test_a_correction_note_speaks_only_of_sets_released_by_the_date_checked(db: CardDB) -> None:
    def note(day: str) -> str:
        chosen = select_in_force(db, "standard", today=D(day), as_of=D(day))
        return chosen.period.correction or ""

    assert "Vantage Point" not in note("2025-09-01") and "Vantage Point" not in note("2026-03-01")
    assert note("2026-03-02").startswith("Vantage Point legal")
    assert "under rotation_2025" in note("2026-03-02")


def test_pool_growth_follows_the_rule_not_a_list(db: CardDB) -> None:
    # Without booster packs among the set types, only the data packs remain.
    base = db.tables.corrections
    fixes = replace(base, pool_growth=replace(base.pool_growth, set_types=frozenset({"data_pack"})))
    growth = Timeline(db, "standard", fixes).growth
    assert growth == {
        "rotation_2018": {"downfall"},
        "rotation_2021": {"midnight_sun"},
        "rotation_2022": {"the_automata_initiative"},
    }
    assert Timeline(db, "startup").growth == {}


def test_a_set_released_inside_a_pool_is_legal_from_its_release_day(db: CardDB) -> None:
    from tests.unit.rules.helpers import check

    # Downfall (2019-03-18) under rotation_2018.
    card = next(p.card_id for p in db.printings.values() if p.set_id == "downfall")
    title = db.cards[card].title
    identity = (
        "Haas-Bioroid: Engineering the Future"
        if db.cards[card].side == "corp"
        else 'Kate "Mac" McCaffrey: Digital Tinker'
    )
    before = check(db, identity, [(1, title)], on="2019-03-17")
    after = check(db, identity, [(1, title)], on="2019-03-18")
    [early] = [p for p in before.problems if card in p.cards]
    assert early.code == "not-in-card-pool" and "until 2019-03-18" in early.message
    assert not any(p.code == "not-in-card-pool" and card in p.cards for p in after.problems)


def test_corrections_file_gives_a_reason_for_every_entry() -> None:
    from nrdeck.cards.bundled import data_dir

    doc = json.loads((data_dir() / "corrections.json").read_text("utf-8"))
    for key in ("snapshot_dates", "excluded_snapshots", "set_release_dates"):
        assert doc[key] and all(row["reason"] for row in doc[key])
    assert {r["snapshot_id"] for r in doc["snapshot_dates"]} == {
        "standard_30",
        "standard_31",
        "standard_32",
        "startup_7",
    }


# -- the Eternal pool (§4, correction 6) ----------------------------------------------
def test_an_eternal_list_with_pressure_spike_is_legal_in_2024(db: CardDB) -> None:
    deck = read(db, HAYLEY_ETERNAL)
    result = check_on(db, deck, "2024-06-01", "eternal")
    assert codes(result) == []
    # the 2026 data's Eternal pool holds the Liberation cycle: no correction is needed
    assert "Liberation" not in (result.period.correction or "")


def test_on_data_without_liberation_the_correction_makes_the_list_legal(db: CardDB) -> None:
    older = with_format_faults_of_2025(db)
    result = check_on(older, read(older, HAYLEY_ETERNAL), "2024-06-01", "eternal")
    assert codes(result) == []
    assert "Rebellion Without" in (result.period.correction or "")
    assert "Liberation cycle" in (result.period.correction or "")


def test_pressure_spike_is_eternal_from_its_release_day(db: CardDB) -> None:
    for data in (db, with_format_faults_of_2025(db)):
        deck = read(data, HAYLEY_ETERNAL)
        (problem,) = check_on(data, deck, "2024-03-17", "eternal").problems
        assert problem.code == "not-in-card-pool" and problem.cards == ("pressure_spike",)
        assert "not released" in problem.message and "2024-03-18" in problem.message
        release_day = check_on(data, deck, "2024-03-18", "eternal")
        assert release_day.legal and codes(release_day) == ["competitive-delay"]  # a warning


def test_without_the_correction_the_data_leaves_liberation_out_of_eternal(db: CardDB) -> None:
    older = with_format_faults_of_2025(db)
    fixes = replace(older.tables.corrections, pool_additions=())
    bare = database(older, tables=replace(older.tables, corrections=fixes))
    result = check_on(bare, read(bare, HAYLEY_ETERNAL), "2024-06-01", "eternal")
    assert [(p.code, p.cards) for p in result.problems] == [
        ("not-in-card-pool", ("pressure_spike",))
    ]


def test_the_correction_is_skipped_once_the_data_has_the_cycle(db: CardDB) -> None:
    assert "liberation" in db.card_pools["eternal"].card_cycle_ids  # the 2026 data has it
    result = check_on(db, read(db, HAYLEY_ETERNAL), "2024-06-01", "eternal")
    assert codes(result) == [] and "Liberation" not in (result.period.correction or "")
