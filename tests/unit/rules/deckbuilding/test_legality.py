"""Pool, release dates and ban-list mechanics on a deck (docs/reference/legality.md §4)."""

from __future__ import annotations

import datetime as dt

from nrdeck.catalog import CardDB
from nrdeck.rules import check_deck
from tests.ids import STANDARD_BALANCE_26_08
from tests.unit.rules.decks import (
    LOUD_PE_2024,
    check_on,
    read,
)
from tests.unit.rules.helpers import card_id, check, codes, make_deck, select_in_force

D = dt.date.fromisoformat


# -- the Loud PE list and the default date (§4) ---------------------------------------
def test_the_2024_loud_pe_list_was_legal_at_worlds_and_sting_is_banned_today(
    db: CardDB,
) -> None:
    deck = read(db, LOUD_PE_2024)
    assert codes(check_on(db, deck, "2024-10-19")) == []
    from nrdeck.rules import check_deck

    today = D("2026-11-23")
    default = check_deck(deck, db, select_in_force(db, "standard", today=today))
    banned = [p for p in default.problems if p.code == "banned"]
    assert [p.cards for p in banned] == [("sting",)]
    assert banned[0].rule == db.restrictions[STANDARD_BALANCE_26_08].name  # from 2026-08-01
    # the data still marks 26.03 active: asked for, that is the list used, never by default
    active = check_deck(deck, db, select_in_force(db, "standard", today=today, banlist_id="active"))
    assert [p.rule for p in active.problems if p.code == "banned"] == ["Standard Ban List 26.03"]
    assert default.period.restriction_id == STANDARD_BALANCE_26_08


def test_the_identity_counts_for_points_and_restricted_cards(db: CardDB) -> None:
    ci = "Cerebral Imaging: Infinite Frontiers"
    eternal = check(db, ci, [(3, "Hedge Fund")], "eternal")
    assert [c.card_id for c in eternal.stats.points_breakdown] == [card_id(db, ci)]
    assert eternal.stats.points == 3 and eternal.stats.point_limit == 7  # Eternal Points List 25.07
    unleashed = card_id(db, "Jinteki: Potential Unleashed")
    restricted = db.restrictions["napd_mwl_2_2"].restricted - {unleashed}
    other = sorted(cid for cid in restricted if db.cards[cid].faction == "jinteki")[0]
    result = check(db, db.cards[unleashed].title, [(1, db.cards[other].title)], on="2018-10-01")
    problem = next(p for p in result.problems if p.code == "restricted")
    assert set(problem.cards) == {unleashed, other} and problem.rule == "NAPD MWL 2.2"


def test_a_banned_subtype_bans_every_card_of_it_even_when_not_listed(db: CardDB) -> None:

    import msgspec

    from nrdeck.rules.calendar.inforce import make_in_force

    day = dt.date(2024, 10, 19)
    listed = select_in_force(db, "standard", today=day, as_of=day)
    assert listed.restriction is not None and listed.restriction.banned_subtypes == {"current"}
    only_subtype = msgspec.structs.replace(listed.restriction, banned=frozenset())
    in_force = make_in_force(
        db,
        listed.period,
        card_pool_id=listed.card_pool_id,
        restriction=only_subtype,
        date=listed.date,
        extras=listed.extras,
        pool_sets=listed.pool_sets,
    )
    deck = make_deck(db, "Haas-Bioroid: Precision Design", [(1, "Kill Switch"), (1, "Hedge Fund")])
    banned = [p for p in check_deck(deck, db, in_force).problems if p.code == "banned"]
    assert [p.cards for p in banned] == [("kill_switch",)] and "every current" in banned[0].message
