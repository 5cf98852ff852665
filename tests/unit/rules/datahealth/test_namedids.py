"""Ids nrdeck's rules and tables name, against the bundled data (docs/reference/legality.md §4, ids
that move)."""

from __future__ import annotations

from nrdeck.catalog import CardDB
from nrdeck.rules.datahealth.namedids import (
    missing_named_ids,
    named_card_ids,
    named_restriction_ids,
)


def test_every_id_nrdeck_names_is_in_the_bundled_data(db: CardDB) -> None:
    assert missing_named_ids(db, db) == []
    assert all(card_id in db.cards for card_id in named_card_ids(db))
    assert all(list_id in db.restrictions for list_id in named_restriction_ids(db))


def test_each_moved_id_is_the_same_printings_under_the_new_id(db: CardDB) -> None:
    moved = db.tables.moved_ids.cards
    assert len(moved) == 3
    for entry in moved:
        assert entry.old not in db.cards and entry.new in db.cards
        assert [p.code for p in db.printings_of(entry.new)] == list(entry.printings)
        card = db.card_by_id(entry.old)
        assert card is not None and card.id == entry.new
