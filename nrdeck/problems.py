"""Problems: the currency of every check. Frozen values with stable codes."""

from __future__ import annotations

from enum import Enum

import msgspec
from msgspec import field


class Severity(str, Enum):
    """How much a problem weighs on the verdict."""

    ERROR = "error"
    WARNING = "warning"


# The stable problem codes (docs/reference/legality.md), each with a one-line description.
CODES: dict[str, str] = {
    "identity-missing": "the deck has no identity, or a card named as its identity is not one",
    "identity-multiple": "the deck has more than one identity",
    "identity-copies": "the identity is listed with more than one copy",
    "side-mismatch": "a card is not on the identity's side",
    "deck-size": "fewer cards than the identity's minimum deck size",
    "copies": "more copies of a card than its deck limit",
    "influence": "more influence spent than the identity's limit",
    "no-influence-value": "an out-of-faction card without influence value",
    "agenda-points": "agenda points outside the band for the deck size",
    "identity-forbids-card": "the identity forbids a card",
    "singleton": "more than one copy of a card in a singleton deck",
    "ampere-agendas": "more than 2 different agendas from one Corp faction (Ampère)",
    "identity-not-in-format": "the identity is not allowed in this format",
    "not-in-card-pool": "a card is not in the format's card pool on that date",
    "banned": "a banned card",
    "restricted": "more than one distinct restricted card",
    "points": "more Eternal points than the limit",
    "startup-agenda-cap": "too many agendas worth 3 or more points (Startup)",
    "one-box": "more copies than one System Gateway box holds",
    "competitive-delay": "a card legal at casual events, not yet at competitive ones (a warning)",
    "unknown-card": "a card name or code that matches no card",
    "ambiguous-card": "a card name that matches several cards equally well",
    "parse-error": "a line or file that could not be read",
    "deck-unavailable": "a remote deck could not be fetched",
    "deck-private": "a NetrunnerDB deck is private (403): its owner must share or publish it",
    "deck-not-found": "NetrunnerDB has no deck with this id",
    "not-a-deck-link": "a link that is not a NetrunnerDB deck link",
    "encoding": "the file was not UTF-8 and was read as cp1252",
    "event-deck-missing": "an event player registered no deck for one side",
    "event-side-swapped": "an event player's Corp and Runner decks are in each other's columns",
    "event-wrong-side": "an event player's Corp or Runner column holds a deck of the other side",
    "event-duplicate-player": "a player is registered more than once in an event roster",
    "event-path-refused": "a roster cell names a file outside the roster's folder (not read)",
    "event-list-differs": "a registered list differs from the list in the roster compared with",
    "internal-error": "nrdeck failed on this deck: a bug to report",
}
INTERNAL_ERROR = "internal-error"


class Location(msgspec.Struct, frozen=True):
    """Where a problem comes from: a source (file path, URL, '-') and a 1-based line."""

    source: str | None = None
    line: int | None = None


class Problem(msgspec.Struct, frozen=True):
    """One finding about a deck: stable code, message, the rule it breaks, where."""

    code: str
    message: str
    rule: str = ""
    cards: tuple[str, ...] = ()
    location: Location = field(default_factory=Location)
    severity: Severity = Severity.ERROR

    def __post_init__(self) -> None:
        if self.code not in CODES:
            raise ValueError(f"unknown problem code {self.code!r}")

    @property
    def line(self) -> int | None:
        """The source line, when there is one."""
        return self.location.line
