"""Competitive tier (docs/reference/legality.md §4): the second Friday after release; rotations and
ban lists keep their dates."""

from __future__ import annotations

import datetime as dt

import pytest

from nrdeck.catalog import CardDB
from nrdeck.errors import UsageError
from nrdeck.problems import Severity
from nrdeck.rules import check_deck
from nrdeck.rules.calendar.tier import competitive_date
from tests.paths import ROOT
from tests.unit.rules.decks import read
from tests.unit.rules.helpers import select_in_force

D = dt.date.fromisoformat


ZAHYA = ROOT / "data" / "examples" / "standard-zahya.txt"  # legal in the Seventh Rotation


def elevation_card(db: CardDB) -> str:
    """A Runner card printed only in Elevation (released Thursday 2025-04-24)."""
    return next(
        db.cards[p.card_id].title
        for p in sorted(db.printings.values(), key=lambda p: p.code)
        if p.set_id == "elevation"
        and db.sets_of(p.card_id) == {"elevation"}
        and db.cards[p.card_id].side == "runner"
        and db.cards[p.card_id].faction in ("criminal", "neutral_runner")
        and db.cards[p.card_id].type == "event"
    )


@pytest.mark.parametrize(
    ("release", "competitive"),
    [
        # Thursday: Fridays 04-25 and 05-02 (docs/reference/legality.md §4)
        ("2025-04-24", "2025-05-02"),
        ("2025-04-25", "2025-05-09"),  # a Friday: strictly after, so 05-02 and 05-09
        ("2018-12-21", "2019-01-04"),  # System Core 2019, a Friday
        ("2018-11-24", "2018-12-07"),  # the first day the rule applies (a Saturday)
        ("2018-11-23", "2018-11-23"),  # before it: legal on release
    ],
)
def test_the_second_friday_strictly_after_release(release: str, competitive: str) -> None:
    assert competitive_date(D(release)) == D(competitive)


def test_release_week_casual_warns_and_competitive_waits(db: CardDB) -> None:
    title = elevation_card(db)
    deck = read(db, ZAHYA, {"2 Overclock": f"1 Overclock\n1 {title}"})
    day = D("2025-04-28")
    casual = check_deck(deck, db, select_in_force(db, "standard", today=day, as_of=day))
    assert casual.legal
    (warning,) = casual.problems
    assert (warning.code, warning.severity) == ("competitive-delay", Severity.WARNING)
    assert warning.message.startswith(title) and "casual events" in warning.message
    assert "competitive" in warning.message and "only from 2025-05-02" in warning.message
    assert "Elevation released" in warning.message and "2025-04-24" in warning.message
    strict = select_in_force(db, "standard", today=day, as_of=day, tier="competitive")
    result = check_deck(deck, db, strict)
    (problem,) = result.problems
    assert problem.code == "not-in-card-pool" and not result.legal
    assert problem.cards == (db.card_by_title(title).id,)  # type: ignore[union-attr]
    assert "competitive" in problem.message and "from 2025-05-02" in problem.message
    assert "Elevation released" in problem.message and "2025-04-24" in problem.message
    assert result.period.tier == "competitive"
    friday = D("2025-05-02")
    later = select_in_force(db, "standard", today=friday, as_of=friday, tier="competitive")
    assert check_deck(deck, db, later).problems == ()


def test_rotations_and_ban_lists_keep_their_dates_under_competitive(db: CardDB) -> None:
    day = D("2025-04-24")
    strict = select_in_force(db, "standard", today=day, as_of=day, tier="competitive")
    assert strict.card_pool_id == "rotation_2025"
    assert strict.period.restriction_id == "standard_ban_list_25_04"


def test_an_unknown_tier_is_a_usage_error(db: CardDB) -> None:
    with pytest.raises(UsageError) as err:
        select_in_force(db, "standard", today=D("2025-05-01"), tier="friendly")
    said = err.value.one_line()
    assert "'friendly'" in said and said.split("valid tiers: ")[1].startswith("casual, competitive")
