"""REPORTERS: pure renderers of results. They never print and never decide.

``check/`` renders ``nrdeck check`` runs, ``event/`` event runs, ``simulation/`` draw odds;
the other modules render one command each (stats, history, diff, sheets, periods, status,
datachanges) or are shared (``styled``, ``safe``, ``json_pieces``). Each command imports the
reporters it renders with; this front names what is used outside and imports none.
"""

__all__ = [
    "check",
    "datachanges",
    "diff",
    "event",
    "history",
    "periods",
    "safe",
    "sheets",
    "simulation",
    "stats",
    "status",
    "styled",
]
