"""Draw simulation: exact odds (closed-form hypergeometric sums, or a dynamic programme over
group counts) and Monte Carlo where the exact methods would take too long; randomness is
always seeded.

Entry points: ``simulate_deck(deck, db, SimRequest)`` -> ``results.Simulation``;
``compare_decks`` -> ``results.Comparison`` (``engine``); ``nrdeck.report.simulation.text``
renders them. Three wings, each importing only those below it (docs/design/layout.md):
``ask`` (the question language) at the bottom, ``solvers`` on it, ``answers`` (a run, its
tables and the what-if questions) on top; ``engine`` at this root uses all three.
"""

from __future__ import annotations

from nrdeck.sim.ask import SimRequest
from nrdeck.sim.engine import compare_decks, simulate_deck

__all__ = ["SimRequest", "compare_decks", "simulate_deck"]
