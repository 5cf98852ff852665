"""What ``--cobra TOURNAMENT`` and ``--cobra-url`` name: a Cobra, and a tournament on it.

Kept apart from the fetching code (``nrdeck.cobra.client``) so that the command line's
settings import nothing more than this.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import msgspec

from nrdeck.errors import UsageError
from nrdeck.http.values import http_base_url

DEFAULT_COBRA_URL = "https://tournaments.nullsignal.games"
PUBLIC_HOSTS = frozenset({"tournaments.nullsignal.games", "cobr.ai", "www.cobr.ai"})
# compiled (and cached by ``re``) on first use: the command line's settings compile nothing
_SLUG = r"[0-9A-Za-z]{1,4}"
_ID = r"[0-9]{1,12}"
_HOST = r"[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+(?::[0-9]+)?(?:/|$)"  # a link without a scheme
_PAGE = r"/(?:beta/)?tournaments/([0-9]{1,12})(?:/.*)?"
_HINT = "give the tournament's id (5871), its page's URL or its short link"


class CobraSettings(msgspec.Struct, frozen=True):
    """Which tournament, on which Cobra (``--cobra``, ``--cobra-url``/``NRDECK_COBRA_URL``)."""

    tournament: str
    base_url: str = DEFAULT_COBRA_URL


class TournamentRef(msgspec.Struct, frozen=True):
    """A tournament as TOURNAMENT names it: an id, or a short link's slug."""

    base: str
    id: int | None = None
    slug: str | None = None

    @property
    def label(self) -> str:
        """'tournament 5871' or 'short link K7QZ'."""
        return f"tournament {self.id}" if self.id is not None else f"short link {self.slug}"


def base_url(text: str) -> str:
    """The Cobra base URL (``--cobra-url``): http(s), no trailing slash."""
    return http_base_url(text, "--cobra-url", DEFAULT_COBRA_URL)


def tournament_ref(text: str, base: str) -> TournamentRef:
    """What TOURNAMENT names: an id, a tournament page of this Cobra, or a short link."""
    spec = text.strip()
    if re.fullmatch(_ID, spec):
        return TournamentRef(base, id=int(spec))
    if re.fullmatch(_SLUG, spec):
        return TournamentRef(base, slug=spec.upper())
    if "://" not in spec and not re.match(_HOST, spec):
        raise UsageError(f"--cobra {spec[:200]!r} names no Cobra tournament", hint=_HINT)
    url = spec if "://" in spec else f"https://{spec}"
    try:
        parts = urlsplit(url)
        host = (parts.hostname or "").lower()
    except ValueError:
        raise UsageError(f"--cobra {spec[:200]!r} names no Cobra tournament", hint=_HINT) from None
    if host not in PUBLIC_HOSTS and host != (urlsplit(base).hostname or "").lower():
        raise UsageError(
            f"--cobra {spec[:200]!r} is on {host or 'no host'}, not on Cobra ({base})",
            hint="set --cobra-url (or NRDECK_COBRA_URL) to that Cobra, or " + _HINT,
        )
    page = re.fullmatch(_PAGE, parts.path)
    if page is not None:
        return TournamentRef(base, id=int(page.group(1)))
    slug = parts.path.strip("/")
    if re.fullmatch(_SLUG, slug):
        return TournamentRef(base, slug=slug.upper())
    raise UsageError(f"--cobra {spec[:200]!r} names no Cobra tournament", hint=_HINT)
