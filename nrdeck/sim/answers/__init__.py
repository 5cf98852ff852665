"""A simulation's answers: the request read once against the deck (a run), the tables over
turns, R&D accesses and titles, sample hands, variants of the deck, and the what-if
questions (the fewest copies for a target chance, the optimal mulligan). Imports the
question language and the solvers.
"""

from __future__ import annotations

from nrdeck.sim.answers.questions import answer
from nrdeck.sim.answers.run import base_pool, build_problem, prepare
from nrdeck.sim.answers.tables import simulate_pool
from nrdeck.sim.answers.variants import variant_pools

__all__ = ["answer", "base_pool", "build_problem", "prepare", "simulate_pool", "variant_pools"]
