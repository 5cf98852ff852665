"""Summaries of a query's odds: when it is first met."""

from __future__ import annotations

from collections.abc import Sequence

from nrdeck.results.simulation import FirstMet


def first_met(met_by: Sequence[float], rows: Sequence[int]) -> FirstMet:
    """Expected (given met by the last row) and median row a query is first met."""
    if not met_by:
        return FirstMet(0.0, None, None)
    last = float(met_by[-1])
    median = next((r for r, p in zip(rows, met_by, strict=True) if p >= 0.5 - 1e-12), None)
    if last <= 0:
        return FirstMet(0.0, None, median, rows[-1])
    previous = 0.0
    total = 0.0
    for row, p in zip(rows, met_by, strict=True):
        total += row * (float(p) - previous)
        previous = float(p)
    return FirstMet(last, total / last, median, rows[-1])
