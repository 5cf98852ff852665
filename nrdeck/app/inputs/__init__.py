"""The input of the use cases: card data, deck files and their sources, folders, rosters,
the options that choose what is in force, and the remote decks of a run fetched up front
(``remote``, through ``nrdeck.decklist.nrdb_url``). With ``app.formatfiles``, the only part
of ``app`` that reads local files.

Each use case imports the modules it needs; this front names them and imports none.
"""

__all__ = [
    "cards",
    "decks",
    "files",
    "folders",
    "options",
    "origin",
    "remote",
    "roster",
    "selection",
    "sources",
]
