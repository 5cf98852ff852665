"""USE CASES: check decks, run an event, simulate, manage card data. No Typer, no console.

One module per use case, each imported by the front door that runs it (``nrdeck.cli``,
``nrdeck.web``) or by the Python API (``api``); this front names those modules and imports
none, so a command loads only its own. ``inputs`` reads local input (decks, folders, rosters,
card data), ``formatfiles`` format files and the community formats nrdeck ships, ``event``
runs an event, ``serve`` holds the use cases behind ``nrdeck serve``.
"""

__all__ = [
    "api",
    "check",
    "choices",
    "convert",
    "data",
    "datachanges",
    "diff",
    "event",
    "formatfiles",
    "history",
    "inputs",
    "periods",
    "serve",
    "simulate",
    "stats",
]
