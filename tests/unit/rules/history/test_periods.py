"""A format's periods as data (docs/reference/legality.md §4): each period of the corrected
timeline with its pool, list, Startup cap and what it changed, for ``data periods`` and
``nrdeck.in_force``."""

from __future__ import annotations

import datetime as dt
import itertools

from nrdeck.catalog import AgendaCap, CardDB
from nrdeck.rules.history import format_periods, period_on
from tests.ids import STANDARD_BALANCE_26_08, STARTUP_BALANCE_26_05


def test_the_periods_follow_each_other_without_gaps_and_the_last_is_open(db: CardDB) -> None:
    periods = format_periods(db, "standard")
    assert all(a.end == b.start for a, b in itertools.pairwise(periods))
    assert periods[-1].end is None
    assert periods[-1].restriction_id == STANDARD_BALANCE_26_08


def test_a_startup_period_has_its_cap_and_the_name_null_signal_games_uses(db: CardDB) -> None:
    period = period_on(db, "startup", dt.date(2026, 6, 1))
    assert (period.start, period.end) == (dt.date(2026, 5, 1), dt.date(2026, 9, 21))
    assert period.restriction_id == STARTUP_BALANCE_26_05
    named = period.restriction_nsg_name  # not NetrunnerDB's 26.05
    assert named and named.startswith("Startup Balance Update") and named.endswith(" 26.04")
    assert period.agenda_cap == AgendaCap(min_points=3, max_copies=4)


def test_the_period_in_force_on_a_date_is_the_one_that_covers_it(db: CardDB) -> None:
    assert period_on(db, "startup", dt.date(2026, 10, 1)).start == dt.date(2026, 9, 21)
    assert period_on(db, "startup", dt.date(2026, 9, 20)).start == dt.date(2026, 5, 1)
