"""The one HTTP seam: a requests session with timeouts, retries, a User-Agent.

Only ``nrdeck.cards`` and ``nrdeck.decklist.nrdb_url`` import this module, and requests is
imported only when a session is made, so checking a local deck never loads the network
stack.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec

from nrdeck import __version__

if TYPE_CHECKING:
    import requests

DEFAULT_API_URL = "https://api.netrunnerdb.com/api/v3/public"
DEFAULT_V2_URL = "https://netrunnerdb.com/api/2.0/public"
USER_AGENT = f"nrdeck/{__version__}"
RETRY_STATUSES = (429, 500, 502, 503, 504)


class HttpSettings(msgspec.Struct, frozen=True):
    """Timeouts (seconds) and retry policy for every request."""

    connect_timeout: float = 5.0
    read_timeout: float = 60.0
    retries: int = 4
    backoff: float = 0.5
    max_retry_after: float = 30.0


def make_session(settings: HttpSettings | None = None) -> requests.Session:
    """A session that retries 429/5xx with exponential backoff, honouring Retry-After."""
    import requests
    from requests.adapters import HTTPAdapter
    from urllib3.util.retry import Retry

    settings = settings or HttpSettings()
    cap = settings.max_retry_after

    class CappedRetry(Retry):
        """Retry that never sleeps longer than the configured cap for a Retry-After."""

        def get_retry_after(self, response):  # type: ignore[no-untyped-def]
            value = super().get_retry_after(response)
            return None if value is None else min(value, cap)

    retry = CappedRetry(
        total=settings.retries,
        connect=settings.retries,
        read=settings.retries,
        status=settings.retries,
        backoff_factor=settings.backoff,
        status_forcelist=RETRY_STATUSES,
        allowed_methods=frozenset({"GET", "HEAD"}),
        respect_retry_after_header=True,
        raise_on_status=False,
        backoff_max=max(cap, settings.backoff),
    )
    session = requests.Session()
    adapter = HTTPAdapter(max_retries=retry)
    session.mount("http://", adapter)
    session.mount("https://", adapter)
    session.headers["User-Agent"] = USER_AGENT
    return session


def timeouts(settings: HttpSettings | None = None) -> tuple[float, float]:
    """(connect, read) timeouts for requests' ``timeout=``."""
    settings = settings or HttpSettings()
    return (settings.connect_timeout, settings.read_timeout)
