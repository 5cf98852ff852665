"""The deck as the checks see it: copies per card with the identity apart, the side, and
problems located at the first line naming a card."""

from __future__ import annotations

from nrdeck.app.inputs.decks import read_deck_text
from nrdeck.catalog import CardDB
from nrdeck.problems import Location
from nrdeck.rules.deckbuilding import DeckContext
from nrdeck.rules.deckbuilding.context import plural
from tests.ids import ZAHYA

REINA = "reina_roja_freedom_fighter"  # an identity listed among the cards

TEXT = """Zahya Sadeghi: Versatile Smuggler
2 Sure Gamble
1 Hedge Fund
1 Sure Gamble
1 Reina Roja: Freedom Fighter
"""


def test_copies_add_up_per_card_and_the_identity_is_apart(db: CardDB) -> None:
    ctx = DeckContext.of(read_deck_text(TEXT, "deck.txt", db), db)
    assert ctx.identity is not None and ctx.identity.id == ZAHYA
    assert ctx.counts == {"sure_gamble": 3, "hedge_fund": 1}
    assert ctx.size == 4 and ctx.side == "runner"
    # another identity is never counted; it is reported on its line
    assert REINA not in ctx.counts
    assert ctx.lines[REINA] == 5
    assert ctx.with_identity() == {ZAHYA: 1, "sure_gamble": 3, "hedge_fund": 1}


def test_out_of_faction_is_another_faction_than_the_identitys(db: CardDB) -> None:
    ctx = DeckContext.of(read_deck_text(TEXT, "deck.txt", db), db)
    assert ctx.out_of_faction(db.cards["hedge_fund"])  # neutral, for a faction's identity
    assert not ctx.out_of_faction(db.cards[ZAHYA])


def test_a_problem_sits_on_the_first_line_naming_its_card(db: CardDB) -> None:
    ctx = DeckContext.of(read_deck_text(TEXT, "deck.txt", db), db)
    problem = ctx.problem("copies", "too many", "CR 1.4.7", "sure_gamble")
    assert problem.location == Location("deck.txt", 2)
    assert ctx.problem("deck-size", "too few", "CR 1.4.3").location == Location("deck.txt", None)


def test_plural() -> None:
    assert (plural(1, "copy"), plural(3, "copy"), plural(2, "card")) == (
        "1 copy",
        "3 copies",
        "2 cards",
    )
