"""check_deck: every problem in a deck, with its line, reading problems first; what can be judged
without an identity is still judged."""

from __future__ import annotations

from collections import Counter

from nrdeck.catalog import CardDB
from nrdeck.deck import Deck
from nrdeck.problems import Location, Problem
from nrdeck.rules import check_deck
from tests.unit.rules.helpers import check, codes, make_deck, select_in_force


def test_a_deck_with_five_problems_reports_five_with_their_lines(db: CardDB) -> None:
    lines = [(4, "Hedge Fund"), (1, "Sure Gamble"), (2, "Regenesis"), (3, "Palisade")]
    deck = make_deck(
        db,
        "Haas-Bioroid: Precision Design",
        lines,
        extra_identities=["Jinteki: Restoring Humanity"],
    )
    result = check_deck(
        deck, db, select_in_force(db, "casual", today=__import__("datetime").date(2025, 11, 1))
    )
    assert Counter(codes(result)) == Counter(
        {
            "identity-multiple": 1,
            "side-mismatch": 1,
            "deck-size": 1,
            "copies": 1,
            "no-influence-value": 1,
            "agenda-points": 1,
        }
    )
    copies = next(p for p in result.problems if p.code == "copies")
    assert copies.location == Location("deck.txt", 2) and "4 copies of Hedge Fund" in copies.message


def test_reading_problems_come_first(db: CardDB) -> None:
    reading = Problem(
        "unknown-card",
        "no card named 'Hedge Fnd' (closest: Hedge Fund)",
        location=Location("d.txt", 7),
    )
    deck = make_deck(db, "Haas-Bioroid: Precision Design", [(4, "Hedge Fund")])
    deck = Deck(deck.source, None, deck.identity, deck.entries, problems=(reading,))
    result = check_deck(
        deck, db, select_in_force(db, "casual", today=__import__("datetime").date(2025, 11, 1))
    )
    assert result.problems[0] is reading and "copies" in codes(result)


def test_without_an_identity_what_can_be_judged_is_still_reported(db: CardDB) -> None:
    result = check(db, None, [(4, "Hedge Fund"), (1, "Jackson Howard"), (1, "Cayambe Grid")])
    assert Counter(codes(result)) == Counter(
        {
            "identity-missing": 1,
            "deck-size": 1,  # below every Corp identity's minimum in Standard (40)
            "copies": 1,
            "not-in-card-pool": 1,
            "banned": 1,
            "agenda-points": 1,
        }
    )
    assert result.identity_id is None and result.side == "corp"
