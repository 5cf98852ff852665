"""The what-if questions answered exactly: the fewest copies for a target chance, and the
keep-or-mulligan rule that maximises a goal."""

from __future__ import annotations

import re
from typing import Any

from nrdeck.errors import UsageError
from nrdeck.quoting import excerpt
from nrdeck.results.simulation import Simulation, TargetResult, TargetStep
from nrdeck.sim.answers.optimal import optimal_rule
from nrdeck.sim.answers.run import (
    Run,
    Tally,
    base_pool,
    build_problem,
    group_key,
    resolve_query,
    solve_problem,
)
from nrdeck.sim.answers.tables import assumptions, identity_title
from nrdeck.sim.answers.variants import parse_sweep, pool_with, sweep_item
from nrdeck.sim.ask import Query, find_titles, parse_query

_TARGET = re.compile(
    r"^(?P<query>.+?)\s*>=\s*(?P<p>\d+(?:\.\d+)?)\s*%\s*@\s*[Tt]?(?P<turn>\d+)\s*$"
)
_GOAL = re.compile(r"^(?P<query>.+?)\s*@\s*[Tt]?(?P<turn>\d+)\s*$")


def parse_goal(text: str, what: str) -> tuple[Query, int]:
    """``QUERY@Tk`` -> the query and the turn k it is judged on."""
    match = _GOAL.match(text)
    if match is None:
        raise UsageError(f"{what} {excerpt(text)}: expected QUERY@Tk", hint='e.g. "breaker>=1@T2"')
    return parse_query(match.group("query"), what), int(match.group("turn"))


def parse_target(text: str) -> tuple[Query, float, int]:
    """``QUERY>=P%@Tk`` -> the query, the chance P/100 and the turn k."""
    match = _TARGET.match(text)
    if match is None or not 0 < float(match.group("p")) <= 100:
        raise UsageError(
            f"--target {excerpt(text)}: expected QUERY>=P%@Tk with 0 < P <= 100",
            hint='e.g. --target "breaker>=1>=90%@T2"',
        )
    query = parse_query(match.group("query"), "--target")
    return query, float(match.group("p")) / 100, int(match.group("turn"))


def answer(run: Run) -> Simulation:
    """The Simulation carrying the answer to --target or --optimal-mulligan."""
    tally = Tally()
    req = run.request
    if req.target:
        target, optimal = fewest_copies(run, tally), None
    else:
        assert req.optimal_mulligan is not None
        goal, turn = parse_goal(req.optimal_mulligan, "--optimal-mulligan")
        target, optimal = None, optimal_rule(run, tally, goal, turn)
    pool = base_pool(run)
    return Simulation(
        deck=pool.label,
        side=run.side,
        identity=identity_title(run),
        deck_size=pool.size,
        sections=(),
        assumptions=assumptions(run, pool, tally),
        seed=req.seed,
        method="mc" if "mc" in tally.solvers else "exact",
        mulligan=run.rule.text if run.rule else None,
        mulligan_rate=None if tally.mulligan_rate is None else float(tally.mulligan_rate),
        random="mc" in tally.solvers,
        target=target,
        optimal=optimal,
    )


def fewest_copies(run: Run, tally: Tally) -> TargetResult:
    """Copies of the swept (or the query's only) title or group, fewest first, to the target."""
    assert run.request.target is not None
    query, chance, turn = parse_target(run.request.target)
    resolve_query(run, query)
    name, quoted, low, high, given = _range(run, query)
    item = sweep_item(run, name, quoted, "--target")
    if not given:
        high = min(high, item.current + item.free)
    steps = []
    fewest = None
    pool = base_pool(run)
    seen = run.schedule.cards_seen(pool.size, turn)
    for copies in range(low, high + 1):
        varied = pool_with(run, item, copies, f"{copies}", "--target")
        problem = build_problem(run, varied, [query], seen, True)
        odds = solve_problem(run, tally, problem, (80, copies))
        if run.rule is not None and tally.mulligan_rate is None:
            tally.mulligan_rate = odds.mulligan_rate
        p: Any = odds.queries[0].at_turn[turn]
        steps.append(TargetStep(copies, p))
        if p >= chance - 1e-12:
            fewest = copies
            if query.monotone:
                break
    return TargetResult(query.text, item.name, chance, turn, tuple(steps), fewest)


def _range(run: Run, query: Query) -> tuple[str, bool, int, int, bool]:
    """What to vary, from and to, and whether the range was given (--sweep NAME=a..b).

    Without --sweep: the query's only group or title, from 0 to its deck limit (a title)
    or as many as the deck's cards outside the queries allow (a group).
    """
    if run.request.sweep:
        name, quoted, a, b = parse_sweep(run.request.sweep)
        return name, quoted, a, b, True
    keys = {group_key(leaf.group, leaf.quoted): leaf for leaf in query.leaves}
    if len(keys) != 1:
        raise UsageError(
            f"--target: {excerpt(query.text)} names {len(keys)} groups; say which one to vary",
            hint='add --sweep NAME=a..b, e.g. --sweep "Sure Gamble=0..3"',
        )
    leaf = next(iter(keys.values()))
    high = sum(run.counts.values())
    if leaf.quoted or run.resolver.resolve(leaf.group) is None:
        cards = find_titles(run.db, leaf.group)
        if cards and len(cards) == 1:
            high = max(cards[0].deck_limit, run.counts.get(cards[0].id, 0))
    return leaf.group, leaf.quoted, 0, high, False
