"""A simulation's answers: the request read once against the deck (a run), the tables over
turns, R&D accesses and titles, sample hands, variants of the deck, and the what-if
questions (the fewest copies for a target chance, the optimal mulligan). Imports the
question language and the solvers.
"""
