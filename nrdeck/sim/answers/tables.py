"""The tables of one simulation: query columns over turns or R&D accesses, and the footer."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from nrdeck.results.simulation import CardTable, Column, Hand, QueryOdds, Section, Simulation
from nrdeck.sim.answers.run import (
    Pool,
    Run,
    Tally,
    build_problem,
    group_infos,
    group_key,
    pool_group,
    solve_problem,
)
from nrdeck.sim.answers.summary import first_met
from nrdeck.sim.ask import (
    ACCESSES,
    CARDS,
    FALLBACK_ECONOMY_SUBTYPE,
    NO_TEXT_FACTS,
    ColumnSpec,
    Schedule,
    SectionSpec,
    parse_query,
)

TOP_ROWS = 10  # R&D rows shown unless a section asks for rows until near-certain


def simulate_pool(run: Run, pool: Pool) -> Simulation:
    """Every section of the request, on one pool of cards."""
    tally = Tally()
    sections = tuple(
        _section(run, pool, tally, spec, i)
        for i, spec in enumerate(run.specs)
        if spec.kind != CARDS
    )
    cards = _card_table(run, pool, tally) if any(s.kind == CARDS for s in run.specs) else None
    hands = _sample_hands(run) if run.request.sample else ()
    solvers = tally.solvers
    return Simulation(
        deck=pool.label,
        side=run.side,
        identity=identity_title(run),
        deck_size=pool.size,
        sections=sections,
        assumptions=assumptions(run, pool, tally),
        seed=run.request.seed,
        method="+".join(sorted({"mc" if s == "mc" else "exact" for s in solvers})) or "exact",
        mulligan=run.rule.text if run.rule else None,
        mulligan_rate=None if tally.mulligan_rate is None else float(tally.mulligan_rate),
        hands=hands,
        groups=group_infos(run, pool),
        random="mc" in solvers or bool(hands),
        cards=cards,
    )


def _sample_hands(run: Run) -> tuple[Hand, ...]:
    """Sample opening hands (``--sample``), their module loaded only when asked for."""
    from nrdeck.sim.answers.sample import sample_hands

    return sample_hands(run)


def _card_table(run: Run, pool: Pool, tally: Tally) -> CardTable:
    """The table by title (``--report cards``), its module loaded only when asked for."""
    from nrdeck.sim.answers.cards import card_table

    return card_table(run, pool, tally)


def identity_title(run: Run) -> str | None:
    """The deck's identity, by title."""
    identity = run.deck.identity.card_id if run.deck.identity else None
    return run.db.card(identity).title if identity and identity in run.db.cards else None


def policy_schedule(schedule: Schedule, click_draws: int | None) -> Schedule:
    """The schedule with a column's own click-draws every turn (the identity kept)."""
    if click_draws is None:
        return schedule
    return replace(schedule, click_draws=(click_draws,), repeat=True)


def _section(run: Run, pool: Pool, tally: Tally, spec: SectionSpec, index: int) -> Section:
    if spec.kind == ACCESSES:
        horizon = list(range(1, pool.size + 1))
        rows, mull, shown = horizon, False, TOP_ROWS
    else:
        horizon = run.schedule.horizon(pool.size)
        rows, mull, shown = list(range(len(horizon))), True, run.request.turns + 1
    columns = [
        _column(run, pool, tally, spec, column, (index, j), mull)
        for j, column in enumerate(spec.columns)
    ]
    if spec.kind == ACCESSES and spec.until is not None:
        shown = _rows_until(columns, spec.until, len(rows))
    columns = [_head(c, rows, shown) for c in columns]
    note = "; ".join(n for n in (density(run, pool) if spec.density else "", spec.note) if n)
    row_name = "accesses" if spec.kind == ACCESSES else "turn"
    seen = tuple(horizon[:shown])
    return Section(spec.title, row_name, tuple(rows[:shown]), seen, tuple(columns), note)


def _column(
    run: Run,
    pool: Pool,
    tally: Tally,
    spec: SectionSpec,
    column: ColumnSpec,
    stream: tuple[int, int],
    mull: bool,
) -> Column:
    """One query over every row until no more card can be seen (summarised, then cut)."""
    query = parse_query(column.query, "query")
    if spec.kind == ACCESSES:
        seen = list(range(1, pool.size + 1))
        rows = seen
    else:
        seen = policy_schedule(run.schedule, column.click_draws).horizon(pool.size)
        rows = list(range(len(seen)))
    odds = solve_problem(run, tally, build_problem(run, pool, [query], seen, mull), stream)
    if mull and run.rule is not None and tally.mulligan_rate is None:
        tally.mulligan_rate = odds.mulligan_rate
    q = odds.queries[0]
    shown = len(rows) if spec.kind == ACCESSES else run.request.turns + 1
    summary = first_met(q.met_by, rows, shown)
    return Column(column.label, query.text, q, summary, odds.method, odds.samples, tuple(seen))


def _rows_until(columns: list[Column], chance: float, total: int) -> int:
    """Rows up to the first where every column reaches ``chance``."""
    for i in range(total):
        if all(c.odds.met_by[i] >= chance for c in columns):
            return i + 1
    return total


def _head(column: Column, rows: list[int], shown: int) -> Column:
    """The column cut to the rows shown (the first-met summary keeps the whole horizon)."""
    o = column.odds
    shown = min(shown, len(o.at_turn))
    odds = QueryOdds(o.at_turn[:shown], o.met_by[:shown], o.ci95[:shown] if o.ci95 else None)
    summary = replace(column.first_met, by_last=o.met_by[shown - 1], within=rows[shown - 1])
    return replace(column, odds=odds, seen=column.seen[:shown], first_met=summary)


def density(run: Run, pool: Pool) -> str:
    """R&D's agenda density (printed points), and what the agendas are worth to the Runner."""
    agendas = pool_group(run, pool, group_key("agenda", False))
    points = pool_group(run, pool, group_key("points", False))
    stolen = pool_group(run, pool, group_key("runner_points", False))
    size = pool.size
    count = sum(n for i, n in pool.counts.items() if agendas.weight(i))
    total = sum(n * points.weight(i) for i, n in pool.counts.items())
    runner = sum(n * stolen.weight(i) for i, n in pool.counts.items())
    line = (
        f"R&D: {count} agendas in {size} cards ({count / size:.1%} of cards), "
        f"{total} agenda points ({total / size:.2f} per card)"
    )
    if runner != total:
        line += f", worth {runner} to the Runner ({stolen.description.partition(': ')[2]})"
    return line


def assumptions(run: Run, pool: Pool, tally: Tally) -> tuple[str, ...]:
    """The footer: deck, schedule, identity, the end of the deck, mulligan, method."""
    side = run.side.capitalize()
    lines = [f"deck: {pool.size} cards ({side})" + (f"; {pool.note}" if pool.note else "")]
    lines.append(run.schedule.describe())
    if run.schedule.identity.note:
        lines.append(f"identity: {run.schedule.identity.note}")
    facts = text_facts_line(run)
    lines.extend([facts] if facts else [])
    if any(s.kind not in (ACCESSES, CARDS) for s in run.specs):
        end = len(run.schedule.horizon(pool.size)) - 1
        pile = "R&D" if run.side == "corp" else "the stack"
        lines.append(
            f"first met: median and mean over every turn until {pile} runs out of cards to "
            f"draw (T{end}); 'never' is the chance it is not met even then"
        )
    lines.append(_mulligan_line(run, tally.mulligan_rate))
    lines.append(method_line(run, tally))
    lines.extend(tally.reasons)
    return tuple(lines)


def text_facts_line(run: Run) -> str:
    """Where economy, Runner points and identity draws come from, unless from the data."""
    db = run.db
    if db.text_facts_note:
        return f"card facts: {db.text_facts_note}"
    if db.text_facts:
        return ""
    return (
        f"card facts: {NO_TEXT_FACTS} (it was built before nrdeck read them): econ is the "
        f"{FALLBACK_ECONOMY_SUBTYPE} subtype only, agendas count as printed for the Runner and "
        "identities change no draws; run 'nrdeck data update' or rebuild it with "
        "'nrdeck data build'"
    )


def _mulligan_line(run: Run, rate: Any) -> str:
    if run.rule is None:
        return "mulligan: never taken"
    when = "holds" if run.mulligan_if else "fails"
    taken = f", taken in {float(rate):.1%} of games" if rate is not None else ""
    return f"mulligan: when {run.rule.text} {when} on the first hand{taken}; the new hand is kept"


def method_line(run: Run, tally: Tally) -> str:
    """How the odds were computed, with the seed when it mattered."""
    exact = []
    if "closed" in tally.solvers:
        exact.append(f"closed form (up to {tally.vectors:,} count vectors)")
    if tally.solvers & {"dp", "dense"}:
        exact.append(f"dynamic programme (up to {tally.states:,} states)")
    parts = ["exact: " + " and ".join(exact)] if exact else []
    req = run.request
    if "mc" in tally.solvers:
        parts.append(f"Monte Carlo ({req.games} games, 95% intervals)")
    seed = f"; seed {req.seed}" if "mc" in tally.solvers or req.sample else ""  # said once
    return "method: " + (" and ".join(parts) or "exact") + seed
