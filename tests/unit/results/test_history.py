"""A deck's timeline and a card's history are plain frozen values: they keep every field
through JSON (dates, an erratum's ``from``), and cannot be changed once built."""

from __future__ import annotations

import datetime as dt

import msgspec
import pytest

from nrdeck.catalog.ruletables import Erratum
from nrdeck.results.history import (
    CardFacts,
    CardFormat,
    CardHistory,
    CardInterval,
    CardPrinting,
    DeckInterval,
    DeckTimeline,
    Penalty,
)
from tests.builders import DATA

FIRST = DeckInterval(
    start=dt.date(2024, 8, 1),
    end=dt.date(2025, 9, 1),
    snapshot_id="standard_31",
    card_pool_id="pool_a",
    card_pool_name="Pool A",
    restriction_id=None,
    restriction_name=None,
    legal=True,
    codes=(),
)
TIMELINE = DeckTimeline(
    source="deck.txt",
    name=None,
    identity_id="hb",
    identity_title="HB",
    side="corp",
    format_id="standard",
    format_name="Standard",
    tier="casual",
    intervals=(
        FIRST,
        msgspec.structs.replace(
            FIRST, start=FIRST.end, end=None, legal=False, codes=("banned",), note="1 banned"
        ),
    ),
    data=DATA,
)
CARD = CardHistory(
    card=CardFacts(
        id="hedge_fund",
        title="Hedge Fund",
        side="corp",
        faction="neutral_corp",
        faction_name="Neutral",
        type="operation",
        type_name="Operation",
        subtypes=("transaction",),
        cost=5,
        influence_cost=0,
        deck_limit=3,
    ),
    printings=(CardPrinting("01110", "core", "Core Set", dt.date(2012, 9, 6)),),
    formats=(
        CardFormat(
            "eternal",
            "Eternal",
            (
                CardInterval(dt.date(2012, 9, 6), None, "points", points=1),
                CardInterval(
                    dt.date(2016, 2, 1), None, "legal", penalty=Penalty("global_penalty", 1)
                ),
            ),
        ),
    ),
    errata=(Erratum("hedge_fund", "deck_limit", 1, "Limit 1", dt.date(2020, 1, 1)),),
    tier="casual",
    data=DATA,
)


@pytest.mark.parametrize("value", [TIMELINE, CARD], ids=["timeline", "card"])
def test_a_history_keeps_every_field_through_json(value: DeckTimeline | CardHistory) -> None:
    assert msgspec.json.decode(msgspec.json.encode(value), type=type(value)) == value


def test_an_erratum_is_written_with_its_from_key() -> None:
    written = msgspec.to_builtins(CARD)["errata"][0]
    assert written["from"] == "2020-01-01" and "from_" not in written


def test_an_interval_meets_the_next_and_the_last_is_open_ended() -> None:
    first, last = TIMELINE.intervals
    assert first.end == last.start and last.end is None
    assert (first.note, last.codes) == ("", ("banned",))


def test_history_values_are_frozen() -> None:
    with pytest.raises(AttributeError):
        FIRST.legal = False  # type: ignore[misc]
    assert len({FIRST, msgspec.structs.replace(FIRST)}) == 1  # equal values hash alike
