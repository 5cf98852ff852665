"""When a query is first met: the median row, the mean over the games where it is met, and
the chance it never is, in Fractions and in floats alike."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from nrdeck.results.simulation import FirstMet
from nrdeck.sim.answers.summary import first_met

ROWS = [0, 1, 2, 3]


def test_a_query_certain_by_the_end() -> None:
    met = first_met([F(0), F(1, 4), F(1, 2), F(1)], ROWS, 2)
    # met first at row 1 in a quarter of games, row 2 in a quarter, row 3 in half
    assert met == FirstMet(by_last=F(1, 4), mean=F(9, 4), median=2, never=F(0), within=1, end=3)


def test_a_query_never_met_in_some_games() -> None:
    met = first_met([F(0), F(1, 5), F(2, 5)], [0, 1, 2], 3)
    assert (met.never, met.median, met.mean) == (F(3, 5), None, F(3, 2))
    assert (met.by_last, met.within, met.end) == (F(2, 5), 2, 2)


def test_a_query_never_met_at_all_has_no_mean_or_median() -> None:
    met = first_met([0.0, 0.0, 0.0], [0, 1, 2], 2)
    assert (met.mean, met.median, met.never) == (None, None, 1.0)


def test_no_rows_is_never_met() -> None:
    assert first_met([], [], 3) == FirstMet(0.0, None, None, 1.0)


@pytest.mark.parametrize(("shown", "row"), [(0, 0), (1, 0), (3, 2), (99, 3)])
def test_the_rows_shown_are_kept_within_the_horizon(shown: int, row: int) -> None:
    met = first_met([0.1, 0.2, 0.6, 0.9], ROWS, shown)
    assert met.within == row and met.by_last == [0.1, 0.2, 0.6, 0.9][row]


def test_floating_point_dust_is_no_chance() -> None:
    met = first_met([0.5, 1 - 1e-15], [0, 1], 2)
    assert met.never == 0.0 and met.median == 0
    assert first_met([0.4999999999999999, 1.0], [0, 1], 2).median == 0  # a tie with 1/2
