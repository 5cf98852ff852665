"""Recognising NetrunnerDB deck references: links, UUIDs and legacy numeric ids.

Kept apart from the fetching code so that telling a file from a link imports nothing of
the network stack.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import msgspec

__all__ = ["DeckRef", "LinkAdvice", "link_advice", "looks_like_link", "parse_deck_ref"]

# The patterns are compiled (and cached by ``re``) the first time a spec could match them, so
# telling a deck file from a link compiles nothing.
_UUID = r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}"
_BARE = rf"(?:{_UUID}|[0-9]+)"
_BARE_CHARS = frozenset("0123456789abcdefABCDEF-")
_HOST = "netrunnerdb.com/"
_URL = (
    rf"(?:https?://)?(?:www\.)?netrunnerdb\.com/(?:[a-z]{{2}}(?:[-_][a-zA-Z]{{2}})?/)?"
    rf"(decklist|deck/view|deck/edit)/({_UUID}|[0-9]+)(?:[/?#].*)?"
)


_LINK = r"(?:[a-zA-Z][a-zA-Z0-9+.-]*://|www\.|(?:jinteki\.net|netrunnerdb\.com)/)\S*"
_LINK_STARTS = ("www.", "jinteki.net/", "netrunnerdb.com/")
_DECK_LINK_HINT = (
    "give a NetrunnerDB deck link, https://netrunnerdb.com/en/decklist/<id> or "
    "/en/deck/view/<id>, or a saved decklist file"
)
# what to do with a link to a deckbuilder nrdeck knows but does not fetch from
_SITE_ADVICE = {
    "jinteki.net": (
        "nrdeck does not fetch decks from jinteki.net",
        "copy the deck's list as text from jinteki.net's deck builder into a file and check "
        "that file: nrdeck reads jinteki.net's text",
    ),
    "netrunnerdb.com": (
        "it is a NetrunnerDB page, not a deck's",
        "give the link of a deck's own page, https://netrunnerdb.com/en/decklist/<id> or "
        "/en/deck/view/<id>, or download the deck as a text file and check that file",
    ),
}


class DeckRef(msgspec.Struct, frozen=True):
    """A remote deck: a published ``decklist`` or a shared private ``deck``.

    ``kinds`` lists the endpoints to try in order: a bare id may be either.
    """

    id: str
    kinds: tuple[str, ...]


def parse_deck_ref(spec: str) -> DeckRef | None:
    """A NetrunnerDB deck URL, a bare UUID or a legacy numeric id; None for anything else."""
    spec = spec.strip()
    if spec and _BARE_CHARS.issuperset(spec) and re.fullmatch(_BARE, spec):
        return DeckRef(spec.lower(), ("decklist", "deck"))
    match = re.fullmatch(_URL, spec) if _HOST in spec else None
    if match is None:
        return None
    kind = "decklist" if match.group(1) == "decklist" else "deck"
    return DeckRef(match.group(2).lower(), (kind,))


class LinkAdvice(msgspec.Struct, frozen=True):
    """Why a link is no deck nrdeck can fetch (``message`` names it), and what to do."""

    message: str
    hint: str


def looks_like_link(spec: str) -> bool:
    """A web address (a scheme, ``www.``, or a deckbuilder's host and a path)."""
    spec = spec.strip()
    if "://" not in spec and not spec.startswith(_LINK_STARTS):
        return False  # a file name: no pattern compiled
    return re.fullmatch(_LINK, spec) is not None


def link_advice(spec: str) -> LinkAdvice:
    """What to say of a link that is not a NetrunnerDB deck link: a deckbuilder nrdeck knows
    (jinteki.net, a NetrunnerDB page that is no deck) gets its own next step."""

    link = spec.strip()
    host = urlsplit(link if "://" in link else f"//{link}").hostname or ""
    site = next((s for s in _SITE_ADVICE if host == s or host.endswith(f".{s}")), None)
    said = f"{link} is not a NetrunnerDB deck link"
    if site is None:
        return LinkAdvice(said, _DECK_LINK_HINT)
    why, hint = _SITE_ADVICE[site]
    return LinkAdvice(f"{said}: {why}", hint)
