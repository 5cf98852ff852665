"""Inputs of the use cases: card data, decks and their sources, remote decks, what
is in force, rosters. The only part of ``app`` that reads local files."""
