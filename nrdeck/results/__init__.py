"""RESULTS: the values a run produces (checks, events, stats, simulations).

Plain, frozen values built by the core and the use cases; reporters render them and never
look further (they import results, never ``app`` or ``rules``). One module per command's
result, each imported by those that build or render it; this front names them and imports
none.
"""

__all__ = [
    "check",
    "datachanges",
    "diff",
    "event",
    "history",
    "outcome",
    "periods",
    "sheets",
    "simulation",
    "stats",
    "status",
]
