"""RESULTS: the values a run produces (checks, events, stats, simulations).

Plain, frozen values built by the core and the use cases; reporters render them and never
look further (they import results, never ``app`` or ``rules``).
"""
