"""Use case: are two decks the same? Any sources nrdeck reads, order and printings ignored.

A DECK is a file, a NetrunnerDB link or id, '-', or one registration of a roster:
``ROSTER#PLAYER`` (the player's only deck, or their Corp deck) or ``ROSTER#PLAYER:runner``.
A jinteki.net paste alone is compared with the NetrunnerDB deck its notes name.
"""

from __future__ import annotations

from collections import Counter

import msgspec

from nrdeck.app.inputs.cards import DataSettings, load_database
from nrdeck.app.inputs.decks import DeckSettings, obtain_deck
from nrdeck.app.inputs.origin import origin_of
from nrdeck.app.inputs.roster import names_registration, registration_source
from nrdeck.app.inputs.sources import EmptySource, RefusedSource, deck_source
from nrdeck.catalog import CardDB
from nrdeck.deck import Deck
from nrdeck.errors import RemoteDeckError, UsageError
from nrdeck.results.diff import CardDelta, DeckDiff, IdentityRef


class DiffRun(msgspec.Struct, frozen=True):
    """The comparison, and what reading (or fetching) the decks and the card data had to say."""

    result: DeckDiff
    warnings: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()


def diff_run(
    a: str, b: str | None, data: DataSettings, stdin_bytes: bytes | None = None
) -> DiffRun:
    """Load the card data and both decks, and compare them (B against A).

    Without B, A is a jinteki.net paste compared with the NetrunnerDB deck its
    ``;; notes:`` line names (NetrunnerDB's jinteki.net export writes the deck's link there).
    """
    settings = DeckSettings.from_data(data, stdin_bytes=stdin_bytes)
    origin = origin_of(a, settings) if b is None else None
    b = origin.label if origin is not None else b or ""
    db = load_database(data)
    result, first, second = diff_specs(a, b, db, settings)
    said = [
        f"{p.location.source or name}: {p.code}: {p.message}"
        for name, deck in ((a, first), (b, second))
        for p in deck.problems
    ]
    notes = (f"{a} compared with {b}, the deck its ';; notes:' line names",) if origin else ()
    return DiffRun(result, (*settings.warnings.since(), *db.info.warnings, *said), notes)


def diff_specs(a: str, b: str, db: CardDB, settings: DeckSettings) -> tuple[DeckDiff, Deck, Deck]:
    """Load both decks and compare them (B against A)."""
    first, second = load_any(a, db, settings), load_any(b, db, settings)
    return compare_decks(first, second, db, a, b), first, second


def compare_decks(a: Deck, b: Deck, db: CardDB, a_label: str, b_label: str) -> DeckDiff:
    """The cards B has more of (added) and fewer of (removed) than A; identities, unless a
    deck names none (Cobra's "copy to clipboard" lists carry no identity)."""
    ours, theirs = a.counts(), b.counts()
    added = _deltas(theirs - ours, db)
    removed = _deltas(ours - theirs, db)
    unnamed = tuple(side for side, deck in (("a", a), ("b", b)) if names_no_identity(deck))
    return DeckDiff(
        a_label, b_label, identity_of(a, db), identity_of(b, db), added, removed, unnamed
    )


def names_no_identity(deck: Deck) -> bool:
    """True for a list that names no identity at all (not one whose identity is unknown)."""
    return deck.identity is None and not any(p.code == "identity-missing" for p in deck.problems)


def _deltas(counts: Counter[str], db: CardDB) -> tuple[CardDelta, ...]:
    found = [CardDelta(cid, db.cards[cid].title, n) for cid, n in counts.items() if n > 0]
    return tuple(sorted(found, key=lambda d: d.title.casefold()))


def identity_of(deck: Deck, db: CardDB) -> IdentityRef | None:
    """The deck's identity as id and title."""
    if deck.identity is None:
        return None
    return IdentityRef(deck.identity.card_id, db.cards[deck.identity.card_id].title)


def load_any(spec: str, db: CardDB, settings: DeckSettings) -> Deck:
    """A deck from a file, link, '-' or ``ROSTER#PLAYER[:side]``."""
    source = registration_source(spec) if names_registration(spec) else deck_source(spec)
    if isinstance(source, EmptySource):
        raise UsageError(f"{spec}: no deck registered there")
    if isinstance(source, RefusedSource):
        why = f"{source.reason} outside the roster's folder" if source.reason else "not a deck"
        raise UsageError(f"{spec}: the cell {source.label!r} is {why}: not read")
    try:
        return obtain_deck(source, db, settings).deck
    except RemoteDeckError as err:  # unreachable, private or unknown: exit 3, as every command
        raise type(err)(f"{spec}: {err.message}", hint=err.hint) from None
