"""Titles in another language that name several cards, decided by the format's pool.

Resolution decides what the list's language and the deck's side can (``nrdeck.resolve``);
a title still naming several cards is an ``ambiguous-card`` problem, kept with its
candidates. Here, once the format and date are known, a candidate alone in the pool on that
date is the card, and the problem goes; otherwise it stands, naming the candidates.
"""

from __future__ import annotations

from msgspec.structs import replace

from nrdeck.catalog import CardDB
from nrdeck.deck import Deck, DeckEntry, TitleReading, Undecided
from nrdeck.rules.calendar import InForce

BY_POOL = "pool"  # what decided a collision the list's language and the deck's side did not


def settle(deck: Deck, db: CardDB, in_force: InForce) -> Deck:
    """The deck with each undecided line the pool on the date decides placed in it."""
    available = in_force.lookups.available
    if not deck.undecided or available is None:
        return deck
    decided: list[tuple[Undecided, str]] = []
    for undecided in deck.undecided:
        inside = [c for c in undecided.candidates if c in available]
        if len(inside) == 1:
            decided.append((undecided, inside[0]))
    if not decided:
        return deck
    identity, entries, extra = deck.identity, list(deck.entries), list(deck.extra_identities)
    for undecided, card_id in decided:
        line = undecided.line
        entry = DeckEntry(card_id, line.quantity, line.line)
        if not db.cards[card_id].is_identity:
            entries.append(entry)
        elif identity is None:
            identity = entry
        else:
            extra.append(entry)
    settled = {id(u) for u, _ in decided}
    gone = {id(u.problem) for u, _ in decided}
    readings = [
        *deck.readings,
        *(
            TitleReading(
                u.line.line,
                u.written,
                c,
                db.cards[c].title,
                u.language,
                tuple(db.cards[o].title for o in u.candidates if o != c),
                BY_POOL,
            )
            for u, c in decided
        ),
    ]
    return replace(
        deck,
        identity=identity,
        entries=tuple(sorted(entries, key=_by_line)),
        extra_identities=tuple(extra),
        problems=tuple(p for p in deck.problems if id(p) not in gone),
        readings=tuple(sorted(readings, key=_by_line)),
        undecided=tuple(u for u in deck.undecided if id(u) not in settled),
    )


def _by_line(item: DeckEntry | TitleReading) -> tuple[bool, int]:
    return (item.line is None, item.line or 0)
