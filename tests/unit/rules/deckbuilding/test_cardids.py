"""The card ids nrdeck's rules name, described once so the card data in use can be checked
for every one of them."""

from __future__ import annotations

from nrdeck.catalog import CardDB
from nrdeck.rules.deckbuilding import cardids
from nrdeck.rules.deckbuilding.cardids import rule_card_ids


def test_every_id_a_rule_compares_with_is_named_with_its_rule() -> None:
    named = rule_card_ids()
    constants = {v for k, v in vars(cardids).items() if k.isupper() and isinstance(v, str)}
    constants |= cardids.SINGLETON_IDENTITIES | cardids.STARTER_IDENTITIES
    assert constants <= set(named)
    assert (
        "Professor" in named[cardids.THE_PROFESSOR] and "influence" in named[cardids.THE_PROFESSOR]
    )


def test_every_named_id_is_a_card_of_the_bundled_data(db: CardDB) -> None:
    assert [card_id for card_id in rule_card_ids() if card_id not in db.cards] == []
