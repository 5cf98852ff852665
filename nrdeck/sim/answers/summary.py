"""Summaries of a query's odds: when it is first met."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from nrdeck.results.simulation import FirstMet

NOISE = 1e-12  # floating-point dust around 0 and 1


def first_met(met_by: Sequence[Any], rows: Sequence[int], shown: int) -> FirstMet:
    """Median and mean row a query is first met, and the chance it never is.

    ``met_by`` runs over every row until no more card can be seen (``rows``); the first
    ``shown`` rows are the table's. Works on floats and on Fractions alike.
    """
    if not met_by:
        return FirstMet(0.0, None, None, 1.0)
    shown = max(1, min(shown, len(met_by)))
    final = met_by[-1]
    median = next((r for r, p in zip(rows, met_by, strict=True) if p >= 0.5 - NOISE), None)
    never = 1 - final
    if isinstance(never, float) and never < NOISE:
        never = 0.0
    mean = None
    if final > NOISE:
        previous: Any = 0
        total: Any = 0
        for row, p in zip(rows, met_by, strict=True):
            if p > previous:
                total += row * (p - previous)
                previous = p
        mean = total / final
        if isinstance(mean, float):
            mean = abs(mean) if abs(mean) < NOISE else mean
    return FirstMet(met_by[shown - 1], mean, median, never, rows[shown - 1], rows[-1])
