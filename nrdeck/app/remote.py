"""Fetching the remote decks of a run up front: each distinct link once.

``prefetch`` turns the NetrunnerDB links among a run's deck sources into loaded decks (or
the error that says why one could not be had), so a command can check them afterwards in
its own order. A link named twice (two players registering the same published decklist) is
fetched once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from nrdeck.app.decks import DeckSettings, LoadedDeck, is_remote, obtain_deck
from nrdeck.carddb import CardDB
from nrdeck.errors import RemoteDeckError

Fetched = LoadedDeck | RemoteDeckError
# Called after each link with (links done, links in all, the link just done).
LinkProgress = Callable[[int, int, str], None]


def prefetch(
    specs: Iterable[str],
    db: CardDB,
    settings: DeckSettings,
    progress: LinkProgress | None = None,
) -> dict[str, Fetched]:
    """Every distinct remote deck among ``specs``: its loaded deck, or why it is missing."""
    links = list(dict.fromkeys(s for s in specs if is_remote(s)))
    found: dict[str, Fetched] = {}
    for done, link in enumerate(links, 1):
        try:
            found[link] = obtain_deck(link, db, settings)
        except RemoteDeckError as err:
            found[link] = err
        if progress is not None:
            progress(done, len(links), link)
    return found
