"""Fetching the remote decks of a run up front: each distinct link once, a few at a time.

``prefetch`` turns the NetrunnerDB links among a run's deck sources into loaded decks (or
the error that says why one could not be had), so a command can check them afterwards in
its own order. A link named twice (two players registering the same published decklist) is
fetched once. Up to ``jobs`` links are fetched at once, each worker with its own HTTP
session; a cached deck is revalidated (a 304 when unchanged); a ``Retry-After`` holds every
worker; and once NetrunnerDB is found unreachable, the links not yet asked come from their
cached copies at once, so a hung server costs one timeout per run. A link whose fetching
met a bug is left out: reading it again, the caller meets the bug on that deck alone.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from nrdeck.app.inputs.decks import DeckSettings, LoadedDeck, obtain_deck
from nrdeck.app.inputs.sources import DeckSource, RemoteSource
from nrdeck.catalog import CardDB
from nrdeck.decklist.deck_ref import DeckRef
from nrdeck.errors import RemoteDeckError

Fetched = LoadedDeck | RemoteDeckError
# Called after each link with (links done, links in all, the link just done).
LinkProgress = Callable[[int, int, str], None]
DEFAULT_JOBS = 8


def prefetch(
    sources: Iterable[DeckSource],
    db: CardDB,
    settings: DeckSettings,
    progress: LinkProgress | None = None,
    *,
    jobs: int = DEFAULT_JOBS,
) -> dict[DeckRef, Fetched]:
    """Every distinct remote deck among ``sources``: its loaded deck, or why it is missing.

    Keyed by the deck's reference: a link and the UUID of the same deck are fetched once.
    """
    by_ref: dict[DeckRef, RemoteSource] = {}
    for source in sources:
        if isinstance(source, RemoteSource):
            by_ref.setdefault(source.ref, source)
    links = list(by_ref.values())
    if not links:
        return {}
    from nrdeck.http.workers import map_concurrently  # the gateway to the network stack

    done: list[str] = []

    def fetch(link: RemoteSource) -> Fetched | None:
        try:
            return obtain_deck(link, db, settings)
        except RemoteDeckError as err:
            return err
        except Exception:  # a bug: left out, for the caller's guarded reading to meet alone
            return None

    def report(link: RemoteSource, _: Fetched | None) -> None:
        done.append(link.label)
        if progress is not None:
            progress(len(done), len(links), link.label)

    found = map_concurrently(
        links,
        fetch,
        jobs=jobs,
        settings=settings.http,
        pacing=settings.reachability.pacing,
        on_done=report,
    )
    return {link.ref: got for link, got in zip(links, found, strict=True) if got is not None}
