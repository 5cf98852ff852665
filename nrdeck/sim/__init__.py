"""Draw simulation: exact odds (hypergeometric, a dynamic programme over group counts) and
Monte Carlo where the exact programme would be too large; randomness is always seeded.

Entry points: ``engine.simulate_deck(deck, db, SimRequest)`` -> ``results.Simulation``;
``render.RENDERER_BY_NAME`` turns a Simulation into text, JSON or CSV.
"""
