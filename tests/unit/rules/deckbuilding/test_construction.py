"""Construction rules (docs/reference/legality.md §1, CR 1.4): the agenda-point band, copies, the
identity named again."""

from __future__ import annotations

from collections import Counter

import pytest

from nrdeck.catalog import CardDB
from nrdeck.rules.deckbuilding.construction import agenda_band
from tests.unit.rules.decks import (
    IDENTITY_AGAIN,
    check_on,
    read,
)
from tests.unit.rules.helpers import card_id, check, codes


def cr_band(cards: int) -> tuple[int, int]:
    """CR 1.4.6 a-d, as printed."""
    if cards <= 44:
        low = 18
    elif cards <= 49:
        low = 20
    elif cards <= 54:
        low = 22
    else:
        low = 22 + 2 * ((cards - 50) // 5)
    return low, low + 1


@pytest.mark.parametrize("cards", range(40, 101))
def test_agenda_band_matches_the_comprehensive_rules(cards: int) -> None:
    assert agenda_band(cards) == cr_band(cards)


def test_agenda_band_uses_the_actual_card_count(db: CardDB) -> None:
    # 36 cards under a 40-card minimum: deck-size, and the band for 36 (16-17), not for 40.
    lines = [(3, "Hedge Fund")] * 1 + [(3, "Send a Message"), (3, "Offworld Office")]
    result = check(db, "Haas-Bioroid: Precision Design", [*lines, (27, "Palisade")], "casual")
    assert result.stats.cards == 36 and result.stats.agenda_band == (16, 17)
    assert result.stats.agenda_points == 15
    assert Counter(codes(result)) == Counter({"deck-size": 1, "agenda-points": 1, "copies": 1})


def test_six_copy_cards_and_limit_one_cards(db: CardDB) -> None:
    kate = 'Kate "Mac" McCaffrey: Digital Tinker'
    assert "copies" not in codes(check(db, kate, [(6, "Matryoshka")], "casual"))
    assert "copies" in codes(check(db, kate, [(7, "Matryoshka")], "casual"))
    limit_one = next(c for c in db.cards.values() if c.deck_limit == 1 and c.type == "agenda")
    corp = check(db, "Haas-Bioroid: Precision Design", [(2, limit_one.title)], "casual")
    assert "copies" in codes(corp) or "no-influence-value" in codes(corp)


def test_an_identity_listed_among_the_cards_is_not_counted_and_is_reported(db: CardDB) -> None:
    listed = "Jinteki: Restoring Humanity"
    result = check(db, "Haas-Bioroid: Precision Design", [(3, "Hedge Fund"), (1, listed)], "casual")
    assert result.stats.cards == 3
    problem = next(p for p in result.problems if p.code == "identity-multiple")
    assert problem.cards == (card_id(db, listed),)
    assert problem.location.line == 3


# -- the deck's identity named again (§1) ---------------------------------------------
def test_the_identity_named_again_as_a_deck_card_is_identity_multiple(db: CardDB) -> None:
    deck = read(db, IDENTITY_AGAIN)
    assert [e.quantity for e in deck.extra_identities] == [3]
    result = check_on(db, deck, "2025-11-01", "casual")
    (problem,) = [p for p in result.problems if p.code == "identity-multiple"]
    assert problem.line == 3
    assert problem.message.startswith(f"{result.identity_title}, the deck's identity")
    assert "listed again" in problem.message
    assert "(3 copies)" in problem.message and result.stats.cards == 3


def test_the_identity_named_twice_by_a_format_is_one_identity(db: CardDB) -> None:
    from nrdeck.app.inputs.decks import read_deck_text

    text = (
        ";; identity: Weyland Consortium: Building a Better World\n;; identity-code: 01093\n"
        "3 Hedge Fund\n"
    )
    deck = read_deck_text(text, "deck.txt", db, "jinteki")
    assert deck.identity is not None and deck.extra_identities == ()
