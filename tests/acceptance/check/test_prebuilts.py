"""The six World Champion prebuilt decks: legal at their Worlds, illegal when sold."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Any

import pytest

from nrdeck.cards.bundled import data_dir
from nrdeck.catalog import CardDB
from nrdeck.deck import Deck, DeckEntry
from nrdeck.results.check import CheckResult
from nrdeck.rules import check_deck
from tests.unit.rules.helpers import select_in_force

WORLDS = {
    w["year"]: dt.date.fromisoformat(w["date"])
    for w in json.loads((data_dir() / "worlds.json").read_text("utf-8"))["worlds"]
}

# On its release date each deck breaks the list then in force.
EXPECTED_ON_RELEASE = {
    "2015-world-champion-corp-deck": (
        "napd_mwl_1_1",
        ["influence"],
    ),  # global penalty: limit 15 -> 6
    "2015-world-champion-runner-deck": (
        "napd_mwl_1_1",
        ["influence"],
    ),  # global penalty: limit 15 -> 10
    "2016-world-champion-corp-deck": (
        "napd_mwl_1_2",
        ["influence"],
    ),  # universal faction cost: 21 > 12
    "2016-world-champion-runner-deck": (
        "napd_mwl_1_2",
        ["influence"],
    ),  # universal faction cost: 18 > 15
    "2017-world-champion-corp-deck": ("napd_mwl_2_1", ["banned"]),  # Violet Level Clearance
    "2017-world-champion-runner-deck": (
        "napd_mwl_2_1",
        ["restricted"],
    ),  # Levy AR Lab Access + Tapwrm
}


@pytest.fixture(scope="module")
def prebuilts(cards_json: Path) -> list[dict[str, Any]]:
    return list(json.loads((cards_json / "prebuilts.json").read_text("utf-8")))


def deck_of(db: CardDB, prebuilt: dict[str, Any]) -> Deck:
    """The prebuilt as a Deck: printing codes converted to cards, the identity split out."""
    identity, entries = None, []
    for line, (code, qty) in enumerate(prebuilt["cards"].items(), 1):
        card = db.card_by_code(code)
        assert card is not None, code
        entry = DeckEntry(card.id, qty, line=line, printing=code)
        if card.is_identity:
            identity = entry
        else:
            entries.append(entry)
    return Deck(prebuilt["code"], prebuilt["name"], identity, tuple(entries))


def standard_on(db: CardDB, deck: Deck, day: dt.date) -> CheckResult:
    return check_deck(deck, db, select_in_force(db, "standard", today=day, as_of=day))


def test_six_prebuilts(prebuilts: list[dict[str, Any]]) -> None:
    assert sorted(p["code"] for p in prebuilts) == sorted(EXPECTED_ON_RELEASE)


def test_each_prebuilt_is_legal_at_its_worlds(db: CardDB, prebuilts: list[dict[str, Any]]) -> None:
    for prebuilt in prebuilts:
        worlds = WORLDS[int(prebuilt["code"][:4])]
        result = standard_on(db, deck_of(db, prebuilt), worlds)
        assert result.legal, (prebuilt["code"], [p.message for p in result.problems])


def test_each_prebuilt_is_illegal_on_its_release_date(
    db: CardDB, prebuilts: list[dict[str, Any]]
) -> None:
    for prebuilt in prebuilts:
        released = dt.date.fromisoformat(prebuilt["date_release"])
        result = standard_on(db, deck_of(db, prebuilt), released)
        restriction, expected = EXPECTED_ON_RELEASE[prebuilt["code"]]
        assert result.period.restriction_id == restriction
        assert [p.code for p in result.problems] == expected, [p.message for p in result.problems]


def test_worlds_dates_are_documented() -> None:
    doc = json.loads((data_dir() / "worlds.json").read_text("utf-8"))
    assert all(w["source"] for w in doc["worlds"])
    assert [d.month for d in WORLDS.values()] == [11, 11, 11]
