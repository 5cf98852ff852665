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

from nrdeck.app.inputs.decks import DeckSettings, LoadedDeck, is_remote, obtain_deck
from nrdeck.carddb import CardDB
from nrdeck.errors import RemoteDeckError

Fetched = LoadedDeck | RemoteDeckError
# Called after each link with (links done, links in all, the link just done).
LinkProgress = Callable[[int, int, str], None]
DEFAULT_JOBS = 8


def prefetch(
    specs: Iterable[str],
    db: CardDB,
    settings: DeckSettings,
    progress: LinkProgress | None = None,
    *,
    jobs: int = DEFAULT_JOBS,
) -> dict[str, Fetched]:
    """Every distinct remote deck among ``specs``: its loaded deck, or why it is missing."""
    links = list(dict.fromkeys(s for s in specs if is_remote(s)))
    if not links:
        return {}
    from nrdeck.http.workers import map_concurrently  # the gateway to the network stack

    done: list[str] = []

    def fetch(link: str) -> Fetched | None:
        try:
            return obtain_deck(link, db, settings)
        except RemoteDeckError as err:
            return err
        except Exception:  # a bug: left out, for the caller's guarded reading to meet alone
            return None

    def report(link: str, _: Fetched | None) -> None:
        done.append(link)
        if progress is not None:
            progress(len(done), len(links), link)

    found = map_concurrently(
        links,
        fetch,
        jobs=jobs,
        settings=settings.http,
        pacing=settings.reachability.pacing,
        on_done=report,
    )
    return {link: got for link, got in zip(links, found, strict=True) if got is not None}
