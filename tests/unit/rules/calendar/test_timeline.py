"""The corrected format timeline and what select() puts in force."""

from __future__ import annotations

import datetime as dt
import json
from itertools import pairwise

import pytest
from msgspec.structs import replace

from nrdeck.catalog import CardDB
from nrdeck.errors import UsageError
from nrdeck.rules.calendar.timeline import Timeline, format_timeline, set_release
from tests.builders import with_format_faults_of_2025
from tests.unit.rules.helpers import select_in_force

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
    assert "startup_ban_list_24_09 starts 2024-09-20" in (late.correction or "")
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
    assert "Vantage Point legal from release under rotation_2025" in note("2026-03-02")


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
    assert any("not released until 2019-03-18" in p.message for p in before.problems)
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


def test_the_default_is_exactly_the_period_in_force_today(db: CardDB) -> None:
    # The data marks standard_34 (Ban List 26.03) active; Balance Update 26.08 is in force
    # from 2026-08-01.
    active = db.formats["standard"].active_snapshot
    assert active is not None and active.id == "standard_34"
    for today in ("2026-08-01", "2030-01-01"):
        chosen = select_in_force(db, "standard", today=D(today))
        assert chosen == select_in_force(db, "standard", today=D(today), as_of=D(today))
        assert chosen.period.snapshot_id == "standard_36" and chosen.date == D(today)
    before = select_in_force(db, "standard", today=D("2026-07-31"))
    assert before.period.restriction_id == "standard_ban_list_26_05"


def test_snapshot_and_banlist_options(db: CardDB) -> None:
    snap = select_in_force(db, "standard", today=D("2030-01-01"), snapshot_id="standard_30")
    assert snap.date == D("2025-04-24") and snap.period.restriction_id == "standard_ban_list_25_04"
    late = select_in_force(db, "startup", today=D("2030-01-01"), snapshot_id="startup_6")
    assert late.period.restriction_id == "startup_ban_list_24_09"
    early = select_in_force(
        db, "startup", today=D("2030-01-01"), snapshot_id="startup_6", as_of=D("2024-05-01")
    )
    assert early.period.restriction_id == "startup_ban_list_24_01"
    ban = select_in_force(
        db, "standard", today=D("2024-10-19"), banlist_id="standard_ban_list_23_09"
    )
    assert ban.card_pool_id == "rotation_2023" and ban.restriction is not None
    assert ban.restriction.id == "standard_ban_list_23_09"
    sunset = select_in_force(db, "standard", today=D("2030-01-01"), snapshot_id="sunset_01")
    assert sunset.period.restriction_id == "sunset_ban_list_24_01" and sunset.period.correction


@pytest.mark.parametrize(
    ("kwargs", "listed"),
    [
        ({"format_id": "modern"}, "standard"),
        ({"format_id": "standard", "snapshot_id": "standard_99"}, "standard_32"),
        ({"format_id": "standard", "banlist_id": "mwl_9"}, "standard_ban_list_25_10"),
        (
            {"format_id": "startup", "banlist_id": "standard_ban_list_25_10"},
            "startup_ban_list_24_09",
        ),
        ({"format_id": "startup", "as_of": D("2018-01-01")}, "2019-03-18"),
        ({"format_id": "casual", "banlist_id": "standard_ban_list_25_10"}, "--banlist"),
    ],
)
def test_unknown_ids_are_usage_errors_listing_valid_ids(
    db: CardDB, kwargs: dict[str, object], listed: str
) -> None:
    fmt = str(kwargs.pop("format_id"))
    with pytest.raises(UsageError) as err:
        select_in_force(db, fmt, today=D("2025-11-01"), **kwargs)  # type: ignore[arg-type]
    assert listed in err.value.one_line()


def test_casual_has_no_pool_and_no_restriction(db: CardDB) -> None:
    chosen = select_in_force(db, "casual", today=D("2025-11-01"))
    assert chosen.card_pool_id is None and chosen.restriction is None
    assert not chosen.extras.constructed and chosen.period.format_name == "Casual"
