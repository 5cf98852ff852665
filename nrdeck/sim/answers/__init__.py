"""A simulation's answers: the request read once against the deck (a run), the tables over
turns, R&D accesses and titles, sample hands, variants of the deck, and the what-if
questions (the fewest copies for a target chance, the optimal mulligan). Imports the
question language and the solvers.
"""

from __future__ import annotations

from nrdeck.results.simulation import Simulation
from nrdeck.sim.answers.run import Pool, Run, base_pool, build_problem, prepare
from nrdeck.sim.answers.tables import simulate_pool

__all__ = ["answer", "base_pool", "build_problem", "prepare", "simulate_pool", "variant_pools"]


def answer(run: Run) -> Simulation:
    """The answer to the run's what-if question (the fewest copies for a target chance, the
    optimal mulligan); the modules that answer them load only for such a question."""
    from nrdeck.sim.answers.questions import answer as answer_question

    return answer_question(run)


def variant_pools(run: Run, other: Run | None) -> tuple[str, list[tuple[str, Run, Pool]], str]:
    """The variants of the deck a comparison asks for (``--sweep``, ``--pad``, ``--compare``),
    their module loaded only for a comparison."""
    from nrdeck.sim.answers.variants import variant_pools as pools

    return pools(run, other)
