"""What a simulation is asked: the query language, the groups a query counts, what an agenda
is worth once stolen, how many cards each side sees by each turn, the built-in reports, and
the request that carries them. The bottom of the simulation: imports no other wing of it.
"""

from __future__ import annotations

from nrdeck.sim.ask.groups import (
    BUILTIN_HELP,
    FALLBACK_ECONOMY_SUBTYPE,
    NO_TEXT_FACTS,
    Group,
    GroupResolver,
    find_titles,
    parse_user_group,
)
from nrdeck.sim.ask.query import (
    Cmp,
    Expr,
    Query,
    QueryError,
    compile_leaves,
    map_leaves,
    parse_query,
)
from nrdeck.sim.ask.reports import ACCESSES, CARDS, REPORT_BY_NAME, ColumnSpec, SectionSpec
from nrdeck.sim.ask.request import SimRequest, mulligan_rule, validate
from nrdeck.sim.ask.schedule import Schedule, build_schedule, parse_click_draws

__all__ = [
    "ACCESSES",
    "BUILTIN_HELP",
    "CARDS",
    "FALLBACK_ECONOMY_SUBTYPE",
    "NO_TEXT_FACTS",
    "REPORT_BY_NAME",
    "Cmp",
    "ColumnSpec",
    "Expr",
    "Group",
    "GroupResolver",
    "Query",
    "QueryError",
    "Schedule",
    "SectionSpec",
    "SimRequest",
    "build_schedule",
    "compile_leaves",
    "find_titles",
    "map_leaves",
    "mulligan_rule",
    "parse_click_draws",
    "parse_query",
    "parse_user_group",
    "validate",
]
