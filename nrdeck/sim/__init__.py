"""Draw simulation: exact odds (closed-form hypergeometric sums, or a dynamic programme over
group counts) and Monte Carlo where the exact methods would take too long; randomness is
always seeded.

Entry points: ``engine.simulate_deck(deck, db, SimRequest)`` -> ``results.Simulation``;
``engine.compare_decks`` -> ``results.Comparison``; ``nrdeck.report.simulation.text`` renders them.
"""
