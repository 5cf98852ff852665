"""NetrunnerDB deck links and ids: fetched from the v2 API, cached, revalidated, served offline.

The only decklist module that does network or cache I/O, through ``nrdeck.http``: the
answers are kept in the conditional cache (``nrdeck.http.conditional``), so an unchanged deck
costs a 304 and no download. A deck served from its cached copy because NetrunnerDB could not
be asked says so (``FetchedDeck.cached``): the copy's date and why it was not fetched. A copy
an older nrdeck cached (``<kind>-<id>.json``) is still read when no other is had. A damaged
cached copy is fetched again, with a warning told to ``RemoteSettings.warnings``; offline, or
when NetrunnerDB cannot be asked, the error says the copy is damaged.
"""

from __future__ import annotations

import contextlib
import datetime as dt
from pathlib import Path
from typing import TYPE_CHECKING

import msgspec
from msgspec import field

from nrdeck.decklist.deck_ref import DeckRef
from nrdeck.decklist.reachability import Reachability
from nrdeck.decklist.reading import MAX_BYTES
from nrdeck.errors import DeckNotFoundError, DeckPrivateError, RemoteDeckError
from nrdeck.http import DEFAULT_V2_URL, Answer, HttpSettings, RunWarnings, TransferError
from nrdeck.http.conditional import ConditionalCache, Damaged, FolderStore, Kept
from nrdeck.jsondepth import JsonTooDeep, require_shallow
from nrdeck.results.check import CachedCopy

if TYPE_CHECKING:
    from nrdeck.http.client import HttpClient

MAX_DECK_BYTES = MAX_BYTES  # a deck's answer is read up to a deck file's limit


class RemoteSettings(msgspec.Struct, frozen=True):
    """Where and how to fetch remote decks (``warnings``: told of a damaged cached copy)."""

    v2_url: str = DEFAULT_V2_URL
    cache_dir: Path | None = None
    offline: bool = False
    http: HttpSettings = field(default_factory=HttpSettings)
    reachability: Reachability = field(default_factory=Reachability)
    warnings: RunWarnings = field(default_factory=RunWarnings)


class FetchedDeck(msgspec.Struct, frozen=True):
    """The JSON text of a remote deck, where it came from, and the cached copy it came from."""

    text: str
    url: str
    cached: CachedCopy | None = None


class OlderCopy(msgspec.Struct, frozen=True):
    """A deck answer as an older nrdeck cached it (``<kind>-<id>.json``): read, never written."""

    answer: msgspec.Raw
    nrdeck_cached_deck: int = 1  # marks the envelope: still older caches hold the bare answer

    @property
    def text(self) -> str:
        """The answer's JSON text."""
        return bytes(self.answer).decode("utf-8", "replace")


def deck_url(v2_url: str, kind: str, deck_id: str) -> str:
    """The v2 API URL of a deck or decklist."""
    return f"{v2_url.rstrip('/')}/{kind}/{deck_id}"


def decks_folder(cache_dir: Path) -> Path:
    """Where remote decks are cached."""
    return cache_dir / "v1" / "decks"


def cache_path(cache_dir: Path, kind: str, deck_id: str, v2_url: str = DEFAULT_V2_URL) -> Path:
    """Where a fetched deck answer is cached (the conditional cache's entry of its URL)."""
    path = FolderStore(decks_folder(cache_dir)).path(deck_url(v2_url, kind, deck_id))
    assert path is not None
    return path


def older_cache_path(cache_dir: Path, kind: str, deck_id: str) -> Path:
    """Where an older nrdeck cached a deck answer."""
    return decks_folder(cache_dir) / f"{kind}-{deck_id}.json"


def _cache(settings: RemoteSettings) -> ConditionalCache:
    folder = decks_folder(settings.cache_dir) if settings.cache_dir else None
    return ConditionalCache(FolderStore(folder), warn=settings.warnings.add)


def fetch_deck(ref: DeckRef, settings: RemoteSettings) -> FetchedDeck:
    """The deck's v2 JSON: from NetrunnerDB (then cached), or from the cache when offline."""
    if settings.offline:
        cached = _first_cached(ref, settings, "--offline: not fetched")
        if isinstance(cached, Damaged):
            raise RemoteDeckError(
                f"the cached copy of deck {ref.id} is damaged ({cached.said}) and --offline "
                "forbids fetching it again",
                hint="run once without --offline to fetch it again",
            )
        if cached is None:
            raise RemoteDeckError(
                f"deck {ref.id} is not in the cache and --offline forbids fetching it",
                hint="run once without --offline to cache it",
            )
        return cached
    if settings.reachability.is_down:
        earlier = settings.reachability.down_reason
        return _fallback(ref, settings, f"not fetched: earlier in this run, {earlier}")
    from nrdeck.http.workers import using_client  # the gateway to the network stack

    cache = _cache(settings)
    with using_client(settings.http, settings.reachability.pacing) as client:
        for kind in ref.kinds:
            found = _fetch_kind(client, cache, kind, ref, settings)
            if found is not None:
                return found
    raise DeckNotFoundError(
        f"NetrunnerDB has no deck or decklist {ref.id} (unknown id)",
        hint="check the link; private decks need their owner to enable sharing",
    )


def _fetch_kind(
    client: HttpClient, cache: ConditionalCache, kind: str, ref: DeckRef, settings: RemoteSettings
) -> FetchedDeck | None:
    """The deck as a ``kind``; None when the id is unknown there; a cached copy on failure."""
    url = deck_url(settings.v2_url, kind, ref.id)
    try:
        fetched = cache.get(client, url, max_bytes=MAX_DECK_BYTES, accept=_worth_keeping)
    except TransferError as err:
        return _failed(ref, settings, url, err)
    if fetched.revalidated:
        return FetchedDeck(fetched.body.decode("utf-8", "replace"), url)
    answer = fetched.answer
    if answer.status == 403:
        raise DeckPrivateError(
            f"deck {ref.id} is private: NetrunnerDB answered 403 Forbidden",
            hint="its owner must enable 'share decks', or publish it as a decklist",
        )
    if answer.status == 404:
        return None
    if answer.status != 200:  # after the retries: NetrunnerDB is in trouble
        reason = f"NetrunnerDB answered HTTP {answer.status} for {url}"
        settings.reachability.mark_down(reason)
        return _fallback(ref, settings, reason)
    text = _usable(answer.body, url)
    if text is not None and settings.cache_dir is not None:
        with contextlib.suppress(OSError):  # the copy an older nrdeck kept is superseded
            older_cache_path(settings.cache_dir, kind, ref.id).unlink(missing_ok=True)
    return None if text is None else FetchedDeck(text, url)


def _worth_keeping(answer: Answer) -> bool:
    """A deck answer nrdeck can read (not one saying the id is unknown)."""
    try:
        return _usable(answer.body, answer.url) is not None
    except RemoteDeckError:
        return False


def _failed(ref: DeckRef, settings: RemoteSettings, url: str, err: TransferError) -> FetchedDeck:
    """The cached copy after a failed request; an unreachable server is not asked again."""
    if err.timed_out:
        reason = f"NetrunnerDB {err.reason} for {url}"
    elif err.unreachable:
        reason = f"could not reach NetrunnerDB for {url}: {err.reason}"
    else:
        reason = f"NetrunnerDB's answer for {url} was refused: {err.reason}"
    if err.unreachable:
        settings.reachability.mark_down(reason)
    return _fallback(ref, settings, reason)


def _usable(body: bytes, url: str) -> str | None:
    """The answer's text; None when it says the id is unknown (v2 answers 200 for that)."""
    try:
        require_shallow(body)
        doc = msgspec.json.decode(body)
    except (msgspec.DecodeError, RecursionError):
        raise RemoteDeckError(
            f"NetrunnerDB sent an answer that is not JSON nrdeck can read for {url}",
            hint="try again later",
        ) from None
    if isinstance(doc, dict) and (doc.get("success") is False or doc.get("data") == []):
        return None
    return body.decode("utf-8", "replace")


def _fallback(ref: DeckRef, settings: RemoteSettings, reason: str) -> FetchedDeck:
    cached = _first_cached(ref, settings, reason)
    if isinstance(cached, Damaged):
        reason = f"{reason}; its cached copy is damaged ({cached.said})"
    if not isinstance(cached, FetchedDeck):
        raise RemoteDeckError(reason, hint="check the connection, or retry later")
    return cached


def _first_cached(
    ref: DeckRef, settings: RemoteSettings, reason: str
) -> FetchedDeck | Damaged | None:
    """The cached copy of the deck, if any, marked with its date and why it is used (else a
    damaged copy: why there is none)."""
    if settings.cache_dir is None:
        return None
    cache = _cache(settings)
    damaged = None
    for kind in ref.kinds:
        url = deck_url(settings.v2_url, kind, ref.id)
        kept = cache.kept(url, MAX_DECK_BYTES)
        if isinstance(kept, Kept) and kept.body is not None and kept.date is not None:
            text = kept.body.decode("utf-8", "replace")
            return FetchedDeck(text, url, CachedCopy(kept.date, reason))
        damaged = kept if isinstance(kept, Damaged) else damaged
        older = _older_copy(older_cache_path(settings.cache_dir, kind, ref.id))
        if older is not None:
            text, when = older
            return FetchedDeck(text, url, CachedCopy(when, reason))
    return damaged


def _older_copy(path: Path) -> tuple[str, dt.date] | None:
    """A deck answer an older nrdeck cached, and its date (None when absent or unreadable)."""
    try:
        with path.open("rb") as handle:
            raw = handle.read(MAX_DECK_BYTES + 4096)
        when = dt.datetime.fromtimestamp(path.stat().st_mtime, dt.timezone.utc).date()
    except OSError:
        return None
    try:
        require_shallow(raw)
        return msgspec.json.decode(raw, type=OlderCopy).text, when
    except JsonTooDeep:
        return None
    except (msgspec.DecodeError, RecursionError):
        pass
    try:  # the bare answer, as a still older nrdeck cached it
        msgspec.json.decode(raw)
    except (msgspec.DecodeError, RecursionError):
        return None
    return raw.decode("utf-8", "replace"), when
