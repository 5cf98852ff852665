"""CHECKS: what is in force on a date (``select``) and every problem in a deck (``check_deck``).

Pure functions over loaded data: no file, network, environment or clock. Six wings, each
importing only those below it (docs/design/layout.md): ``calendar`` (what is in force on a
date) at the bottom; ``deckbuilding`` (one deck's problems), ``formatfiles`` (house and
community formats) and ``event`` (tournament settings, registrations) on it; ``history``
on those; ``datahealth`` on top. ``selection`` chooses between a built-in format and a
format file. Outside a wing, import its front (its ``__init__``).
"""

from __future__ import annotations

from nrdeck.rules.calendar import BUILTIN_FORMATS, FormatExtras, HouseRules, InForce
from nrdeck.rules.deckbuilding import check_deck
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
