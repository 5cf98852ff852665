"""History: the same engine across time. When a deck was legal, a card's history per format,
a format's periods as data and what each changed from the one before. Imports the calendar,
deckbuilding and format files.
"""

from __future__ import annotations

from nrdeck.rules.history.card import card_facts, card_formats, card_printings
from nrdeck.rules.history.deck import DatedFormat, dated_format, deck_history
from nrdeck.rules.history.periods import (
    community_period_on,
    community_periods,
    format_periods,
    period_on,
    periods_format,
)

__all__ = [
    "DatedFormat",
    "card_facts",
    "card_formats",
    "card_printings",
    "community_period_on",
    "community_periods",
    "dated_format",
    "deck_history",
    "format_periods",
    "period_on",
    "periods_format",
]
