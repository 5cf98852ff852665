"""HttpClient: one requests session, retries, Retry-After, caps, the deadline, redirects in origin.

The session honours the environment as requests does (``HTTPS_PROXY`` / ``HTTP_PROXY`` /
``NO_PROXY``, ``REQUESTS_CA_BUNDLE``); retries, redirects and reading the body are nrdeck's own
(the body is read from the urllib3 response under requests', a chunk at a time).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Mapping
from types import TracebackType
from typing import TYPE_CHECKING, Any
from urllib.parse import quote, urljoin, urlsplit

from nrdeck.cancel import checkpoint
from nrdeck.http.values import (
    USER_AGENT,
    Answer,
    HttpSettings,
    Pacing,
    TransferError,
    Unreachable,
    Validators,
)

if TYPE_CHECKING:
    import requests

    from nrdeck.http.tracking import Tracker

RETRY_STATUSES = frozenset({429, 500, 502, 503, 504})
REDIRECT_STATUSES = frozenset({301, 302, 303, 307, 308})
BASE_HEADERS = {"User-Agent": USER_AGENT, "Accept-Encoding": "gzip"}
URL_CHARACTERS = ":/?#[]@!$&'()*+,;=%-._~"  # shown as they are; anything else is escaped
ENCODINGS = frozenset({"", "identity", "gzip", "x-gzip"})  # what the body may be sent in
MAX_REDIRECTS = 5
CHUNK = 64 * 1024
MAX_VALIDATOR_LENGTH = 512


class HttpClient:
    """One session (made on first use) and the policy of nrdeck.http; one per worker."""

    def __init__(self, settings: HttpSettings | None = None, pacing: Pacing | None = None) -> None:
        self.settings = settings or HttpSettings()
        self.pacing = pacing or Pacing()
        self._session: requests.Session | None = None
        self._tracker: Tracker | None = None
        self.cancelled = threading.Event()

    def __enter__(self) -> HttpClient:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    def cancel(self) -> None:
        """End what this client is doing as soon as it can: no new request, no more waiting,
        and the connections it has open are shut down (a blocked read returns at once)."""
        self.cancelled.set()
        if self._tracker is not None:
            self._tracker.cancel()

    def close(self) -> None:
        """Close the session's connections."""
        if self._session is not None:
            self._session.close()
            self._session = None

    def get(
        self,
        url: str,
        headers: Mapping[str, str] | None = None,
        *,
        max_bytes: int,
        follow_redirects: bool = True,
    ) -> Answer:
        """GET ``url`` (TransferError when no answer could be had; any status is an answer).

        ``follow_redirects=False``: a redirect is the answer (its ``location`` says where).
        """
        deadline = time.monotonic() + self.settings.deadline
        origin = _origin(url)
        attempt = redirects = 0
        while True:
            self.pacing.wait(deadline, self.cancelled)
            self._check_cancelled()
            try:
                response = self._send(url, dict(headers or {}), deadline)
            except Unreachable:
                if not self._backoff(attempt, None, deadline):
                    raise
                attempt += 1
                continue
            status = response.status_code
            if status in REDIRECT_STATUSES and not follow_redirects:
                return self._answer(response, url, max_bytes, deadline)
            if status in REDIRECT_STATUSES and redirects < MAX_REDIRECTS:
                _drop(response)
                url, redirects = _redirect_target(response, url, origin), redirects + 1
                continue
            if status in RETRY_STATUSES and attempt < self.settings.retries:
                _drop(response)
                if self._backoff(attempt, response, deadline):
                    attempt += 1
                    continue
            return self._answer(response, url, max_bytes, deadline)

    @property
    def _http(self) -> requests.Session:
        if self._session is None:
            from nrdeck.http.tracking import Tracker

            self._tracker = Tracker()
            if self.cancelled.is_set():
                self._tracker.cancel()
            self._session = _new_session()
        assert self._tracker is not None
        self._tracker.sending()
        return self._session

    def _check_cancelled(self) -> None:
        """Stop before another request or read when the run was interrupted, or when the
        work the request serves was stopped (a server's check past its time: ``Cancelled``)."""
        if self.cancelled.is_set():
            raise TransferError("the run was interrupted", unreachable=False)
        checkpoint()

    def _send(self, url: str, headers: dict[str, str], deadline: float) -> requests.Response:
        import requests

        left = deadline - time.monotonic()
        if left <= 0:
            raise TransferError(self._late(), timed_out=True)
        s = self.settings
        try:
            return self._http.get(
                url,
                headers={**BASE_HEADERS, **headers},
                timeout=(min(s.connect_timeout, left), min(s.read_timeout, left)),
                allow_redirects=False,
                stream=True,
            )
        except requests.exceptions.ProxyError as exc:
            raise Unreachable(f"cannot connect through the proxy ({_reason(exc)})") from exc
        except requests.exceptions.Timeout as exc:  # connect or read (a refusal is not one)
            raise TransferError(self._timed_out(deadline), timed_out=True) from exc
        except requests.exceptions.ConnectionError as exc:
            raise Unreachable(f"cannot connect ({_reason(exc)})") from exc
        except requests.exceptions.InvalidURL as exc:  # the URL asked, or the proxy's
            failed = (
                f"a URL could not be read ({str(exc)[:200]}): check the URL and the proxy "
                "variables (HTTPS_PROXY, HTTP_PROXY, NO_PROXY)"
            )
            raise TransferError(failed, unreachable=False) from exc
        except requests.exceptions.RequestException as exc:
            failed = f"the request failed ({type(exc).__name__})"
            raise TransferError(failed, unreachable=False) from exc

    def _backoff(self, attempt: int, response: Any, deadline: float) -> bool:
        """Wait before another try (False when no try is left before the deadline)."""
        asked = None if response is None else retry_after(response.headers.get("Retry-After"))
        delay = self.settings.backoff * 2**attempt if asked is None else asked
        delay = min(delay, self.settings.max_retry_after)
        if attempt >= self.settings.retries or time.monotonic() + delay >= deadline:
            return False
        if asked is not None:
            self.pacing.hold(delay)  # the server asked the whole run to slow down
        else:
            self.cancelled.wait(delay)
        self._check_cancelled()
        return True

    def _answer(self, response: Any, url: str, max_bytes: int, deadline: float) -> Answer:
        status = response.status_code
        try:
            body = self._read_body(response.raw, max_bytes, deadline) if status == 200 else b""
        except BaseException:
            _drop(response)
            raise
        if status in (200, 204, 304):  # the whole answer was read: keep the connection
            response.raw.release_conn()
        else:
            _drop(response)
        location = response.headers.get("Location") if status in REDIRECT_STATUSES else None
        return Answer(
            url=url,
            status=status,
            reason=_header_value(response.reason) or "",
            body=body,
            validators=validators_of(response.headers),
            content_type=media_type(response.headers.get("Content-Type")),
            location=urljoin(url, location) if location and _header_value(location) else None,
        )

    def _read_body(self, response: Any, max_bytes: int, deadline: float) -> bytes:
        """The decoded body, refused past ``max_bytes`` or the deadline, one read at a time."""
        from urllib3.exceptions import DecodeError, ProtocolError, ReadTimeoutError

        encoding = response.headers.get("Content-Encoding", "").strip().lower()
        if encoding not in ENCODINGS:  # only gzip is asked for, and bounded when inflated
            raise TransferError(f"the answer is sent {encoding[:40]!r}-encoded", unreachable=False)
        declared = response.headers.get("Content-Length", "")
        if declared.isdigit() and encoding in ("", "identity"):
            _check_size(int(declared), max_bytes)
        parts: list[bytes] = []
        size = 0
        try:
            while chunk := self._read_chunk(response, deadline):
                size += len(chunk)
                _check_size(size, max_bytes)
                parts.append(chunk)
        except ReadTimeoutError as exc:
            raise TransferError(self._timed_out(deadline), timed_out=True) from exc
        except DecodeError as exc:
            raise TransferError("the answer could not be decompressed", unreachable=False) from exc
        except ProtocolError as exc:
            raise TransferError("the answer was cut short") from exc
        return b"".join(parts)

    def _read_chunk(self, raw: Any, deadline: float) -> bytes:
        self._check_cancelled()
        left = deadline - time.monotonic()
        if left <= 0:
            raise TransferError(self._late(), timed_out=True)
        sock = getattr(getattr(raw, "connection", None), "sock", None)
        if sock is not None:  # no single read may outlast the deadline
            sock.settimeout(min(self.settings.read_timeout, left))
        chunk: bytes = raw.read1(CHUNK, decode_content=True)
        return chunk

    def _timed_out(self, deadline: float) -> str:
        if time.monotonic() >= deadline - 0.01:
            return self._late()
        s = self.settings
        return (
            f"timed out (no answer within {s.connect_timeout:g} s to connect "
            f"or {s.read_timeout:g} s to read)"
        )

    def _late(self) -> str:
        return f"timed out (no complete answer within the {self.settings.deadline:g} s deadline)"


def _new_session() -> requests.Session:
    """A session that never retries by itself (HttpClient.get decides; redirects are asked off)."""
    import requests

    from nrdeck.http.tracking import TrackingAdapter

    session = requests.Session()
    adapter = TrackingAdapter(pool_connections=4, pool_maxsize=1, max_retries=0)
    session.mount("http://", adapter)
    session.mount("https://", adapter)
    return session


def _drop(response: Any) -> None:
    """Close an answer that is not read to its end (its connection cannot be reused)."""
    response.close()


def retry_after(value: str | None) -> float | None:
    """Seconds asked by a Retry-After header (delta-seconds or an HTTP date); None if unreadable."""
    if not value or len(value) > 100:
        return None
    from urllib3.exceptions import InvalidHeader
    from urllib3.util.retry import Retry

    try:
        return float(Retry(0, retry_after_max=10**9).parse_retry_after(value))
    except (InvalidHeader, OverflowError, ValueError):
        return None


def validators_of(headers: Mapping[str, str]) -> Validators:
    """An answer's ETag and Last-Modified, each kept only when it is safe to send back."""
    return Validators(
        etag=_header_value(headers.get("ETag")),
        last_modified=_header_value(headers.get("Last-Modified")),
    )


def media_type(value: str | None) -> str:
    """'application/vnd.api+json' from 'application/vnd.api+json; charset=utf-8' ('' if odd)."""
    kind = (value or "").split(";", 1)[0].strip().lower()
    return kind if len(kind) <= 100 and kind.isascii() and kind.isprintable() else ""


def _header_value(value: str | None) -> str | None:
    if not value or len(value) > MAX_VALIDATOR_LENGTH:
        return None
    return value if value.isascii() and value.isprintable() else None


def _check_size(size: int, max_bytes: int) -> None:
    if size > max_bytes:
        raise TransferError(
            f"the answer is larger than the {_size(max_bytes)} limit (not read)", unreachable=False
        )


def _size(count: int) -> str:
    return f"{count / 2**20:g} MiB" if count >= 2**20 else f"{count / 2**10:g} KiB"


Origin = tuple[str, str, int | None]


def _origin(url: str) -> Origin | None:
    """Scheme, host and port (None for a URL too broken to have them)."""
    try:
        parts = urlsplit(url)
        return (parts.scheme.lower(), (parts.hostname or "").lower(), parts.port)
    except ValueError:
        return None


def _redirect_target(response: Any, url: str, origin: Origin | None) -> str:
    """Where a redirect leads, when it stays within ``origin`` (else TransferError)."""
    location = response.headers.get("Location")
    if not location:
        raise TransferError(
            f"HTTP {response.status_code} redirect without a Location", unreachable=False
        )
    target = urljoin(url, str(location))
    if origin is None or _origin(target) != origin:
        shown = quote(target[:200], safe=URL_CHARACTERS) + ("…" if len(target) > 200 else "")
        raise TransferError(
            f"redirected to another host ({shown}): not followed", unreachable=False
        )
    return target


def _reason(exc: BaseException) -> str:
    """The innermost useful words of a connection error (requests wraps urllib3's)."""
    text = str(exc)
    for marker, words in (
        ("Connection refused", "connection refused"),
        ("Name or service not known", "name or service not known"),
        ("RemoteDisconnected", "the server closed the connection"),
        ("Connection reset", "connection reset"),
        ("Connection aborted", "the server closed the connection"),
    ):
        if marker in text:
            return words
    return type(exc).__name__
