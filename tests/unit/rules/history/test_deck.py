"""When a deck was legal (docs/reference/legality.md §7): its verdict and codes over a format's
whole history, from the engine that checks."""

from __future__ import annotations

import datetime as dt
from itertools import pairwise

import pytest

from nrdeck.catalog import CardDB
from nrdeck.errors import UsageError
from nrdeck.rules import check_deck
from nrdeck.rules.calendar.timeline import format_timeline
from nrdeck.rules.history.deck import deck_history, history_format
from tests.ids import STANDARD_BALANCE_26_08
from tests.unit.rules.decks import CTM_WORLDS_2016, LOUD_PE_2024, NEH_2015, read
from tests.unit.rules.helpers import select_in_force

D = dt.date.fromisoformat


def test_intervals_cover_the_format_from_its_first_period_without_gaps(db: CardDB) -> None:
    intervals, _ = deck_history(read(db, NEH_2015), db, "standard", "casual")
    assert intervals[0].start == format_timeline(db, "standard").periods[0].start
    assert all(a.end == b.start for a, b in pairwise(intervals))
    assert intervals[-1].end is None


def test_each_interval_is_what_a_check_on_any_of_its_days_says(db: CardDB) -> None:
    deck = read(db, CTM_WORLDS_2016)
    intervals, _ = deck_history(deck, db, "standard", "casual")
    for interval in intervals:
        last = (interval.end or interval.start + dt.timedelta(days=366)) - dt.timedelta(days=1)
        for day in {interval.start, last}:
            result = check_deck(deck, db, select_in_force(db, "standard", today=day, as_of=day))
            assert result.legal == interval.legal, (day, interval)
            assert tuple(sorted({p.code for p in result.problems})) == interval.codes, day
            assert result.period.snapshot_id == interval.snapshot_id


def test_intervals_are_maximal(db: CardDB) -> None:
    intervals, _ = deck_history(read(db, CTM_WORLDS_2016), db, "standard", "casual")
    for a, b in pairwise(intervals):
        same_period = (a.snapshot_id, a.restriction_id) == (b.snapshot_id, b.restriction_id)
        assert not (same_period and (a.legal, a.codes) == (b.legal, b.codes)), (a, b)


def test_the_2015_nbn_list_was_legal_until_the_first_mwl_and_then_the_errata(
    db: CardDB,
) -> None:
    intervals, _ = deck_history(read(db, NEH_2015), db, "standard", "casual")
    legal = [(i.start, i.end) for i in intervals if i.legal]
    assert legal == [(D("2014-07-25"), D("2016-02-01"))]
    errata = next(i for i in intervals if i.start == D("2016-07-18"))
    assert errata.codes == ("copies", "influence")
    assert errata.note.startswith("too many copies") and "AstroScript" in errata.note
    rotated = next(i for i in intervals if i.start == D("2017-10-01"))
    assert rotated.note.startswith("8 cards rotated out")


def test_the_2016_worlds_deck_was_legal_from_its_identity_to_mwl_1_2(db: CardDB) -> None:
    intervals, _ = deck_history(read(db, CTM_WORLDS_2016), db, "standard", "casual")
    legal = [(i.start, i.end, i.restriction_id) for i in intervals if i.legal]
    assert legal == [
        (D("2016-07-14"), D("2016-08-01"), "napd_mwl_1_0"),
        (D("2016-08-01"), D("2017-04-12"), "napd_mwl_1_1"),
    ]


def test_the_loud_pe_list_rotates_in_2025_and_sting_is_banned_from_25_10(db: CardDB) -> None:
    intervals, _ = deck_history(read(db, LOUD_PE_2024), db, "standard", "casual")
    index = next(i for i, v in enumerate(intervals) if v.start == D("2025-10-03"))
    banned, before = intervals[index], intervals[index - 1]
    assert (banned.restriction_id, banned.codes) == (
        "standard_ban_list_25_10",
        ("banned", "not-in-card-pool"),
    )
    assert "Sting! banned" in banned.note and before.codes == ("not-in-card-pool",)
    # every list since (25.12, 26.03, 26.05, Balance Update 26.08) keeps Sting banned
    later = intervals[index:]
    assert [i.restriction_id for i in later][-1] == STANDARD_BALANCE_26_08
    assert all("Sting! banned" in i.note for i in later) and later[-1].end is None


def test_the_competitive_tier_moves_release_days_to_the_second_friday(db: CardDB) -> None:
    casual, _ = deck_history(read(db, CTM_WORLDS_2016), db, "standard", "casual")
    strict, _ = deck_history(read(db, CTM_WORLDS_2016), db, "standard", "competitive")
    # NBN: Controlling the Message came out in 2016, before the competitive delay existed
    assert next(i.start for i in casual if i.legal) == next(i.start for i in strict if i.legal)
    delayed = next(i for i in casual if i.start == D("2018-12-21"))
    assert "competitive-delay" in delayed.codes
    assert all("competitive-delay" not in i.codes for i in strict)


def test_casual_has_no_history(db: CardDB) -> None:
    with pytest.raises(UsageError, match="no dated card pool"):
        history_format(db, "Casual")
    assert history_format(db, "Standard") == "standard"
