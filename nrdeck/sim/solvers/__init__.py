"""The solvers: the deck as they see it (atoms of cards alike for a query), exact odds in
closed form or by a dynamic programme (in pure Python or on NumPy arrays), Monte Carlo, and
the choice among them within a time budget. Imports only the question language (``ask``).
"""

from __future__ import annotations

from nrdeck.sim.solvers.choice import Choice, choose, solve
from nrdeck.sim.solvers.closed import Urn, ratio
from nrdeck.sim.solvers.model import Atoms, Odds, OddsProblem, build_atoms

__all__ = [
    "Atoms",
    "Choice",
    "Odds",
    "OddsProblem",
    "Urn",
    "build_atoms",
    "choose",
    "ratio",
    "solve",
]
