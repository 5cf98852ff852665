"""The values of the HTTP layer: settings, validators, answers, its error, run-wide pacing."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from urllib.parse import urlsplit

import msgspec

from nrdeck._version import __version__
from nrdeck.errors import UsageError

DEFAULT_API_URL = "https://api.netrunnerdb.com/api/v3/public"
DEFAULT_V2_URL = "https://netrunnerdb.com/api/2.0/public"
USER_AGENT = f"nrdeck/{__version__}"
# the files of the conditional cache (nrdeck.http.conditional): an entry, and its lock
ENTRY_SUFFIX = ".http"
LOCK_SUFFIX = ".lock"
Warn = Callable[[str], None]  # told of what a fetch met that the user should hear of


def http_base_url(text: str, given_as: str, example: str) -> str:
    """A base URL a user gave (``given_as``: '--api-url', 'NRDECK_V2_URL'): http(s) with a
    host, without a trailing slash; a usage error naming where it came from otherwise."""
    try:
        parts = urlsplit(text.strip())
        host = parts.hostname
    except ValueError:
        host = None
    if host is None or parts.scheme not in ("http", "https") or any(c.isspace() for c in text):
        raise UsageError(f"{given_as} {text[:200]!r} is not an http(s) URL", hint=f"e.g. {example}")
    return text.strip().rstrip("/")


class HttpSettings(msgspec.Struct, frozen=True):
    """Timeouts and the overall deadline (seconds), and the retry policy of every request."""

    connect_timeout: float = 5.0
    read_timeout: float = 60.0
    retries: int = 4
    backoff: float = 0.5
    max_retry_after: float = 30.0
    deadline: float = 120.0


class Validators(msgspec.Struct, frozen=True, omit_defaults=True):
    """What a server said about an answer, to ask 'has it changed?' next time."""

    etag: str | None = None
    last_modified: str | None = None

    @property
    def usable(self) -> bool:
        """True when there is a validator to send back."""
        return bool(self.etag or self.last_modified)

    def headers(self) -> dict[str, str]:
        """The conditional request headers these validators allow."""
        out = {}
        if self.etag:
            out["If-None-Match"] = self.etag
        if self.last_modified:
            out["If-Modified-Since"] = self.last_modified
        return out


class Answer(msgspec.Struct, frozen=True):
    """A server's final answer: status, the whole body of a 200, and its validators.

    ``content_type``: the media type the server declared (lower case, no parameters);
    ``location``: where a redirect not followed leads (``follow_redirects=False``).
    """

    url: str
    status: int
    reason: str
    body: bytes
    validators: Validators
    content_type: str = ""
    location: str | None = None


class TransferError(Exception):
    """No usable answer: ``reason`` says why in a few words (the caller names the URL).

    ``unreachable``: the server could not be reached or stopped answering (refused, dropped,
    timed out, past the deadline), as opposed to an answer refused for what it is (too
    large, redirected elsewhere, not decodable).
    """

    def __init__(self, reason: str, *, timed_out: bool = False, unreachable: bool = True) -> None:
        super().__init__(reason)
        self.reason = reason
        self.timed_out = timed_out
        self.unreachable = unreachable or timed_out


class Unreachable(TransferError):
    """A refused or dropped connection: worth another try."""


class Pacing:
    """The time before which no worker of a run sends anything (a server's Retry-After)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._until = 0.0

    def hold(self, seconds: float) -> None:
        """Every worker waits ``seconds`` from now before its next request."""
        with self._lock:
            self._until = max(self._until, time.monotonic() + seconds)

    def wait(self, deadline: float, cancelled: threading.Event | None = None) -> None:
        """Sleep until the held time has passed (never past ``deadline``; no longer once
        ``cancelled`` is set)."""
        delay = min(self._until, deadline) - time.monotonic()
        if delay > 0:
            (cancelled or threading.Event()).wait(delay)


class RunWarnings:
    """What a run's fetches warn of (a damaged cached copy, fetched again), in the order met.

    Shared by a run's workers, like ``Pacing``: a fetch tells ``add``; the command reads them
    (``since``) and tells the user, as it tells the card data's warnings, or a server logs them.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._said: list[str] = []

    def add(self, text: str) -> None:
        """Keep a warning (a ``Warn``)."""
        with self._lock:
            self._said.append(text)

    def since(self, start: int = 0) -> tuple[str, ...]:
        """The warnings from the ``start``-th on (0: all of them)."""
        with self._lock:
            return tuple(self._said[start:])

    def __len__(self) -> int:
        with self._lock:
            return len(self._said)
