"""What a simulation is asked: the query language, the groups a query counts, what an agenda
is worth once stolen, how many cards each side sees by each turn, the built-in reports, and
the request that carries them. The bottom of the simulation: imports no other wing of it.
"""
