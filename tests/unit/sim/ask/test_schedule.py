"""Cards seen by turn: Corp and Runner, click-draws, identities, the end of the deck."""

from __future__ import annotations

import pytest

from nrdeck.catalog import CardDB
from nrdeck.errors import UsageError
from nrdeck.sim.ask.schedule import build_schedule, parse_click_draws


def test_corp_draws_every_turn_including_the_first() -> None:
    assert build_schedule("corp", 3, (), False, None).cards_seen(49) == [5, 6, 7, 8]


def test_runner_has_no_mandatory_draw() -> None:
    assert build_schedule("runner", 2, (), False, None).cards_seen(45) == [5, 5, 5]
    assert build_schedule("runner", 3, (2,), True, None).cards_seen(45) == [5, 7, 9, 11]


def test_per_turn_list_then_none() -> None:
    draws = parse_click_draws("2,0,1", "corp")
    assert build_schedule("corp", 4, draws, False, None).cards_seen(49) == [5, 8, 9, 11, 12]


def test_andromeda_draws_nine_and_maxx_mills(db: CardDB) -> None:
    andromeda = build_schedule("runner", 1, (1,), True, db.card("andromeda_dispossessed_ristie"))
    assert andromeda.cards_seen(45) == [9, 10]
    assert "Andromeda" in andromeda.identity.note
    maxx = build_schedule("runner", 2, (), False, db.card("maxx_maximum_punk_rock"))
    assert maxx.cards_seen(45) == [5, 6, 7]
    assert maxx.cards_seen(9) == [5, 6, 6]  # 4 left: mill 2, draw 1; then mill 1, draw 0


def test_identities_change_the_schedule_as_their_text_says(db: CardDB) -> None:
    bureau = build_schedule("corp", 1, (), False, db.card("cyber_bureau_keeping_the_peace"))
    assert bureau.cards_seen(45) == [10, 11]  # "You draw a starting hand of 10 cards."
    # "Once per turn → [click], 1[credit]: Draw 1 card": a click-draw, not an extra draw
    vic = db.card("virtual_intelligence_p_i_you_can_call_me_vic")
    assert build_schedule("runner", 2, (), False, vic).cards_seen(45) == [5, 5, 5]
    assert build_schedule("runner", 2, (1,), True, vic).cards_seen(45) == [5, 6, 7]
    note = build_schedule("runner", 1, (), False, vic).identity.note
    assert "a click-draw" in note and "not an extra draw" in note
    # Hoshiko draws when each turn begins only once flipped: named, not counted
    hoshiko = build_schedule("runner", 2, (), False, db.card("hoshiko_shiro_untold_protagonist"))
    assert hoshiko.cards_seen(45) == [5, 5, 5]
    assert "not counted" in hoshiko.identity.note


def test_draws_stop_at_the_end_of_the_deck() -> None:
    assert build_schedule("corp", 4, (3,), True, None).cards_seen(12) == [5, 9, 12, 12, 12]


@pytest.mark.parametrize(("text", "side"), [("x", "corp"), ("1,a", "runner"), ("4", "corp")])
def test_bad_click_draws(text: str, side: str) -> None:
    with pytest.raises(UsageError, match="--click-draws"):
        parse_click_draws(text, side)


def test_runner_may_click_draw_four_times() -> None:
    assert parse_click_draws("4,4", "runner") == (4, 4)
