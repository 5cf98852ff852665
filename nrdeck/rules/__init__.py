"""CHECKS: what is in force on a date (``select``) and every problem in a deck (``check_deck``).

Pure functions over loaded data: no file, network, environment or clock.
"""

from __future__ import annotations

from nrdeck.rules.calendar.houserules import HouseRules
from nrdeck.rules.calendar.inforce import BUILTIN_FORMATS, FormatExtras, InForce
from nrdeck.rules.deckbuilding.check import check_deck
from nrdeck.rules.selection import Selection, select

__all__ = [
    "BUILTIN_FORMATS",
    "FormatExtras",
    "HouseRules",
    "InForce",
    "Selection",
    "check_deck",
    "select",
]
