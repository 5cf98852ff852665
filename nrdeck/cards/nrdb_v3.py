"""NetrunnerDB v3 API source: paginated JSON:API downloads, conditional requests.

The pages are revalidated through the conditional cache (``nrdeck.http.conditional``) with the
validators the card cache's sidecar kept (a ``ValidatorMap``: the pages' bodies are compiled
into the facts document, not kept).

Every resource is read the safe way (docs/design/netrunnerdb-api.md §1): ``page[size]`` within the
resource's maximum, ``sort=id``, follow ``links.next`` (rebased onto the configured base URL)
until it is absent, then check the count against ``meta.stats.total.count``. The resources
are fetched by a few workers at once (``JOBS``), each with its own HTTP session. The records
are turned into nrdeck's facts document by ``nrdeck.cards.nrdb_v3_facts``.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from typing import Any
from urllib.parse import quote, urlencode, urlsplit

import msgspec

from nrdeck.catalog import FactsDocument
from nrdeck.errors import DataUnavailableError
from nrdeck.http import Answer, HttpSettings, Pacing, TransferError, Validators
from nrdeck.http.conditional import ConditionalCache, Fetched, ValidatorMap
from nrdeck.http.workers import map_concurrently, using_client

SOURCE_NAME = "NetrunnerDB v3 API"
# resource -> largest page size the server accepts (a larger one is an HTTP 500)
MAX_PAGE_SIZE: dict[str, int] = {
    "cards": 10000,
    "printings": 10000,
    "card_sets": 1000,
    "card_cycles": 1000,
    "factions": 1000,
    "card_types": 1000,
    "card_subtypes": 1000,
    "formats": 1000,
    "snapshots": 1000,
    "card_pools": 1000,
    "restrictions": 1000,
}
RESOURCES = tuple(MAX_PAGE_SIZE)
MAX_PAGES = 1000
JOBS = 4  # resources fetched at once
# the largest page nrdeck reads (decompressed); the real /printings page is about 10 MB
MAX_PAGE_BYTES = 64 * 2**20
# the most all pages together may weigh (decompressed); the real dataset is about 25 MB
MAX_TOTAL_BYTES = 256 * 2**20
HINT = (
    "check the network and --api-url, then run 'nrdeck data update' again; "
    "the card data in use is unchanged"
)

Records = list[dict[str, Any]]
Progress = Callable[[str, int, int], None]  # (resource, records so far, total)


class NrdbV3Source:
    """The public NetrunnerDB v3 API (or a lookalike at another base URL)."""

    name = "nrdb_v3"

    def __init__(
        self,
        base_url: str,
        *,
        http: HttpSettings | None = None,
        page_sizes: Mapping[str, int] | None = None,
        progress: Progress | None = None,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self.http = http or HttpSettings()
        self.page_sizes = {
            r: min(MAX_PAGE_SIZE[r], (page_sizes or {}).get(r, 10**6)) for r in RESOURCES
        }
        self.progress = progress
        self.pages = ValidatorMap()  # what the pages of the document read said
        self.pacing = Pacing()
        self._lock = threading.Lock()
        self._downloaded = 0
        self._fetched: dict[str, Answer] = {}  # pages already had while revalidating

    @property
    def validators(self) -> Mapping[str, Validators]:
        """The validators of every page ``read`` used, for the cache's sidecar."""
        return self.pages.validators

    def read(self) -> FactsDocument:
        """Download every resource and convert it; ``validators`` is filled on the way."""
        from nrdeck.cards.nrdb_v3_facts import to_document

        records = self._each(list(RESOURCES), self.fetch_all)
        return to_document(dict(zip(RESOURCES, records, strict=True)), self.base_url)

    def unchanged(self, stored: Mapping[str, Validators]) -> bool:
        """True when every stored page answers 304 Not Modified (nothing is downloaded).

        The pages that did change are kept: ``read`` does not download them again.
        """
        firsts = {self.first_page_url(r) for r in RESOURCES}
        if not stored or not firsts <= set(stored):
            return False
        if any(not u.startswith(self.base_url + "/") or not v.usable for u, v in stored.items()):
            return False
        order = sorted(stored, key=self._weight)  # the largest pages first: they take longest
        cache = ConditionalCache(ValidatorMap(stored))
        fetched: list[Fetched] = self._each(order, lambda url: self._get(url, cache))
        self._fetched = {f.answer.url: f.answer for f in fetched if f.answer.status == 200}
        return all(f.revalidated for f in fetched)

    # -- pagination ---------------------------------------------------------------
    def first_page_url(self, resource: str) -> str:
        """Page 1 of a resource, sorted by id, at the largest allowed page size."""
        query = urlencode({"page[size]": self.page_sizes[resource], "sort": "id"})
        return f"{self.base_url}/{resource}?{query}"

    def fetch_all(self, resource: str) -> Records:
        """Every record of a resource: follow links.next, then check the total count."""
        url: str | None = self.first_page_url(resource)
        records: Records = []
        total = -1
        seen: set[str] = set()
        while url is not None:
            if url in seen or len(seen) >= MAX_PAGES:
                raise DataUnavailableError(f"{url}: pagination does not end", hint=HINT)
            seen.add(url)
            page = self._page(url, resource)
            total = page.total if total < 0 else total
            records.extend(page.records)
            self._report(resource, len(records), total)
            url = self._rebase(page.next_url, resource) if page.next_url else None
        if len(records) != total:
            raise DataUnavailableError(
                f"{self.first_page_url(resource)}: got {len(records)} {resource} but the server "
                f"announced {total} (meta.stats.total.count)",
                hint=HINT,
            )
        return records

    def _each(self, items: list[str], work: Callable[[str], Any]) -> list[Any]:
        return map_concurrently(items, work, jobs=JOBS, settings=self.http, pacing=self.pacing)

    def _weight(self, url: str) -> tuple[int, str]:
        resource = urlsplit(url).path.rsplit("/", 1)[-1]
        rank = RESOURCES.index(resource) if resource in RESOURCES else len(RESOURCES)
        return (rank, url)

    def _report(self, resource: str, done: int, total: int) -> None:
        if self.progress is not None:
            with self._lock:  # the workers take turns with the progress display
                self.progress(resource, done, total)

    def _rebase(self, next_url: str, resource: str) -> str:
        """The server builds links from its own HOST: keep only the query, on our base."""
        query = quote(urlsplit(next_url).query, safe="=&%[]+,.-_~")  # never raw text
        return f"{self.base_url}/{resource}?{query}"

    def _page(self, url: str, resource: str) -> _Page:
        with self._lock:
            answer = self._fetched.pop(url, None)
        answer = answer or self._get(url, ConditionalCache(ValidatorMap())).answer
        if answer.status != 200:
            raise DataUnavailableError(
                f"{url}: HTTP {answer.status} {answer.reason}".rstrip(), hint=HINT
            )
        try:
            body = msgspec.json.decode(answer.body)
        except (msgspec.DecodeError, RecursionError) as exc:
            raise DataUnavailableError(
                f"{url}: the answer is not valid JSON (truncated?): {exc}", hint=HINT
            ) from exc
        page = _parse_page(body, resource, url)
        self.pages.keep(url, answer)
        return page

    def _get(self, url: str, cache: ConditionalCache) -> Fetched:
        """A page, asked through ``cache`` (conditionally, when it knows the page)."""
        try:
            with using_client(self.http, self.pacing) as client:
                fetched = cache.get(client, url, max_bytes=MAX_PAGE_BYTES)
        except TransferError as exc:
            raise DataUnavailableError(f"{url}: {exc.reason}", hint=HINT) from exc
        with self._lock:
            self._downloaded += len(fetched.answer.body)
            too_much = self._downloaded > MAX_TOTAL_BYTES
        if too_much:
            raise DataUnavailableError(
                f"{url}: the pages add up to more than {MAX_TOTAL_BYTES // 2**20} MiB "
                "(far more than NetrunnerDB's card data)",
                hint=HINT,
            )
        return fetched


class _Page(msgspec.Struct, frozen=True):
    records: Records
    total: int
    next_url: str | None


def _parse_page(body: Any, resource: str, url: str) -> _Page:
    """Check the JSON:API shape of one index page and flatten its records."""

    def broken(what: str) -> DataUnavailableError:
        return DataUnavailableError(f"{url}: not a JSON:API page of {resource} ({what})", hint=HINT)

    if not isinstance(body, dict) or not isinstance(body.get("data"), list):
        raise broken("no 'data' list")
    try:
        total = body["meta"]["stats"]["total"]["count"]
    except (KeyError, TypeError):
        raise broken("no meta.stats.total.count") from None
    if not isinstance(total, int) or isinstance(total, bool) or total < 0:
        raise broken("meta.stats.total.count is not a number")
    links = body.get("links")
    links = {} if links is None else links
    if not isinstance(links, dict):
        raise broken("'links' is not an object")
    next_url = links.get("next")
    if next_url is not None and not isinstance(next_url, str):
        raise broken("links.next is not a URL")
    records: Records = []
    for index, item in enumerate(body["data"]):
        if not (
            isinstance(item, dict)
            and isinstance(item.get("id"), str)
            and item.get("type") == resource
            and isinstance(item.get("attributes"), dict)
        ):
            raise broken(f"record {index + 1} lacks id, type '{resource}' or attributes")
        records.append({**item["attributes"], "id": item["id"]})
    return _Page(records, total, next_url or None)
