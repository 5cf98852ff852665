"""Use case: are two decks the same? Any sources nrdeck reads, order and printings ignored.

A DECK is a file, a NetrunnerDB link or id, '-', or one registration of a roster:
``ROSTER#PLAYER`` (the player's only deck, or their Corp deck) or ``ROSTER#PLAYER:runner``.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from nrdeck.app.inputs.decks import DeckSettings, obtain_deck
from nrdeck.app.inputs.roster import read_roster
from nrdeck.app.inputs.sources import (
    DeckSource,
    EmptySource,
    ListedSource,
    RefusedSource,
    classify_cell,
    deck_source,
    is_remote,
)
from nrdeck.carddb import CardDB
from nrdeck.deck import Deck
from nrdeck.errors import RemoteDeckError, UsageError
from nrdeck.results.diff import CardDelta, DeckDiff, IdentityRef
from nrdeck.results.event import SIDES
from nrdeck.roster import RosterEntry

ROSTER_MARK = "#"


def diff_specs(a: str, b: str, db: CardDB, settings: DeckSettings) -> tuple[DeckDiff, Deck, Deck]:
    """Load both decks and compare them (B against A)."""
    first, second = load_any(a, db, settings), load_any(b, db, settings)
    return compare_decks(first, second, db, a, b), first, second


def compare_decks(a: Deck, b: Deck, db: CardDB, a_label: str, b_label: str) -> DeckDiff:
    """The cards B has more of (added) and fewer of (removed) than A; identities."""
    ours, theirs = a.counts(), b.counts()
    added = _deltas(theirs - ours, db)
    removed = _deltas(ours - theirs, db)
    return DeckDiff(a_label, b_label, identity_of(a, db), identity_of(b, db), added, removed)


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
    source = roster_entry_source(spec) if _names_roster_entry(spec) else deck_source(spec)
    if isinstance(source, EmptySource):
        raise UsageError(f"{spec}: no deck registered there")
    if isinstance(source, RefusedSource):
        why = f"{source.reason} outside the roster's folder" if source.reason else "not a deck"
        raise UsageError(f"{spec}: the cell {source.label!r} is {why}: not read")
    try:
        return obtain_deck(source, db, settings).deck
    except RemoteDeckError as err:
        raise UsageError(f"{spec}: {err.one_line()}") from None


def _names_roster_entry(spec: str) -> bool:
    """``ROSTER#PLAYER``: a '#' in what names neither a NetrunnerDB deck nor a file."""
    return ROSTER_MARK in spec and not is_remote(spec) and not Path(spec).exists()


def roster_entry_source(spec: str) -> DeckSource:
    """The deck source one registration of a roster names: ``ROSTER#PLAYER[:side]``."""
    path, _, wanted = spec.partition(ROSTER_MARK)
    player, _, side = (
        wanted.rpartition(":") if wanted.endswith((":corp", ":runner")) else (wanted, "", "")
    )
    roster = read_roster(Path(path))
    key = " ".join(player.casefold().split())
    entry = next((e for e in roster.entries if " ".join(e.player.casefold().split()) == key), None)
    if entry is None:
        names = ", ".join(e.player for e in roster.entries[:10])
        raise UsageError(f"{path}: no player called {player!r}", hint=f"players: {names}")
    return _entry_source(entry, side, spec, roster.folder)


def _entry_source(entry: RosterEntry, side: str, spec: str, folder: Path) -> DeckSource:
    if side == "" and entry.unsided:
        return ListedSource(entry.unsided[0], spec)
    cells = {"corp": entry.corp, "runner": entry.runner}
    lists = [c for c in (cells[s] for s in ((side,) if side else SIDES)) if not c.empty]
    if not lists:
        raise UsageError(f"{spec}: no {side or 'deck'} registered for {entry.player}")
    return classify_cell(lists[0], folder, text_label=spec)
