"""Recognising NetrunnerDB deck references: links, UUIDs and legacy numeric ids.

Kept apart from the fetching code so that telling a file from a link imports nothing of
the network stack.
"""

from __future__ import annotations

import re

import msgspec

__all__ = ["DeckRef", "parse_deck_ref"]

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
