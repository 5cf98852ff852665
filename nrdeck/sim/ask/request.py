"""What a simulation is asked: queries or a report, groups, the mulligan rule, the schedule,
and the what-if questions (sweep, pad, compare, target, optimal mulligan)."""

from __future__ import annotations

import msgspec

from nrdeck.errors import UsageError
from nrdeck.sim.ask.query import Query, parse_query
from nrdeck.sim.ask.reports import REPORT_BY_NAME

METHODS = ("auto", "exact", "mc")
DEFAULT_EXACT_BUDGET = 3.0  # seconds the exact method may be expected to take under auto


class SimRequest(msgspec.Struct, frozen=True):
    """What to simulate: queries or a report, groups, the mulligan rule, the schedule."""

    queries: tuple[str, ...] = ()
    groups: tuple[str, ...] = ()
    mulligan: str | None = None
    keep: str | None = None
    side: str | None = None
    click_draws: str | None = None
    turns: int = 11
    method: str = "auto"
    games: int = 200_000
    seed: int = 0
    report: str | None = None
    sample: int = 0
    exact_budget: float = DEFAULT_EXACT_BUDGET
    sweep: str | None = None  # NAME=a..b: a title or group at a..b copies
    pad: int = 0  # compare with N more blank cards
    compare: bool = False  # compare with another deck (given to the engine)
    target: str | None = None  # QUERY>=P%@Tk
    optimal_mulligan: str | None = None  # QUERY@Tk
    fractions: bool = False  # exact arithmetic (tests): odds are Fractions


def validate(request: SimRequest) -> None:
    """Reject impossible options and combinations with one clear line."""
    if request.method not in METHODS:
        raise UsageError(f"--method {request.method!r}: expected exact, mc or auto")
    if not 0 <= request.turns <= 60:
        raise UsageError(f"--turns {request.turns}: expected 0 to 60")
    if request.games < 1:
        raise UsageError(f"--games {request.games}: expected at least 1")
    if request.seed < 0:
        raise UsageError(f"--seed {request.seed}: expected a whole number, 0 or more")
    if request.sample < 0:
        raise UsageError(f"--sample {request.sample}: expected 0 or more")
    if request.pad < 0:
        raise UsageError(f"--pad {request.pad}: expected a number of blank cards to add")
    if not request.exact_budget > 0:
        raise UsageError(f"--exact-budget {request.exact_budget}: expected seconds above 0")
    if request.mulligan and request.keep:
        raise UsageError("--mulligan and --keep are exclusive", hint="give one rule")
    if request.report and request.report not in REPORT_BY_NAME:
        raise UsageError(
            f"--report {request.report!r}: expected one of {', '.join(REPORT_BY_NAME)}"
        )
    _exclusive(request)


def _exclusive(request: SimRequest) -> None:
    """One what-if question at a time, each with what it can be combined with."""
    variants = [
        name
        for name, given in (
            ("--sweep", request.sweep and not request.target),
            ("--pad", request.pad),
            ("--compare", request.compare),
        )
        if given
    ]
    if len(variants) > 1:
        raise UsageError(f"{' and '.join(variants)} are exclusive", hint="ask one at a time")
    if variants and request.sample:
        raise UsageError(f"--sample shows the deck's own hands; drop it with {variants[0]}")
    single = [
        name
        for name, given in (
            ("--target", request.target),
            ("--optimal-mulligan", request.optimal_mulligan),
        )
        if given
    ]
    others = request.queries or request.report or variants or request.sample
    if single and (len(single) > 1 or others):
        raise UsageError(
            f"{single[0]} answers one question: give it without queries, --report, --sample, "
            "--pad, --compare or the other question",
            hint="run the tables separately",
        )
    if request.optimal_mulligan and (request.mulligan or request.keep):
        raise UsageError("--optimal-mulligan finds the rule: drop --mulligan and --keep")


def mulligan_rule(request: SimRequest) -> tuple[Query | None, bool]:
    """The parsed rule, and True when it names hands to mulligan (False: hands to keep)."""
    if request.mulligan:
        return parse_query(request.mulligan, "--mulligan"), True
    if request.keep:
        return parse_query(request.keep, "--keep"), False
    return None, True
