"""NetrunnerDB v3 API source: paginated JSON:API downloads, conditional requests.

Every resource is read the safe way (docs/nrdb-api.md §1.2): ``page[size]`` within the
resource's maximum, ``sort=id``, follow ``links.next`` (rebased onto the configured base URL)
until it is absent, then check the count against ``meta.stats.total.count``. The records are
turned into nrdeck's facts document by ``nrdeck.cards.nrdb_v3_facts``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any
from urllib.parse import urlencode, urlsplit

import msgspec
import requests

from nrdeck.cardrecords import FactsDocument
from nrdeck.errors import DataUnavailableError
from nrdeck.http import HttpSettings, make_session, timeouts

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
_HINT = (
    "check the network and --api-url, then run 'nrdeck data update' again; "
    "the card data in use is unchanged"
)

Records = list[dict[str, Any]]
Progress = Callable[[str, int, int], None]  # (resource, records so far, total)


class Validator(msgspec.Struct, frozen=True):
    """What a server said about one page, to ask 'has it changed?' next time."""

    etag: str | None = None
    last_modified: str | None = None

    def headers(self) -> dict[str, str]:
        """The conditional request headers this validator allows."""
        out = {}
        if self.etag:
            out["If-None-Match"] = self.etag
        if self.last_modified:
            out["If-Modified-Since"] = self.last_modified
        return out


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
        self.validators: dict[str, Validator] = {}
        self._session: requests.Session | None = None

    @property
    def session(self) -> requests.Session:
        """The HTTP session (made on first use)."""
        if self._session is None:
            self._session = make_session(self.http)
        return self._session

    def read(self) -> FactsDocument:
        """Download every resource and convert it; ``validators`` is filled on the way."""
        from nrdeck.cards.nrdb_v3_facts import to_document

        raw = {resource: self.fetch_all(resource) for resource in RESOURCES}
        return to_document(raw, self.base_url)

    def unchanged(self, validators: Mapping[str, Validator]) -> bool:
        """True when every stored page answers 304 Not Modified (nothing is downloaded)."""
        if not validators:
            return False
        for url, validator in validators.items():
            if not url.startswith(self.base_url + "/") or not validator.headers():
                return False
            response = self._get(url, validator.headers())
            if response.status_code != 304:
                return False
        return True

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
                raise DataUnavailableError(f"{url}: pagination does not end", hint=_HINT)
            seen.add(url)
            page = self._page(url, resource)
            total = page.total if total < 0 else total
            records.extend(page.records)
            if self.progress:
                self.progress(resource, len(records), total)
            url = self._rebase(page.next_url, resource) if page.next_url else None
        if len(records) != total:
            raise DataUnavailableError(
                f"{self.first_page_url(resource)}: got {len(records)} {resource} but the server "
                f"announced {total} (meta.stats.total.count)",
                hint=_HINT,
            )
        return records

    def _rebase(self, next_url: str, resource: str) -> str:
        """The server builds links from its own HOST: keep only the query, on our base."""
        return f"{self.base_url}/{resource}?{urlsplit(next_url).query}"

    def _page(self, url: str, resource: str) -> _Page:
        response = self._get(url, {})
        if response.status_code != 200:
            raise DataUnavailableError(
                f"{url}: HTTP {response.status_code} {response.reason or ''}".rstrip(), hint=_HINT
            )
        try:
            body = json.loads(response.content)
        except ValueError as exc:
            raise DataUnavailableError(
                f"{url}: the answer is not valid JSON (truncated?): {exc}", hint=_HINT
            ) from exc
        page = _parse_page(body, resource, url)
        self.validators[url] = Validator(
            response.headers.get("ETag"), response.headers.get("Last-Modified")
        )
        return page

    def _get(self, url: str, headers: dict[str, str]) -> requests.Response:
        try:
            response = self.session.get(url, headers=headers, timeout=timeouts(self.http))
            _ = response.content  # read the whole body now, inside the error handling
        except requests.exceptions.Timeout as exc:
            raise DataUnavailableError(f"{url}: {self._timed_out()}", hint=_HINT) from exc
        except requests.exceptions.ConnectionError as exc:
            # urllib3 wraps a read timeout it gave up retrying into a connection error
            what = (
                self._timed_out() if "timed out" in str(exc) else f"cannot connect ({_reason(exc)})"
            )
            raise DataUnavailableError(f"{url}: {what}", hint=_HINT) from exc
        except requests.exceptions.RequestException as exc:
            raise DataUnavailableError(
                f"{url}: download failed ({_reason(exc)})", hint=_HINT
            ) from exc
        return response

    def _timed_out(self) -> str:
        return (
            f"timed out (no answer within {self.http.connect_timeout:g} s to connect "
            f"or {self.http.read_timeout:g} s to read)"
        )


class _Page(msgspec.Struct, frozen=True):
    records: Records
    total: int
    next_url: str | None


def _parse_page(body: Any, resource: str, url: str) -> _Page:
    """Check the JSON:API shape of one index page and flatten its records."""

    def broken(what: str) -> DataUnavailableError:
        return DataUnavailableError(
            f"{url}: not a JSON:API page of {resource} ({what})", hint=_HINT
        )

    if not isinstance(body, dict) or not isinstance(body.get("data"), list):
        raise broken("no 'data' list")
    try:
        total = body["meta"]["stats"]["total"]["count"]
    except (KeyError, TypeError):
        raise broken("no meta.stats.total.count") from None
    if not isinstance(total, int) or isinstance(total, bool):
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


def _reason(exc: BaseException) -> str:
    """The innermost useful words of a requests/urllib3 error."""
    text = str(exc)
    for marker in (
        "Connection refused",
        "timed out",
        "Name or service not known",
        "IncompleteRead",
    ):
        if marker in text:
            return marker.lower() if marker != "IncompleteRead" else "the answer was cut short"
    return type(exc).__name__
