"""Event settings: an organiser's tournament settings against the calendar, and the rules of
registrations (one Corp and one Runner deck each, each player once). Imports only the
calendar.
"""

from __future__ import annotations

from nrdeck.rules.event.registration import check_sides, find_set, limit_pool, mark_duplicates
from nrdeck.rules.event.tournament import (
    TournamentSettings,
    calendar_warnings,
    format_of_name,
    tier_of_type,
    usable_list,
    usable_set,
)

__all__ = [
    "TournamentSettings",
    "calendar_warnings",
    "check_sides",
    "find_set",
    "format_of_name",
    "limit_pool",
    "mark_duplicates",
    "tier_of_type",
    "usable_list",
    "usable_set",
]
