"""The one HTTP layer: every request for card data and remote decks goes through HttpClient.

- one requests session per client, one client per worker (``map_concurrently``);
- 429/500/502/503/504 and refused or dropped connections are retried with exponential
  backoff; ``Retry-After`` is honoured in both RFC forms (seconds or an HTTP date; anything
  else is ignored) and holds every worker of a run (``Pacing``); a timeout is not retried,
  so a hung server costs one timeout;
- each answer's decompressed size is capped, and each request has an overall deadline
  (connecting, waiting, retries and reading the body included), so a body trickled a byte
  at a time ends;
- redirects are followed only within the origin (scheme, host and port) first asked;
- ``Validators`` (ETag, Last-Modified) make conditional requests;
- nothing here prints or logs: what a fetch met that the user should hear of (a damaged
  cached copy) goes to the ``Warn`` its caller gave, usually a run's ``RunWarnings``.

The package holds the values; the client (``nrdeck.http.client``) and the workers
(``nrdeck.http.workers``) are imported by the code about to make a request, and requests only
when a client sends its first request, so checking a local deck never loads the network
stack. The session honours ``HTTPS_PROXY`` / ``HTTP_PROXY`` / ``NO_PROXY`` and
``REQUESTS_CA_BUNDLE`` as requests does.
"""

from nrdeck.http.values import (
    DEFAULT_API_URL,
    DEFAULT_V2_URL,
    USER_AGENT,
    Answer,
    HttpSettings,
    Pacing,
    RunWarnings,
    TransferError,
    Validators,
    Warn,
)

__all__ = [
    "DEFAULT_API_URL",
    "DEFAULT_V2_URL",
    "USER_AGENT",
    "Answer",
    "HttpSettings",
    "Pacing",
    "RunWarnings",
    "TransferError",
    "Validators",
    "Warn",
]
