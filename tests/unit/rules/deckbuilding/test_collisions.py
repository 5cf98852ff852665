"""Titles in another language that name several cards, decided by the format's pool on the
date: a candidate alone in the pool is the card; otherwise the ambiguous-card problem stands."""

from __future__ import annotations

import datetime as dt

from nrdeck.app.inputs.decks import read_deck_text
from nrdeck.catalog import CardDB
from nrdeck.rules.deckbuilding.collisions import settle
from tests.unit.rules.helpers import select_in_force

DAY = dt.date(2026, 10, 1)
# 'Conducto' is the Spanish title of Conduit and of Pipeline, both Runner programs: only
# Conduit is in Standard's pool; Eternal has both
TEXT = "Zahya Sadeghi: Versatile Smuggler\n3 Sure Gamble\n1 Conducto\n"


def test_the_one_candidate_in_the_pool_is_the_card(db: CardDB) -> None:
    deck = read_deck_text(TEXT, "deck.txt", db)
    assert [u.candidates for u in deck.undecided] == [("conduit", "pipeline")]
    assert [p.code for p in deck.problems] == ["ambiguous-card"]
    settled = settle(deck, db, select_in_force(db, "standard", today=DAY))
    assert settled.undecided == () and settled.problems == ()
    assert ("conduit", 1, 3) in [(e.card_id, e.quantity, e.line) for e in settled.entries]
    (reading,) = [r for r in settled.readings if r.written == "Conducto"]
    assert (reading.card_id, reading.decided_by) == ("conduit", "pool")
    assert reading.also_names == ("Pipeline",)


def test_when_the_pool_holds_both_the_problem_stands(db: CardDB) -> None:
    deck = read_deck_text(TEXT, "deck.txt", db)
    assert settle(deck, db, select_in_force(db, "eternal", today=DAY)) == deck


def test_without_a_pool_nothing_is_decided(db: CardDB) -> None:
    deck = read_deck_text(TEXT, "deck.txt", db)
    assert settle(deck, db, select_in_force(db, "casual", today=DAY)) == deck
