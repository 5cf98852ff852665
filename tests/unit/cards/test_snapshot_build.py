"""`nrdeck data build`: deterministic, facts only, records the dataset date."""

from __future__ import annotations

import json
from pathlib import Path

from nrdeck.app.data import build_snapshot
from nrdeck.cards.bundled import snapshot_path
from nrdeck.cards.document import TEXT_FACTS
from tests.paths import SNAPSHOT_DATE


def test_rebuilding_gives_identical_bytes(cards_json: Path, tmp_path: Path) -> None:
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    build_snapshot(cards_json, first)
    build_snapshot(cards_json, second)
    assert first.read_bytes() == second.read_bytes()


def test_bundled_snapshot_is_what_the_build_gives(cards_json: Path, tmp_path: Path) -> None:
    out = tmp_path / "cards.json"
    build_snapshot(cards_json, out)
    assert out.read_bytes() == snapshot_path().read_bytes()


def test_snapshot_holds_no_text_flavour_or_illustrators() -> None:
    raw = snapshot_path().read_text(encoding="utf-8")
    doc = json.loads(raw)
    assert doc["origin"]["dataset_date"] == f"{SNAPSHOT_DATE}"
    for forbidden in ('"text"', '"stripped_text"', '"flavor"', '"illustrator"', "Gain 9"):
        assert forbidden not in raw
    hedge = next(c for c in doc["cards"] if c["id"] == "hedge_fund")
    assert hedge["cost"] == 5 and hedge["subtypes"] == ["transaction"]


def test_snapshot_holds_the_facts_read_from_text_and_not_the_text() -> None:
    raw = snapshot_path().read_text(encoding="utf-8")
    doc = json.loads(raw)
    assert doc["text_facts"] == TEXT_FACTS
    cards = {c["id"]: c for c in doc["cards"]}
    assert cards["hedge_fund"]["economy"] is True and cards["sure_gamble"]["economy"] is True
    assert "economy" not in cards["ice_wall"]  # a default is left out of the document
    assert cards["let_them_dream"]["runner_points"] == {"points": 1}
    assert cards["project_vacheron"]["runner_points"] == {"points": 0, "temporary": True}
    assert cards["andromeda_dispossessed_ristie"]["draws"] == {"starting_hand": 9}
    for text in ('"text"', "[credit]", "score area", "starting hand", "When your turn begins"):
        assert text not in raw
