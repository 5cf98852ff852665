"""The names players use for formats, snapshots and ban lists, and did-you-mean on a miss."""

from __future__ import annotations

import datetime as dt

import pytest

from nrdeck.catalog import CardDB
from nrdeck.errors import UsageError
from nrdeck.rules.calendar.names import restriction_named, restriction_names
from tests.ids import STANDARD_BALANCE_26_08
from tests.unit.rules.helpers import select_in_force

D = dt.date.fromisoformat


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
    assert "'sbl-25.13'" in line and "format standard" in line
    assert line.split("did you mean ")[1].startswith("25.12, 25.10")
    valid = line.split("valid ban lists: ")[1].rstrip(")").split(", ")
    assert valid[:2] == ["latest", "active"]
    listed = dict(name.rstrip(")").split(" (") for name in valid[2:])  # name: id, newest first
    assert list(listed)[:3] == ["26.08", "26.05", "26.03"]
    assert listed["26.08"] == STANDARD_BALANCE_26_08
    assert listed["25.10"] == "standard_ban_list_25_10"


def test_format_and_snapshot_ids_ignore_case_and_dashes(db: CardDB) -> None:
    day = D("2025-05-01")
    assert select_in_force(db, "System-Gateway", today=day).format_id == "system_gateway"
    assert select_in_force(db, "STANDARD", today=day).format_id == "standard"
    snap = select_in_force(db, "startup", today=day, snapshot_id="Startup-6")
    assert snap.period.snapshot_id == "startup_6"
    with pytest.raises(UsageError) as err:
        select_in_force(db, "standrd", today=day)
    said = err.value.one_line()
    assert "'standrd'" in said and said.split("did you mean ")[1].startswith("standard?")


def test_completion_names_newest_first(db: CardDB) -> None:
    names = restriction_names(db, "standard")
    assert names[:4] == ["latest", "active", "26.08", "26.05"]
    assert "standard_ban_list_25_10" in names
    assert [name for name in names if name.endswith("_for_classic_only")] == []
