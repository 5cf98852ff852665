"""The per-card table: at least one copy of each title by the opening hand and turns 1-3."""

from __future__ import annotations

from nrdeck.results.simulation import CardOdds, CardTable
from nrdeck.sim.answers.run import Pool, Run, Tally, group_key, pool_group, solve_problem
from nrdeck.sim.ask import Group, parse_query
from nrdeck.sim.solvers import OddsProblem, build_atoms

CARD_TURNS = 3
AT_LEAST_ONE = parse_query("card>=1")


def card_table(run: Run, pool: Pool, tally: Tally) -> CardTable:
    """Every title of the pool, by type then title, with its chance by each turn."""
    turns = min(CARD_TURNS, run.request.turns)
    seen = tuple(run.schedule.cards_seen(pool.size, turns))
    db = run.db
    ids = sorted(
        (i for i in pool.counts if i in db.cards and pool.counts[i] > 0),
        key=lambda i: (db.card(i).type, db.card(i).title),
    )
    rows = []
    for i, card_id in enumerate(ids):
        odds = solve_problem(run, tally, _problem(run, pool, card_id, seen), (90, i))
        if run.rule is not None and tally.mulligan_rate is None:
            tally.mulligan_rate = odds.mulligan_rate
        chances = odds.queries[0].at_turn
        rows.append(CardOdds(db.card(card_id).title, pool.counts[card_id], tuple(chances)))
    return CardTable(tuple(range(turns + 1)), seen, tuple(rows))


def _problem(run: Run, pool: Pool, card_id: str, seen: tuple[int, ...]) -> OddsProblem:
    """At least one copy of the card, under the mulligan rule."""
    rule = run.rule
    keys = list(dict.fromkeys(group_key(x.group, x.quoted) for x in rule.leaves)) if rule else []
    groups = [Group(card_id, {card_id: 1}, card_id), *(pool_group(run, pool, k) for k in keys)]
    rule_groups: tuple[int, ...] = ()
    if rule is not None:
        rule_groups = tuple(1 + keys.index(group_key(x.group, x.quoted)) for x in rule.leaves)
    atoms = build_atoms(pool.counts, groups, pool.size)
    return OddsProblem(atoms, (AT_LEAST_ONE,), ((0,),), seen, rule, rule_groups, run.mulligan_if)
