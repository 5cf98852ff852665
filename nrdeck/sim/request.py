"""What a simulation is asked: queries or a report, groups, the mulligan rule, the schedule."""

from __future__ import annotations

import msgspec

from nrdeck.errors import UsageError
from nrdeck.sim.exact import DEFAULT_STATE_CAP
from nrdeck.sim.query import Query, parse_query
from nrdeck.sim.reports import REPORT_BY_NAME

METHODS = ("auto", "exact", "mc")


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
    state_cap: int = DEFAULT_STATE_CAP


def validate(request: SimRequest) -> None:
    """Reject impossible options with one clear line."""
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
    if request.mulligan and request.keep:
        raise UsageError("--mulligan and --keep are exclusive", hint="give one rule")
    if request.report and request.report not in REPORT_BY_NAME:
        raise UsageError(
            f"--report {request.report!r}: expected one of {', '.join(REPORT_BY_NAME)}"
        )


def mulligan_rule(request: SimRequest) -> tuple[Query | None, bool]:
    """The parsed rule, and True when it names hands to mulligan (False: hands to keep)."""
    if request.mulligan:
        return parse_query(request.mulligan, "--mulligan"), True
    if request.keep:
        return parse_query(request.keep, "--keep"), False
    return None, True
