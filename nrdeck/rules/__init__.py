"""Deck legality: what is in force on a date (select) and every problem in a deck (check_deck)."""

from __future__ import annotations

from nrdeck.rules.check import check_deck
from nrdeck.rules.inforce import BUILTIN_FORMATS, FormatExtras, InForce, UserAdditions, select

__all__ = ["BUILTIN_FORMATS", "FormatExtras", "InForce", "UserAdditions", "check_deck", "select"]
