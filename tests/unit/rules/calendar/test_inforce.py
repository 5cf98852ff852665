"""What is in force under a built-in format: the period, pool and list a selection names, and the
rules of a list nrdeck does not apply."""

from __future__ import annotations

import datetime as dt

import pytest

from nrdeck.catalog import CardDB, UnknownRule
from nrdeck.errors import UsageError
from tests.unit.rules.helpers import select_in_force, with_newer_startup_list

D = dt.date.fromisoformat


# -- rules nrdeck does not know (§4) --------------------------------------------------
def test_a_list_with_a_key_nrdeck_does_not_know_warns_on_every_check(db: CardDB) -> None:
    unknown = (
        UnknownRule("restriction", "startup_ban_list_99_01", "deckbuilding_rules"),
        UnknownRule("snapshot", "startup_test_99", "constraints"),
    )
    newer = with_newer_startup_list(db, *unknown)
    period = select_in_force(newer, "startup", today=D("2099-01-02")).period
    snapshot, restriction = period.warnings[:2]
    assert snapshot.startswith("snapshot startup_test_99")
    assert snapshot.endswith(": constraints")
    assert "(startup_ban_list_99_01)" in restriction
    assert restriction.endswith(": deckbuilding_rules")
    assert all("does not apply" in warning for warning in (snapshot, restriction))
    older = select_in_force(newer, "startup", today=D("2025-09-01")).period
    assert older.warnings == ()


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
