"""The simulation core's entry points: a deck and a request in, results out (pure; seeded).

``simulate_deck`` answers queries or a report; ``compare_decks`` answers them for several
variants of the deck (copy counts, padding, another list); ``target_copies`` and
``optimal_mulligan`` answer the what-if questions of their name.
"""

from __future__ import annotations

from nrdeck.catalog import CardDB
from nrdeck.deck import Deck
from nrdeck.results.simulation import Comparison, Simulation, Variant
from nrdeck.sim.answers import (
    answer,
    base_pool,
    build_problem,
    prepare,
    simulate_pool,
    variant_pools,
)
from nrdeck.sim.ask import SimRequest, parse_query
from nrdeck.sim.solvers import OddsProblem


def simulate_deck(deck: Deck, db: CardDB, request: SimRequest) -> Simulation:
    """Odds for the request's queries or report on this deck (or its question's answer)."""
    run = prepare(deck, db, request)
    if request.target or request.optimal_mulligan:
        return answer(run)
    return simulate_pool(run, base_pool(run))


def compare_decks(
    deck: Deck, db: CardDB, request: SimRequest, other: Deck | None = None
) -> Comparison:
    """The request on each variant the request asks for: --sweep, --pad or --compare."""
    run = prepare(deck, db, request)
    other_run = prepare(other, db, request) if other is not None else None
    kind, pools, note = variant_pools(run, other_run)
    variants = [Variant(label, simulate_pool(r, pool)) for label, r, pool in pools]
    return Comparison(kind, deck.name or deck.source, tuple(variants), note)


def problem_for(deck: Deck, db: CardDB, request: SimRequest) -> OddsProblem:
    """The solvers' input for the request's queries on the deck's schedule (benchmarks)."""
    run = prepare(deck, db, request)
    queries = [parse_query(q) for q in request.queries]
    pool = base_pool(run)
    return build_problem(run, pool, queries, run.schedule.cards_seen(pool.size), True)
