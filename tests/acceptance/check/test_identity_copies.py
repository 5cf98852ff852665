"""An identity listed with more than one copy is `identity-copies`, in every decklist shape
(a NetrunnerDB v2 or v3 deck, text, OCTGN, jinteki.net), and one copy stays legal."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from nrdeck.catalog import CardDB
from nrdeck.cli import app
from nrdeck.errors import ExitCode
from tests.paths import EXAMPLES, FIXTURES

PUBLISHED = FIXTURES / "legality" / "zahya-identity-45.json"  # as NetrunnerDB's v2 API gives it
ZAHYA = "Zahya Sadeghi: Versatile Smuggler"
ZAHYA_CODE = "30010"


def problems(deck: Path) -> list[dict[str, Any]]:
    result = CliRunner().invoke(app, ["check", str(deck), "--offline", "--output-format", "json"])
    assert result.exit_code in (ExitCode.OK, ExitCode.ILLEGAL), result.output
    found: list[dict[str, Any]] = json.loads(result.stdout)["decks"][0]["problems"]
    return found


def _v2_cards() -> dict[str, int]:
    cards: dict[str, int] = json.loads(PUBLISHED.read_text("utf-8"))["data"][0]["cards"]
    return cards


def _text(copies: int) -> str:
    lines = EXAMPLES.joinpath("standard-zahya.txt").read_text("utf-8").splitlines()
    return "\n".join(f"{copies}x {ZAHYA}" if line == ZAHYA else line for line in lines) + "\n"


def _v3(db: CardDB, copies: int) -> str:
    slots = {db.card_by_code(code).id: qty for code, qty in _v2_cards().items()}  # type: ignore[union-attr]
    identity = db.card_by_code(ZAHYA_CODE).id  # type: ignore[union-attr]
    slots[identity] = copies
    return json.dumps({"identity_card_id": identity, "card_slots": slots}, indent=1)


def _o8d(copies: int) -> str:
    converted = CliRunner().invoke(
        app, ["convert", str(EXAMPLES / "standard-zahya.txt"), "--to", "o8d", "--offline"]
    )
    identity = f'<card qty="1" id="bc0f047c-01b1-427f-a439-d451eda{ZAHYA_CODE}">'
    assert identity in converted.stdout
    return converted.stdout.replace(identity, identity.replace('"1"', f'"{copies}"'))


def test_a_published_list_with_its_identity_45_times(tmp_path: Path) -> None:
    found = problems(PUBLISHED)
    assert [p["code"] for p in found] == ["identity-copies"]
    lines = PUBLISHED.read_text("utf-8").splitlines()
    assert found[0]["line"] == lines.index(f'        "{ZAHYA_CODE}": 45,') + 1
    fixed = _v2_cards() | {ZAHYA_CODE: 1}
    one = tmp_path / "one.json"
    one.write_text(json.dumps({"cards": fixed}), encoding="utf-8")
    assert problems(one) == []


@pytest.mark.parametrize("shape", ["text", "v3", "o8d"])
@pytest.mark.parametrize("copies", [1, 2, 45])
def test_every_shape_says_the_same(db: CardDB, tmp_path: Path, shape: str, copies: int) -> None:
    if shape == "text":
        deck, written = tmp_path / "deck.txt", _text(copies)
    elif shape == "v3":
        deck, written = tmp_path / "deck.json", _v3(db, copies)
    else:
        deck, written = tmp_path / "deck.o8d", _o8d(copies)
    deck.write_text(written, encoding="utf-8")
    codes = [p["code"] for p in problems(deck)]
    assert codes == ([] if copies == 1 else ["identity-copies"])
