"""REPORTERS: pure renderers of results. They never print and never decide.

``check/`` renders ``nrdeck check`` runs, ``event/`` event runs, ``simulation/`` draw odds;
the other modules render one command each (stats, history, diff, sheets, periods) or are
shared (``styled``, ``safe``, ``json_pieces``).
"""
