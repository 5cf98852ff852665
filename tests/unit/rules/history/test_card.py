"""A card's history (docs/reference/legality.md §7): per format, when it was in the pool, banned or
restricted, with the list that said so; its printings."""

from __future__ import annotations

import datetime as dt

from nrdeck.catalog import CardDB
from nrdeck.rules.history.card import card_intervals, card_printings
from tests.ids import STANDARD_BALANCE_26_08

D = dt.date.fromisoformat


# -- a card's history -----------------------------------------------------------------
def test_astroscript_history_in_standard_and_eternal(db: CardDB) -> None:
    standard = card_intervals(db, "astroscript_pilot_program", "standard", "casual")
    assert [(i.start, i.end, i.status) for i in standard] == [
        (D("2012-09-06"), D("2016-02-01"), "legal"),
        (D("2016-02-01"), D("2016-08-01"), "legal"),
        (D("2016-08-01"), D("2017-10-01"), "legal"),
        (D("2017-10-01"), None, "not-in-pool"),
    ]
    penalty = standard[1].penalty
    assert penalty is not None and (penalty.kind, penalty.amount) == ("global_penalty", 1)
    assert standard[1].restriction_id == "napd_mwl_1_0"
    eternal = card_intervals(db, "astroscript_pilot_program", "eternal", "casual")
    assert [(i.start, i.status, i.points, i.restriction_id) for i in eternal][-3:] == [
        (D("2025-04-04"), "points", 1, "eternal_points_list_25_04"),
        (D("2025-07-31"), "points", 1, "eternal_points_list_25_07"),
        (D("2026-03-02"), "points", 1, "eternal_points_list_26_03"),
    ]


def test_a_banned_card_names_the_list_and_legal_stretches_merge_across_lists(
    db: CardDB,
) -> None:
    sting = card_intervals(db, "sting", "standard", "casual")
    assert (sting[-1].status, sting[-1].restriction_id, sting[-1].end) == (
        "banned",
        STANDARD_BALANCE_26_08,
        None,
    )
    first_ban = next(i for i in sting if i.status == "banned")
    assert (first_ban.start, first_ban.restriction_id) == (
        D("2025-10-03"),
        "standard_ban_list_25_10",
    )
    legal = [i for i in sting if i.status == "legal"]
    assert len(legal) == 1 and legal[0].restriction_id is None


def test_printings_are_oldest_first_with_their_release_dates(db: CardDB) -> None:
    hedge = card_printings(db, "hedge_fund")
    assert [p.code for p in hedge] == ["01110", "20132", "25146", "30075"]
    assert hedge[1].set_id == "revised_core_set" and hedge[1].date == D("2017-12-14")
    # legal from the 2017 rotation all the same (a correction): the format history says so
    standard = card_intervals(db, "hedge_fund", "standard", "casual")
    assert all(i.status == "legal" for i in standard)
