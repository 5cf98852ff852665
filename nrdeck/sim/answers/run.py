"""A simulation run: the request read once against the deck, and problems solved for it.

``prepare`` reads the request (side, schedule, mulligan rule, every query and group);
``build_problem`` and ``solve_problem`` answer one query for one ``Pool`` of cards (the
deck, or a variant of it), remembering what was solved and how.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import msgspec
from msgspec import field

from nrdeck.catalog import CardDB
from nrdeck.deck import Deck
from nrdeck.errors import UsageError
from nrdeck.quoting import excerpt
from nrdeck.results.simulation import GroupInfo
from nrdeck.sim.ask import (
    BUILTIN_HELP,
    REPORT_BY_NAME,
    ColumnSpec,
    Group,
    GroupResolver,
    Query,
    QueryError,
    Schedule,
    SectionSpec,
    SimRequest,
    build_schedule,
    mulligan_rule,
    parse_click_draws,
    parse_query,
    parse_user_group,
    validate,
)
from nrdeck.sim.solvers import Choice, Odds, OddsProblem, build_atoms, choose, solve

# Without --click-draws: the Corp relies on its mandatory draw; the Runner clicks once.
DEFAULT_CLICK_DRAWS = {"corp": (), "runner": (1,)}


class Pool(msgspec.Struct, frozen=True):
    """Cards as the solvers see them: copies per card id, the deck size, added members.

    ``extra[key]`` adds card ids (generic members of a swept group) to the group ``key``;
    ``size`` may differ from the copies counted (blank cards added, cards in no group cut).
    """

    label: str
    counts: Mapping[str, int]
    size: int
    extra: Mapping[str, Mapping[str, int]] = field(default_factory=dict)
    note: str = ""


class Tally(msgspec.Struct):
    """What one simulation learns while it runs: methods used, why, the mulligan rate."""

    solvers: set[str] = field(default_factory=set)  # "closed", "dp", "dense", "mc"
    reasons: list[str] = field(default_factory=list)
    mulligan_rate: Any = None
    states: int = 0  # the dynamic programme's largest law
    vectors: int = 0  # the closed form's count vectors


class Run(msgspec.Struct):
    """The request read once: what every pool and section shares."""

    request: SimRequest
    db: CardDB
    deck: Deck
    side: str
    counts: Mapping[str, int]
    resolver: GroupResolver
    schedule: Schedule
    rule: Query | None
    mulligan_if: bool
    specs: list[SectionSpec]
    used: dict[str, Group] = field(default_factory=dict)
    memo: dict[OddsProblem, tuple[Odds, Choice]] = field(default_factory=dict)
    closed_memo: dict[Any, Any] = field(default_factory=dict)

    @property
    def exact(self) -> bool:
        """True when odds are computed in Fractions (tests)."""
        return self.request.fractions


def group_key(name: str, quoted: bool) -> str:
    """The key of a group name: quoted titles and bare names never collide."""
    return ("\0" if quoted else "") + name


def prepare(deck: Deck, db: CardDB, request: SimRequest) -> Run:
    """Validate the request against the deck and resolve every query and group once."""
    validate(request)
    side = deck_side(deck, db, request.side)
    counts = {i: n for i, n in deck.counts().items() if i in db.cards and n > 0}
    if not counts:
        raise UsageError(f"{deck.source}: no cards to simulate", hint="check the decklist")
    user = dict(parse_user_group(spec) for spec in request.groups)
    identity_id = deck.identity.card_id if deck.identity else None
    identity = db.cards.get(identity_id) if identity_id else None
    draws = parse_click_draws(request.click_draws, side)
    if request.click_draws is None:
        draws = DEFAULT_CLICK_DRAWS[side]
    schedule = build_schedule(side, request.turns, draws, len(draws) == 1, identity)
    rule, mull_if = mulligan_rule(request)
    resolver = GroupResolver(db, counts, user)
    run = Run(request, db, deck, side, counts, resolver, schedule, rule, mull_if, [])
    run.specs = section_specs(request, side)
    for name in user:
        resolve_group(run, name, False, None)
    for spec in run.specs:
        for name in ("agenda", "points", "runner_points") if spec.density else ():
            resolve_group(run, name, False, None)
        for column in spec.columns:
            resolve_query(run, parse_query(column.query, _what(spec)))
    if rule is not None:
        resolve_query(run, rule)
    return run


def _what(spec: SectionSpec) -> str:
    return "query" if spec.title == "Queries" else f"report query ({spec.title})"


def base_pool(run: Run) -> Pool:
    """The deck as it is."""
    deck = run.deck
    return Pool(deck.name or deck.source, run.counts, sum(run.counts.values()))


def deck_side(deck: Deck, db: CardDB, override: str | None) -> str:
    """The deck's side: its identity's, else most cards'; --side only where that is unclear."""
    if override and override not in ("corp", "runner"):
        raise UsageError(f"--side {override!r}: expected corp or runner")
    known = None
    if deck.identity and deck.identity.card_id in db.cards:
        known = db.card(deck.identity.card_id).side
    else:
        sides = {db.card(e.card_id).side for e in deck.entries if e.card_id in db.cards}
        known = sides.pop() if len(sides) == 1 else None
    if known and override and override != known:
        raise UsageError(
            f"--side {override}: {deck.source} is a {known.capitalize()} deck",
            hint="drop --side: it only settles decks whose side cannot be told",
        )
    if known or override:
        return known or override or ""
    sides_list = [db.card(e.card_id).side for e in deck.entries if e.card_id in db.cards]
    if not sides_list:
        raise UsageError(f"{deck.source}: cannot tell the side", hint="pass --side corp|runner")
    return max(("corp", "runner"), key=sides_list.count)


def section_specs(request: SimRequest, side: str) -> list[SectionSpec]:
    """The tables to compute: the queries given, a report, or the side's own report."""
    specs: list[SectionSpec] = []
    if request.queries:
        columns = tuple(ColumnSpec(q.strip(), q) for q in request.queries)
        specs.append(SectionSpec("Queries", columns))
    if request.report:
        specs.extend(REPORT_BY_NAME[request.report](side))
    if not specs and not (request.target or request.optimal_mulligan):
        specs.extend(REPORT_BY_NAME[side](side))
    return specs


def resolve_group(run: Run, name: str, quoted: bool, query: Query | None, col: int = 0) -> Group:
    """Resolve a group name (cached); an unknown name is a usage error saying where it is."""
    key = group_key(name, quoted)
    if key not in run.used:
        group = run.resolver.resolve(name, quoted)
        if group is None:
            unknown = f"unknown {'card' if quoted else 'group'} {excerpt(name)}"
            hint = f"use {BUILTIN_HELP}"
            if query is not None:
                raise QueryError(query.what, query.text, unknown, col, hint=hint)
            raise UsageError(unknown, hint=hint)
        run.used[key] = group
    return run.used[key]


def resolve_query(run: Run, query: Query) -> list[Group]:
    """Every leaf's group, resolved."""
    return [resolve_group(run, x.group, x.quoted, query, x.col) for x in query.leaves]


def pool_group(run: Run, pool: Pool, key: str) -> Group:
    """A group as it is in the pool: the deck's members plus the pool's generic ones."""
    group = run.used[key]
    extra = pool.extra.get(key)
    if not extra:
        return group
    return msgspec.structs.replace(group, weights={**group.weights, **extra})


def _indices(query: Query, local: dict[str, int]) -> tuple[int, ...]:
    """Each leaf's group index among the problem's own groups (``local``, filled in)."""
    return tuple(
        local.setdefault(group_key(leaf.group, leaf.quoted), len(local)) for leaf in query.leaves
    )


def build_problem(
    run: Run, pool: Pool, queries: Sequence[Query], seen: Sequence[int], mull: bool
) -> OddsProblem:
    """The solvers' input: the pool's atoms over the queries' (and the rule's) groups."""
    local: dict[str, int] = {}
    leaf_groups = tuple(_indices(q, local) for q in queries)
    rule = run.rule if mull else None
    rule_groups = _indices(rule, local) if rule else ()
    groups = [pool_group(run, pool, key) for key in local]
    atoms = build_atoms(pool.counts, groups, pool.size)
    return OddsProblem(
        atoms, tuple(queries), leaf_groups, tuple(seen), rule, rule_groups, run.mulligan_if
    )


def solve_problem(run: Run, tally: Tally, problem: OddsProblem, stream: Sequence[int]) -> Odds:
    """Odds for a problem: the solver chosen by cost, remembered per problem."""
    if problem not in run.memo:
        req = run.request
        choice = choose(problem, req.method, req.exact_budget)
        seed = (req.seed, *stream)
        odds = solve(
            choice, problem, exact=run.exact, games=req.games, seed=seed, memo=run.closed_memo
        )
        run.memo[problem] = (odds, choice)
    odds, choice = run.memo[problem]
    solver = "mc" if odds.method == "mc" else choice.solver
    tally.solvers.add(solver)
    if solver == "closed":
        tally.vectors = max(tally.vectors, odds.states or 0)
    elif solver != "mc":
        tally.states = max(tally.states, odds.states or 0)
    if choice.reason:
        line = f"Monte Carlo for {' | '.join(q.text for q in problem.queries)}: {choice.reason}"
        if line not in tally.reasons:
            tally.reasons.append(line)
    return odds


def group_infos(run: Run, pool: Pool) -> tuple[GroupInfo, ...]:
    """Each group used, with its cards in the pool (an empty group says what to do)."""
    out = []
    for key in run.used:
        group = pool_group(run, pool, key)
        cards = sum(n for i, n in pool.counts.items() if group.weight(i))
        out.append(GroupInfo(group.name, group.description, cards, group.hint if not cards else ""))
    return tuple(out)
