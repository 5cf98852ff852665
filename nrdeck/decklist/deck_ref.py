"""Recognising NetrunnerDB deck references: links, UUIDs and legacy numeric ids.

Kept apart from the fetching code so that telling a file from a link imports nothing of
the network stack.
"""

from __future__ import annotations

import re

import msgspec

from nrdeck.http import DEFAULT_V2_URL

__all__ = ["DEFAULT_V2_URL", "DeckRef", "parse_deck_ref"]

_UUID = r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}"
_BARE = re.compile(rf"^(?:{_UUID}|\d+)$")
_URL = re.compile(
    rf"^(?:https?://)?(?:www\.)?netrunnerdb\.com/(?:[a-z]{{2}}(?:[-_][a-zA-Z]{{2}})?/)?"
    rf"(decklist|deck/view|deck/edit)/({_UUID}|\d+)(?:[/?#].*)?$"
)


class DeckRef(msgspec.Struct, frozen=True):
    """A remote deck: a published ``decklist`` or a shared private ``deck``.

    ``kinds`` lists the endpoints to try in order: a bare id may be either.
    """

    id: str
    kinds: tuple[str, ...]


def parse_deck_ref(spec: str) -> DeckRef | None:
    """A NetrunnerDB deck URL, a bare UUID or a legacy numeric id; None for anything else."""
    spec = spec.strip()
    if _BARE.match(spec):
        return DeckRef(spec.lower(), ("decklist", "deck"))
    match = _URL.match(spec)
    if match is None:
        return None
    kind = "decklist" if match.group(1) == "decklist" else "deck"
    return DeckRef(match.group(2).lower(), (kind,))
