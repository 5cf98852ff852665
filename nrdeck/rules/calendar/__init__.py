"""The calendar: what is in force on a date under a built-in format.

The corrected timeline of each format, the tiers' dates, the names of formats and lists, the
agenda caps, stale data, and the lookups a check reads. The foundation of the rules: it
imports no other wing.
"""

from __future__ import annotations

from nrdeck.rules.calendar.agendacap import agenda_cap, cap_disagreements
from nrdeck.rules.calendar.houserules import HouseRules
from nrdeck.rules.calendar.inforce import (
    FormatExtras,
    InForce,
    PoolOrigin,
    build_in_force,
    dated_period,
    make_in_force,
    period_corrections,
    select_builtin,
    unapplied_rules,
)
from nrdeck.rules.calendar.lists import list_name_warnings, nsg_name, number_in, own_lists
from nrdeck.rules.calendar.lookups import Lookups
from nrdeck.rules.calendar.names import (
    BUILTIN_FORMATS,
    CASUAL,
    LATEST,
    format_named,
    key_of,
    list_numbers,
    list_of_another_format,
    restriction_named,
    restriction_names,
    unknown_name,
)
from nrdeck.rules.calendar.staleness import stale_data, stale_facts
from nrdeck.rules.calendar.tier import (
    CASUAL_TIER,
    COMPETITIVE_TIER,
    TIERS,
    check_tier,
    competitive_date,
    legal_from,
)
from nrdeck.rules.calendar.timeline import Timeline, TimelinePeriod, format_timeline, set_release

__all__ = [
    "BUILTIN_FORMATS",
    "CASUAL",
    "CASUAL_TIER",
    "COMPETITIVE_TIER",
    "LATEST",
    "TIERS",
    "FormatExtras",
    "HouseRules",
    "InForce",
    "Lookups",
    "PoolOrigin",
    "Timeline",
    "TimelinePeriod",
    "agenda_cap",
    "build_in_force",
    "cap_disagreements",
    "check_tier",
    "competitive_date",
    "dated_period",
    "format_named",
    "format_timeline",
    "key_of",
    "legal_from",
    "list_name_warnings",
    "list_numbers",
    "list_of_another_format",
    "make_in_force",
    "nsg_name",
    "number_in",
    "own_lists",
    "period_corrections",
    "restriction_named",
    "restriction_names",
    "select_builtin",
    "set_release",
    "stale_data",
    "stale_facts",
    "unapplied_rules",
    "unknown_name",
]
