"""A tournament's settings and players from Cobra's public API, in at most two round trips.

TOURNAMENT is an id (``5871``), a tournament page's URL (``…/tournaments/5871``, also under
``/beta``) or a short link (``…/K7QZ``). Two requests: the tournament with what it includes
(its type, format, ban list and card set), and its players (``page[size]=1000``; the next
pages are followed only for a bigger event). With an id both go out at once.

Everything goes through nrdeck's one HTTP layer (timeouts, retries, size caps, the
deadline) and its conditional cache (``nrdeck.http.conditional``): a cached answer is
revalidated (an unchanged tournament costs a 304), and ``--offline`` reads the cached
answers only. A damaged cached answer is asked for again, with a warning told to
``CobraAccess.warnings`` (offline, the error says it is damaged). Cobra's answers are
untrusted: a
redirect (Cobra's catch-all route sends anything unrouted to its HTML error page) or an
answer that is not JSON is "not Cobra's API" and never parsed; a 404 is an unknown or
private tournament (Cobra cannot tell them apart); a 5xx, a timeout or a refused
connection is ``TournamentUnavailableError`` (exit 3).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar
from urllib.parse import urljoin, urlsplit

import msgspec
from msgspec import field

from nrdeck.cobra.answers import (
    CobraPlayer,
    CobraTournament,
    decode_index,
    decode_show,
    players_of,
    tournament_of,
)
from nrdeck.cobra.ref import (
    CobraSettings,
    TournamentRef,
    base_url,
    tournament_ref,
)
from nrdeck.errors import TournamentUnavailableError, UsageError
from nrdeck.http import Answer, HttpSettings, RunWarnings, TransferError

if TYPE_CHECKING:
    from nrdeck.http.conditional import ConditionalCache

API = "/api/v1/public"
INCLUDE = "include=tournament_type,format,deckbuilding_restriction,card_set"
PAGE_SIZE = 1000  # Graphiti's maximum: larger is a 500
MAX_PAGES = 20
MAX_TOURNAMENT_BYTES = 1024 * 1024
MAX_PAGE_BYTES = 8 * 1024 * 1024
JSON_TYPES = frozenset({"application/vnd.api+json", "application/json"})
T = TypeVar("T")


class CobraAccess(msgspec.Struct, frozen=True):
    """How to reach Cobra: the cache folder (None: nothing cached), offline mode, HTTP, and
    what is told of a damaged cached answer (``warnings``)."""

    cache_dir: Path | None = None
    offline: bool = False
    http: HttpSettings = field(default_factory=HttpSettings)
    warnings: RunWarnings = field(default_factory=RunWarnings)


def fetch_tournament(settings: CobraSettings, access: CobraAccess) -> CobraTournament:
    """The tournament's settings and players: two requests (each revalidated when cached)."""
    base = base_url(settings.base_url)
    ref = tournament_ref(settings.tournament, base)
    fetcher = access
    if ref.id is None:
        tournament = _by_slug(ref, fetcher)
        players, cached = _players(base, tournament.id, fetcher)
    else:
        tournament, (players, cached) = _both(ref, ref.id, fetcher)
    dates = [d for d in (tournament.cached, cached) if d is not None]
    return msgspec.structs.replace(
        tournament, players=tuple(players), cached=min(dates) if dates else None
    )


def tournament_url(base: str, tournament_id: int) -> str:
    """The API URL of a tournament and what it includes."""
    return f"{base}{API}/tournaments/{tournament_id}?{INCLUDE}"


def players_url(base: str, tournament_id: int) -> str:
    """The API URL of the first page of a tournament's players."""
    return f"{base}{API}/tournaments/{tournament_id}/players?page[size]={PAGE_SIZE}&sort=id"


def _both(
    ref: TournamentRef, tournament_id: int, fetcher: CobraAccess
) -> tuple[CobraTournament, tuple[list[CobraPlayer], dt.date | None]]:
    """The tournament and its players at once (two requests, one round trip)."""
    if fetcher.offline:
        return _by_id(ref, tournament_id, fetcher), _players(ref.base, tournament_id, fetcher)
    from nrdeck.http.workers import map_concurrently  # the gateway to the network stack

    def work(which: str) -> object:
        if which == "tournament":
            return _by_id(ref, tournament_id, fetcher)
        return _players(ref.base, tournament_id, fetcher)

    found = map_concurrently(["tournament", "players"], work, jobs=2, settings=fetcher.http)
    tournament, players = found
    assert isinstance(tournament, CobraTournament) and isinstance(players, tuple)
    return tournament, players


def _by_id(ref: TournamentRef, tournament_id: int, fetcher: CobraAccess) -> CobraTournament:
    url = tournament_url(ref.base, tournament_id)
    (resource, included), cached = _get(url, fetcher, MAX_TOURNAMENT_BYTES, ref, decode_show)
    found = tournament_of(ref.base, resource, included, url)
    return msgspec.structs.replace(found, cached=cached)


def _by_slug(ref: TournamentRef, fetcher: CobraAccess) -> CobraTournament:
    url = f"{ref.base}{API}/tournaments?filter[slug]={ref.slug}&{INCLUDE}"
    page, cached = _get(url, fetcher, MAX_TOURNAMENT_BYTES, ref, decode_index)
    matching = [r for r in page.data if r.type == "tournaments"]
    if not matching:
        raise _no_tournament(ref)
    found = tournament_of(ref.base, matching[0], page.included, url)
    return msgspec.structs.replace(found, cached=cached)


def _players(
    base: str, tournament_id: int, fetcher: CobraAccess
) -> tuple[list[CobraPlayer], dt.date | None]:
    """Every player, page after page (``links.next``, within this Cobra), and the oldest
    cached copy's date when read from the cache."""
    url: str | None = players_url(base, tournament_id)
    ref = TournamentRef(base, id=tournament_id)
    players: list[CobraPlayer] = []
    dates: list[dt.date] = []
    for _ in range(MAX_PAGES):
        if url is None:
            break
        page, cached = _get(url, fetcher, MAX_PAGE_BYTES, ref, decode_index)
        dates += [cached] if cached else []
        players += players_of(page.data, url)
        total = page.meta.stats.total.count
        url = (
            _next_page(page.links.get("next"), base) if page.data and len(players) < total else None
        )
    return players, min(dates) if dates else None


def _next_page(link: str | None, base: str) -> str | None:
    """The next page's URL, when it is on the same Cobra (None otherwise)."""
    if not link:
        return None
    target = urljoin(base + "/", link)
    same = urlsplit(target)[:2] == urlsplit(base)[:2]
    return target if same else None


def _get(
    url: str,
    fetcher: CobraAccess,
    max_bytes: int,
    ref: TournamentRef,
    decode: Callable[[bytes, str], T],
) -> tuple[T, dt.date | None]:
    """Cobra's JSON answer, decoded (and the cached copy's date when read offline).

    An answer is cached only once it decodes: a copy cut short is never revalidated.
    """
    from nrdeck.http.workers import using_client  # the gateway to the network stack

    cache = _cache(fetcher)
    if fetcher.offline:
        return _kept(cache, url, max_bytes, ref, decode)

    def decodes(answer: Answer) -> bool:
        try:
            decode(_checked(answer, url, ref), url)
        except (TournamentUnavailableError, UsageError):
            return False
        return True

    with using_client(fetcher.http) as client:
        try:
            fetched = cache.get(
                client,
                url,
                max_bytes=max_bytes,
                headers={"Accept": "application/vnd.api+json"},
                follow_redirects=False,
                accept=decodes,
            )
        except TransferError as err:
            raise _unavailable(url, err) from None
    if fetched.revalidated:
        return decode(fetched.body, url), None
    return decode(_checked(fetched.answer, url, ref), url), None


def _kept(
    cache: ConditionalCache,
    url: str,
    max_bytes: int,
    ref: TournamentRef,
    decode: Callable[[bytes, str], T],
) -> tuple[T, dt.date | None]:
    """Cobra's cached answer, decoded, and its date (``--offline``)."""
    from nrdeck.http.conditional import Damaged

    kept = cache.kept(url, max_bytes)
    if isinstance(kept, Damaged):
        raise TournamentUnavailableError(
            f"Cobra's cached answer for {ref.label} is damaged ({kept.said}) and --offline "
            "forbids fetching it again",
            hint="run once without --offline to fetch it again",
        )
    if kept is None or kept.body is None:
        raise TournamentUnavailableError(
            f"Cobra's answer for {ref.label} is not in the cache and --offline forbids fetching it",
            hint="run once without --offline to cache it",
        )
    return decode(kept.body, url), kept.date


def _cache(fetcher: CobraAccess) -> ConditionalCache:
    from nrdeck.http.conditional import ConditionalCache, FolderStore

    folder = fetcher.cache_dir / "v1" / "cobra" if fetcher.cache_dir is not None else None
    return ConditionalCache(FolderStore(folder), warn=fetcher.warnings.add)


def _unavailable(url: str, err: TransferError) -> TournamentUnavailableError:
    if err.unreachable:
        said = f"could not get an answer from Cobra for {url}: {err.reason}"
    else:
        said = f"Cobra's answer for {url} was refused: {err.reason}"
    return TournamentUnavailableError(
        said,
        hint="the roster was not checked: retry later, or drop --cobra and give the "
        "event's settings as options",
    )


def _checked(answer: Answer, url: str, ref: TournamentRef) -> bytes:
    """The body of a 200 JSON answer; a clear error for anything else."""
    status = answer.status
    if status == 404:
        raise _no_tournament(ref)
    if 300 <= status < 400:
        where = urlsplit(answer.location or "").path or "elsewhere"
        said = "Cobra's error page" if where.rstrip("/") == "/error" else where[:200]
        raise _not_cobra(url, f"it redirects to {said}")
    if status != 200:
        raise TournamentUnavailableError(
            f"Cobra answered HTTP {status} {answer.reason[:60]} for {url}".rstrip(),
            hint="the roster was not checked: retry later, or drop --cobra and give the "
            "event's settings as options",
        )
    if answer.content_type not in JSON_TYPES:
        shown = answer.content_type[:60] or "no media type"
        raise _not_cobra(url, f"it answered {shown}, not JSON")
    return answer.body


def _no_tournament(ref: TournamentRef) -> UsageError:
    return UsageError(
        f"no public Cobra tournament with {ref.label} on {ref.base} (unknown, or private: "
        "Cobra answers alike)",
        hint="check the id; make the tournament public, or drop --cobra and give the event's "
        "settings as options",
    )


def _not_cobra(url: str, why: str) -> UsageError:
    return UsageError(
        f"not Cobra's API: {url} ({why}); nothing was read",
        hint="check --cobra-url (or NRDECK_COBRA_URL): Cobra's public API is under /api/v1/public",
    )
