"""A format's own ban lists, and the names Null Signal Games publishes for them."""

from __future__ import annotations

from nrdeck.catalog import CardDB
from nrdeck.rules.calendar.lists import list_name_warnings, nsg_name, number_in, own_lists
from tests.ids import STARTUP_BALANCE_26_05, STARTUP_BALANCE_26_09


def test_a_formats_own_lists_leave_out_the_copies_filed_for_the_classic_site(db: CardDB) -> None:
    own = [r.id for r in own_lists(db, "startup")]
    assert STARTUP_BALANCE_26_09 in own
    assert f"{STARTUP_BALANCE_26_09}_for_classic_only" in db.restrictions
    assert [r for r in own if r.endswith("_for_classic_only")] == []


def test_the_name_null_signal_games_publishes_where_netrunnerdbs_differs(db: CardDB) -> None:
    named = nsg_name(db, db.restrictions[STARTUP_BALANCE_26_05])
    assert named and named.startswith("Startup Balance Update") and named.endswith(" 26.04")
    assert nsg_name(db, db.restrictions["standard_ban_list_25_10"]) is None


def test_a_lists_number_is_the_one_players_write(db: CardDB) -> None:
    assert number_in("Standard Ban List 25.10") == "25.10"
    assert number_in(db.restrictions[STARTUP_BALANCE_26_09].name) == "26.09"


def test_the_bundled_name_table_names_only_lists_the_bundled_data_has(db: CardDB) -> None:
    assert list_name_warnings(db, db) == []
