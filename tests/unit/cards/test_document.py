"""Reading a card document: strict typed decoding, and one clear line for each kind of damage."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from nrdeck.cards.bundled import snapshot_path
from nrdeck.cards.document import load_file
from nrdeck.catalog import CardDB
from nrdeck.errors import DataUnavailableError

Doc = dict[str, Any]


def _unknown_card_field(d: Doc) -> None:
    d["cards"][5]["text"] = "card text never belongs in the facts document"


def _missing_card_field(d: Doc) -> None:
    del d["cards"][7]["side"]


def _mistyped_printing(d: Doc) -> None:
    d["printings"][3]["quantity"] = "three"


def _bad_date(d: Doc) -> None:
    d["sets"][2]["date_release"] = "14/07/2016"


def _wrong_schema(d: Doc) -> None:
    d["schema_version"] = 7
    d["cards"][0]["new_field"] = 1


def _foreign(d: Doc) -> None:
    d.clear()
    d["data"] = []


CASES: list[tuple[Callable[[Doc], None], str]] = [
    (
        _unknown_card_field,
        "card data is damaged (Object contains unknown field `text` - at `$.cards[5]`)",
    ),
    (
        _missing_card_field,
        "card data is damaged (Object missing required field `side` - at `$.cards[7]`)",
    ),
    (
        _mistyped_printing,
        "card data is damaged (Expected `int`, got `str` - at `$.printings[3].quantity`)",
    ),
    (
        _bad_date,
        "card data is damaged (Invalid RFC3339 encoded date - at `$.sets[2].date_release`)",
    ),
    (_wrong_schema, "card document schema 7 is not supported (this nrdeck reads schema 1)"),
    (_foreign, "not an nrdeck card document"),
]


@pytest.fixture(scope="module")
def bundled() -> Doc:
    data: Doc = json.loads(snapshot_path().read_bytes())
    return data


@pytest.mark.parametrize(("damage", "message"), CASES, ids=[c[0].__name__ for c in CASES])
def test_each_kind_of_damage_is_one_line_naming_the_file_and_the_field(
    tmp_path: Path, bundled: Doc, damage: Callable[[Doc], None], message: str
) -> None:
    doc = json.loads(json.dumps(bundled))
    damage(doc)
    path = tmp_path / "pinned.json"
    path.write_text(json.dumps(doc))
    with pytest.raises(DataUnavailableError) as caught:
        load_file(path)
    assert caught.value.message == f"{path}: {message}"
    assert "\n" not in caught.value.message


def test_truncated_json_is_named_as_such(tmp_path: Path) -> None:
    path = tmp_path / "cut.json"
    path.write_bytes(snapshot_path().read_bytes()[:4000])
    with pytest.raises(DataUnavailableError, match=r"cut\.json: card data is not valid JSON"):
        load_file(path)


def test_decoding_bytes_and_converting_plain_data_give_the_same_database(bundled: Doc) -> None:
    from_file = load_file(snapshot_path(), kind="bundled")
    from_plain = CardDB.from_document(bundled)
    assert from_file.cards == from_plain.cards
    assert from_file.printings == from_plain.printings
    assert from_file.formats == from_plain.formats
    assert from_file.restrictions == from_plain.restrictions
    assert from_file.snapshots["standard_31"].format_id == "standard"
    hedge_fund = from_file.card_by_code("01110")
    assert hedge_fund is not None and hedge_fund.title == "Hedge Fund"
