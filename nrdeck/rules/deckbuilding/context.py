"""The deck as the checks see it: cards by id, copies, identity, and a problem builder."""

from __future__ import annotations

from collections import Counter

import msgspec

from nrdeck.catalog import CardDB
from nrdeck.catalog.records import Card
from nrdeck.deck import Deck
from nrdeck.problems import Location, Problem

DRAFT_SET = "draft"
CASUAL = "casual"


class DeckContext(msgspec.Struct, frozen=True):
    """A resolved deck with its cards looked up once."""

    deck: Deck
    db: CardDB
    identity: Card | None
    counts: dict[str, int]  # copies per known card id, identity excluded, in deck order
    cards: dict[str, Card]
    lines: dict[str, int | None]  # the first source line naming each card
    stray_identities: tuple[str, ...] = ()  # identity cards listed among the cards

    @classmethod
    def of(cls, deck: Deck, db: CardDB) -> DeckContext:
        """Look the deck's cards up in the database (unknown ids are skipped)."""
        counts: Counter[str] = Counter()
        lines: dict[str, int | None] = {}
        known = db.cards
        stray: list[str] = []
        for entry in deck.entries:
            card = known.get(entry.card_id)
            if card is None:
                continue
            lines.setdefault(entry.card_id, entry.line)
            if card.is_identity:  # not part of the deck (CR 1.4.3a): reported as an identity
                stray.append(entry.card_id)
            else:
                counts[entry.card_id] += entry.quantity
        for extra in deck.extra_identities:
            lines.setdefault(extra.card_id, extra.line)
        if deck.identity is not None:
            lines[deck.identity.card_id] = deck.identity.line
        identity = known.get(deck.identity.card_id) if deck.identity else None
        cards = {card_id: known[card_id] for card_id in counts}
        return cls(deck, db, identity, dict(counts), cards, lines, tuple(stray))

    @property
    def size(self) -> int:
        """Cards in the deck, identity excluded."""
        return sum(self.counts.values())

    @property
    def side(self) -> str | None:
        """The identity's side, else the side every card shares (None when unknown)."""
        if self.identity is not None:
            return self.identity.side
        sides = {card.side for card in self.cards.values()}
        return sides.pop() if len(sides) == 1 else None

    @property
    def is_draft_identity(self) -> bool:
        """True for the 'Draft format only' identities (set ``draft``)."""
        return self.identity is not None and self.db.sets_of(self.identity.id) == {DRAFT_SET}

    def out_of_faction(self, card: Card) -> bool:
        """True when the card's faction differs from the identity's (neutral included)."""
        return self.identity is not None and card.faction != self.identity.faction

    def faction_name(self, faction_id: str) -> str:
        """'Haas-Bioroid' for 'haas_bioroid' (the id when the data has no name)."""
        faction = self.db.factions.get(faction_id)
        return faction.name if faction else faction_id

    def with_identity(self) -> dict[str, int]:
        """Copies per card id with the identity counted once (for restriction mechanics)."""
        if self.identity is None:
            return self.counts
        return {self.identity.id: 1, **self.counts}

    def card_or_identity(self, card_id: str) -> Card:
        """The card, looked up in the deck first."""
        return self.cards.get(card_id) or self.db.cards[card_id]

    def problem(self, code: str, message: str, rule: str, *card_ids: str) -> Problem:
        """A problem located at the first line naming the first card (or the deck)."""
        first = card_ids[0] if card_ids else None
        line = self.lines.get(first) if first in self.lines else None
        if first is not None and first not in self.lines:
            line = self.deck.first_line(first)
        return Problem(
            code=code,
            message=message,
            rule=rule,
            cards=tuple(card_ids),
            location=Location(self.deck.source, line),
        )


def plural(count: int, word: str) -> str:
    """'1 copy', '3 copies', '2 cards'."""
    if count == 1:
        return f"{count} {word}"
    if word.endswith("y") and word[-2:] not in ("ay", "ey", "oy"):
        return f"{count} {word[:-1]}ies"
    return f"{count} {word}s"
