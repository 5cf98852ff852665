"""NetrunnerDB deck links and ids: fetched from the v2 API, cached, served offline.

The only decklist module that does network or cache I/O, through ``nrdeck.http`` (which
imports requests only when a session is made). A deck served from the cache says so
(``FetchedDeck.cached``): the copy's date and why it was not fetched.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import msgspec
from msgspec import field

from nrdeck.atomic import write_atomic
from nrdeck.decklist.deck_ref import DEFAULT_V2_URL, DeckRef
from nrdeck.decklist.reachability import Reachability
from nrdeck.errors import DeckNotFoundError, DeckPrivateError, RemoteDeckError
from nrdeck.http import HttpSettings, make_session
from nrdeck.results.check import CachedCopy

if TYPE_CHECKING:
    import requests


class RemoteSettings(msgspec.Struct, frozen=True):
    """Where and how to fetch remote decks."""

    v2_url: str = DEFAULT_V2_URL
    cache_dir: Path | None = None
    offline: bool = False
    http: HttpSettings = field(default_factory=HttpSettings)
    reachability: Reachability = field(default_factory=Reachability)


class FetchedDeck(msgspec.Struct, frozen=True):
    """The JSON text of a remote deck, where it came from, and the cached copy it came from."""

    text: str
    url: str
    cached: CachedCopy | None = None


def cache_path(cache_dir: Path, kind: str, deck_id: str) -> Path:
    """Where a fetched deck answer is cached."""
    return cache_dir / "v1" / "decks" / f"{kind}-{deck_id}.json"


def fetch_deck(ref: DeckRef, settings: RemoteSettings) -> FetchedDeck:
    """The deck's v2 JSON: from NetrunnerDB (then cached), or from the cache when offline."""
    if settings.offline:
        cached = _first_cached(ref, settings, "--offline: not fetched")
        if cached is None:
            raise RemoteDeckError(
                f"deck {ref.id} is not in the cache and --offline forbids fetching it",
                hint="run once without --offline to cache it",
            )
        return cached
    if settings.reachability.is_down:
        earlier = settings.reachability.down_reason
        return _fallback(ref, settings, f"not fetched: earlier in this run, {earlier}")
    with make_session(settings.http) as session:
        for kind in ref.kinds:
            url = f"{settings.v2_url.rstrip('/')}/{kind}/{ref.id}"
            text = _get(session, url, ref, settings)
            if text is None:
                continue
            if isinstance(text, FetchedDeck):
                return text
            _store(settings.cache_dir, kind, ref.id, text)
            return FetchedDeck(text, url)
    raise DeckNotFoundError(
        f"NetrunnerDB has no deck or decklist {ref.id} (unknown id)",
        hint="check the link; private decks need their owner to enable sharing",
    )


def _get(
    session: requests.Session, url: str, ref: DeckRef, settings: RemoteSettings
) -> str | FetchedDeck | None:
    """The answer's text; None when the id is unknown there; a cached copy on failure."""
    import requests

    http = settings.http
    timeout = (http.connect_timeout, http.read_timeout)
    try:
        response = session.get(url, timeout=timeout)
    except requests.RequestException as err:
        if _is_timeout(err):
            limit = f"{http.connect_timeout:g}s to connect, {http.read_timeout:g}s to read"
            reason = f"NetrunnerDB timed out for {url} ({limit})"
        else:
            reason = f"could not reach NetrunnerDB for {url} ({type(err).__name__})"
        settings.reachability.mark_down(reason)
        return _fallback(ref, settings, reason)
    if response.status_code == 403:
        raise DeckPrivateError(
            f"deck {ref.id} is private: NetrunnerDB answered 403 Forbidden",
            hint="its owner must enable 'share decks', or publish it as a decklist",
        )
    if response.status_code == 404:
        return None
    if response.status_code != 200:  # after the retries: NetrunnerDB is in trouble
        reason = f"NetrunnerDB answered HTTP {response.status_code} for {url}"
        settings.reachability.mark_down(reason)
        return _fallback(ref, settings, reason)
    return _usable(response.text, url)


def _is_timeout(err: BaseException) -> bool:
    """True for timeouts, also when urllib3's retries wrap them in a ConnectionError."""
    import requests
    from urllib3.exceptions import NewConnectionError
    from urllib3.exceptions import TimeoutError as Urllib3Timeout

    seen: BaseException | None = err
    for _ in range(6):
        # urllib3 makes a refused connection a subclass of its connect timeout
        if seen is None or isinstance(seen, NewConnectionError):
            return False
        if isinstance(seen, (requests.Timeout, Urllib3Timeout, TimeoutError)):
            return True
        reason = getattr(seen.args[0], "reason", None) if seen.args else None
        seen = (
            reason
            if isinstance(reason, BaseException)
            else (seen.args[0] if seen.args and isinstance(seen.args[0], BaseException) else None)
        )
    return False


def _usable(text: str, url: str) -> str | None:
    try:
        doc: Any = json.loads(text)
    except (ValueError, RecursionError):  # not JSON, nested too deeply, a number too long
        raise RemoteDeckError(
            f"NetrunnerDB sent an answer that is not JSON nrdeck can read for {url}",
            hint="try again later",
        ) from None
    if isinstance(doc, dict) and (doc.get("success") is False or doc.get("data") == []):
        return None
    return text


def _fallback(ref: DeckRef, settings: RemoteSettings, reason: str) -> FetchedDeck:
    cached = _first_cached(ref, settings, reason)
    if cached is None:
        raise RemoteDeckError(reason, hint="check the connection, or retry later")
    return cached


def _first_cached(ref: DeckRef, settings: RemoteSettings, reason: str) -> FetchedDeck | None:
    """The cached copy of the deck, if any, marked with its date and why it is used."""
    if settings.cache_dir is None:
        return None
    for kind in ref.kinds:
        path = cache_path(settings.cache_dir, kind, ref.id)
        try:
            text = path.read_text(encoding="utf-8")
            json.loads(text)
        except (OSError, ValueError, RecursionError):  # unreadable: as if not cached
            continue
        when = dt.datetime.fromtimestamp(path.stat().st_mtime, dt.timezone.utc)
        url = f"{settings.v2_url.rstrip('/')}/{kind}/{ref.id}"
        return FetchedDeck(text, url, CachedCopy(when.date(), reason))
    return None


def _store(cache_dir: Path | None, kind: str, deck_id: str, text: str) -> None:
    """Cache the answer atomically; a cache failure is not fatal (the next run retries)."""
    if cache_dir is None:
        return
    path = cache_path(cache_dir, kind, deck_id)
    with contextlib.suppress(OSError):
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, text.encode("utf-8"))
