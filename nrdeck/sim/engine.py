"""The simulation core: a deck and a request in, a Simulation out (pure; seeded)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import msgspec
from msgspec import field

from nrdeck.carddb import CardDB
from nrdeck.deck import Deck
from nrdeck.errors import UsageError
from nrdeck.results.simulation import Column, Hand, QueryOdds, Section, Simulation
from nrdeck.sim.exact import StateCapExceeded, solve
from nrdeck.sim.groups import BUILTIN_HELP, Group, GroupResolver, parse_user_group
from nrdeck.sim.model import Odds, Problem, build_atoms
from nrdeck.sim.montecarlo import simulate
from nrdeck.sim.query import Query, parse_query
from nrdeck.sim.reports import REPORT_BY_NAME, ColumnSpec, SectionSpec
from nrdeck.sim.request import SimRequest, mulligan_rule, validate
from nrdeck.sim.sample import MulliganRule, sample_hands
from nrdeck.sim.schedule import Schedule, build_schedule, parse_click_draws
from nrdeck.sim.summary import first_met

# Without --click-draws: the Corp relies on its mandatory draw; the Runner clicks once.
DEFAULT_CLICK_DRAWS = {"corp": (), "runner": (1,)}
TOP_K_ROWS = 10
ACCESS_DONE = 0.999


class _Context(msgspec.Struct):
    """What every section shares while a simulation runs."""

    request: SimRequest
    counts: Mapping[str, int]
    resolver: GroupResolver
    schedule: Schedule
    rule: Query | None
    mulligan_if: bool
    used: dict[str, Group] = field(default_factory=dict)
    methods: set[str] = field(default_factory=set)
    mulligan_rate: float | None = None
    states: int = 0


def _context(deck: Deck, db: CardDB, request: SimRequest) -> tuple[_Context, str]:
    validate(request)
    side = deck_side(deck, db, request.side)
    counts = {i: n for i, n in deck.counts().items() if i in db.cards and n > 0}
    if not counts:
        raise UsageError(f"{deck.source}: no cards to simulate", hint="check the decklist")
    user = dict(parse_user_group(spec) for spec in request.groups)
    identity = deck.identity.card_id if deck.identity else None
    draws = parse_click_draws(request.click_draws, side)
    if request.click_draws is None:
        draws = DEFAULT_CLICK_DRAWS[side]
    schedule = build_schedule(side, request.turns, draws, len(draws) == 1, identity)
    rule, mull_if = mulligan_rule(request)
    ctx = _Context(request, counts, GroupResolver(db, counts, user), schedule, rule, mull_if)
    for name in user:
        _group(ctx, name, False, None)
    return ctx, side


def problem_for(deck: Deck, db: CardDB, request: SimRequest) -> Problem:
    """The solvers' input for the request's queries on the deck's schedule (benchmarks)."""
    ctx, _ = _context(deck, db, request)
    queries = [parse_query(q) for q in request.queries]
    return _problem(ctx, queries, ctx.schedule.cards_seen(sum(ctx.counts.values())), True)


def simulate_deck(deck: Deck, db: CardDB, request: SimRequest) -> Simulation:
    """Odds for the request's queries or report on this deck."""
    ctx, side = _context(deck, db, request)
    counts = ctx.counts
    rule = ctx.rule
    identity = deck.identity.card_id if deck.identity else None
    specs = _section_specs(request, side)
    sections = tuple(_section(ctx, spec, i) for i, spec in enumerate(specs))
    hands = _hands(ctx, db) if request.sample else ()
    method = "+".join(sorted(ctx.methods)) or "exact"
    return Simulation(
        deck=deck.name or deck.source,
        side=side,
        identity=db.card(identity).title if identity and identity in db.cards else None,
        deck_size=sum(counts.values()),
        sections=sections,
        assumptions=_assumptions(ctx, side),
        seed=request.seed,
        method=method,
        mulligan=rule.text if rule else None,
        mulligan_rate=ctx.mulligan_rate,
        hands=hands,
        groups=tuple(
            (g.name, g.description, sum(n for i, n in counts.items() if g.weight(i)))
            for g in ctx.used.values()
        ),
    )


def _hands(ctx: _Context, db: CardDB) -> tuple[Hand, ...]:
    rule = None
    if ctx.rule is not None:
        groups = tuple(_group(ctx, x.group, x.quoted, ctx.rule, x.col) for x in ctx.rule.leaves)
        rule = MulliganRule(ctx.rule, groups, ctx.mulligan_if)
    tags = list(ctx.used.values())
    req = ctx.request
    return sample_hands(ctx.counts, db, tags, rule, ctx.schedule.opening, req.sample, req.seed)


def deck_side(deck: Deck, db: CardDB, override: str | None) -> str:
    """The side to simulate: --side, else the identity's, else most cards'."""
    if override:
        if override not in ("corp", "runner"):
            raise UsageError(f"--side {override!r}: expected corp or runner")
        return override
    if deck.identity and deck.identity.card_id in db.cards:
        return db.card(deck.identity.card_id).side
    sides = [db.card(e.card_id).side for e in deck.entries if e.card_id in db.cards]
    if not sides:
        raise UsageError(f"{deck.source}: cannot tell the side", hint="pass --side corp|runner")
    return max(("corp", "runner"), key=sides.count)


def _section_specs(request: SimRequest, side: str) -> list[SectionSpec]:
    specs: list[SectionSpec] = []
    if request.queries:
        columns = tuple(ColumnSpec(q.strip(), q) for q in request.queries)
        specs.append(SectionSpec("Queries", columns))
    if request.report:
        specs.extend(REPORT_BY_NAME[request.report](side))
    if not specs:
        specs.extend(REPORT_BY_NAME[side](side))
    return specs


def _group(ctx: _Context, name: str, quoted: bool, query: Query | None, col: int = 0) -> Group:
    """Resolve a group name (cached); unknown names are usage errors naming the column."""
    key = ("\0" if quoted else "") + name
    if key not in ctx.used:
        group = ctx.resolver.resolve(name, quoted)
        if group is None:
            where = f" in {query.text!r} (column {col + 1})" if query else ""
            what = "card" if quoted else "group"
            raise UsageError(f"unknown {what} {name!r}{where}", hint=f"use {BUILTIN_HELP}")
        ctx.used[key] = group
    return ctx.used[key]


def _indices(ctx: _Context, query: Query, local: dict[str, int]) -> tuple[int, ...]:
    """Each leaf's group index among the problem's own groups (``local``, filled in)."""
    out = []
    for leaf in query.leaves:
        group = _group(ctx, leaf.group, leaf.quoted, query, leaf.col)
        out.append(local.setdefault(("\0" if leaf.quoted else "") + leaf.group, len(local)))
        del group
    return tuple(out)


def _problem(ctx: _Context, queries: Sequence[Query], seen: Sequence[int], mull: bool) -> Problem:
    local: dict[str, int] = {}
    leaf_groups = tuple(_indices(ctx, q, local) for q in queries)
    rule = ctx.rule if mull else None
    rule_groups = _indices(ctx, rule, local) if rule else ()
    atoms = build_atoms(ctx.counts, [ctx.used[key] for key in local])
    return Problem(
        atoms, tuple(queries), leaf_groups, tuple(seen), rule, rule_groups, ctx.mulligan_if
    )


def _solve(ctx: _Context, problem: Problem, stream: Sequence[int]) -> Odds:
    method = ctx.request.method
    if method != "mc":
        try:
            odds = solve(problem, state_cap=ctx.request.state_cap)
            ctx.states = max(ctx.states, odds.states or 0)
            return odds
        except StateCapExceeded:
            if method == "exact":
                raise
    import numpy as np

    rng = np.random.default_rng([ctx.request.seed, *stream])
    return simulate(problem, ctx.request.games, rng, ctx.request.seed)


def _section(ctx: _Context, spec: SectionSpec, index: int) -> Section:
    what = "query" if spec.title == "Queries" else f"report query ({spec.title})"
    parsed = [parse_query(c.query, what) for c in spec.columns]
    size = sum(ctx.counts.values())
    if spec.accesses:
        rows = tuple(range(1, size + 1))
        seen, mull = rows, False
    else:
        rows = tuple(range(ctx.schedule.turns + 1))
        seen, mull = tuple(ctx.schedule.cards_seen(size)), True
    columns: list[Column | None] = [None] * len(parsed)
    for policy in dict.fromkeys(c.click_draws for c in spec.columns):
        picked = [i for i, c in enumerate(spec.columns) if c.click_draws == policy]
        policy_seen = seen
        if policy is not None and not spec.accesses:
            sched = build_schedule(ctx.schedule.side, ctx.schedule.turns, (policy,), True, None)
            sched = Schedule(sched.side, sched.turns, sched.click_draws, ctx.schedule.identity)
            policy_seen = tuple(sched.cards_seen(size))
        problem = _problem(ctx, [parsed[i] for i in picked], policy_seen, mull)
        odds = _solve(ctx, problem, (index, len(columns) + (policy or 0)))
        ctx.methods.add(odds.method)
        if mull and ctx.rule is not None and ctx.mulligan_rate is None:
            ctx.mulligan_rate = float(odds.mulligan_rate)
        for i, q in zip(picked, odds.queries, strict=True):
            summary = first_met(q.met_by, rows)
            columns[i] = Column(
                spec.columns[i].label,
                parsed[i].text,
                q,
                summary,
                odds.method,
                odds.samples,
                tuple(policy_seen),
            )
    done = [c for c in columns if c is not None]
    if spec.accesses:
        rows, seen, done = _trim_accesses(rows, done, spec)
    note = "; ".join(n for n in (_density(ctx) if spec.density else "", spec.note) if n)
    kind = "accesses" if spec.accesses else "turn"
    return Section(spec.title, kind, rows, seen, tuple(done), note)


def _density(ctx: _Context) -> str:
    """R&D's agenda density: agendas and points per card."""
    size = sum(ctx.counts.values())
    agendas = _group(ctx, "agenda", False, None)
    points = _group(ctx, "points", False, None)
    count = sum(n for i, n in ctx.counts.items() if agendas.weight(i))
    total = sum(n * points.weight(i) for i, n in ctx.counts.items())
    return (
        f"R&D: {count} agendas in {size} cards ({count / size:.1%} of cards), "
        f"{total} agenda points ({total / size:.2f} per card)"
    )


def _trim_accesses(
    rows: tuple[int, ...], columns: list[Column], spec: SectionSpec
) -> tuple[tuple[int, ...], tuple[int, ...], list[Column]]:
    """Keep the rows worth showing: the top 10, or until every column is near-certain."""
    from msgspec.structs import replace

    points = spec.columns[0].query.startswith("points")
    if points:
        last = next(
            (i for i in range(len(rows)) if all(c.odds.met_by[i] >= ACCESS_DONE for c in columns)),
            len(rows) - 1,
        )
    else:
        last = min(TOP_K_ROWS, len(rows)) - 1
    keep = slice(0, last + 1)

    def cut(c: Column) -> Column:
        o = c.odds
        ci = o.ci95[keep] if o.ci95 else None
        odds = QueryOdds(o.at_turn[keep], o.met_by[keep], ci)
        summary = c.first_met if points else first_met(odds.met_by, rows[keep])
        return replace(c, odds=odds, first_met=summary, seen=c.seen[keep])

    return rows[keep], rows[keep], [cut(c) for c in columns]


def _assumptions(ctx: _Context, side: str) -> tuple[str, ...]:
    size = sum(ctx.counts.values())
    lines = [f"deck: {size} cards ({side.capitalize()})", ctx.schedule.describe()]
    if ctx.schedule.identity.note:
        lines.append(f"identity: {ctx.schedule.identity.note}")
    seen = ctx.schedule.cards_seen(size)
    if seen and seen[-1] >= size:
        lines.append("draws stop at the end of the deck (the Corp loses on an empty R&D)")
    if ctx.rule is not None:
        when = "holds" if ctx.mulligan_if else "fails"
        rate = (
            f", taken in {ctx.mulligan_rate:.1%} of games" if ctx.mulligan_rate is not None else ""
        )
        lines.append(
            f"mulligan: when {ctx.rule.text} {when} on the first hand{rate}; the new hand is kept"
        )
    else:
        lines.append("mulligan: never taken")
    lines.append(_method_line(ctx))
    return tuple(lines)


def _method_line(ctx: _Context) -> str:
    parts = []
    if "exact" in ctx.methods:
        parts.append(f"exact (dynamic programme, up to {ctx.states} states)")
    if "mc" in ctx.methods:
        parts.append(
            f"Monte Carlo ({ctx.request.games} games, seed {ctx.request.seed}, 95% intervals)"
        )
    return "method: " + (" and ".join(parts) or "exact") + f"; seed {ctx.request.seed}"
