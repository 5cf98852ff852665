"""Deckbuilding: every problem in one deck under what is in force (``check_deck``).

Construction (identity, side, size, copies, agenda points), influence, the identities' own
rules, and legality (pool, release dates, ban-list mechanics, format extras), on the deck as
the checks see it. Imports only the calendar.
"""

from __future__ import annotations

from nrdeck.rules.deckbuilding.cardids import rule_card_ids
from nrdeck.rules.deckbuilding.check import check_deck
from nrdeck.rules.deckbuilding.context import DeckContext
from nrdeck.rules.deckbuilding.influence import ALLIANCE
from nrdeck.rules.deckbuilding.legality import unavailable_reason

__all__ = ["ALLIANCE", "DeckContext", "check_deck", "rule_card_ids", "unavailable_reason"]
