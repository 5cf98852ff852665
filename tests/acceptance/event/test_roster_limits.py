"""Every roster reader refuses numbers, names and cells past sane sizes with one line (exit 2).

Python refuses to read an integer of more than 4,300 digits: a roster holding one was an
internal error (exit 4). Such a roster, or one with a player called by a megabyte of text,
is now a usage error naming the file and the place.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from nrdeck.cli import app
from nrdeck.errors import ExitCode

runner = CliRunner()
HUGE = "9" * 5000


def event(path: Path, *more: str) -> tuple[int, str]:
    result = runner.invoke(app, ["event", str(path), "--offline", "--as-of", "2025-10-01", *more])
    return result.exit_code, result.stderr


def cobra_deck(details: dict[str, object], cards: list[dict[str, object]]) -> dict[str, object]:
    return {"details": {"player_name": "Ana", "side_id": "corp", **details}, "cards": cards}


HUGE_NUMBERS = {
    "json": ('[{"player": "Ana", "corp": "", "runner": "", "table": ' + HUGE + "}]", "line 1"),
    "cobra-json": (
        '[{"details": {"player_id": ' + HUGE + ', "side_id": "corp", "player_name": "Ana"},\n'
        ' "cards": []}]',
        "line 1",
    ),
    "abr-json": (
        '[{"user_name": "Ana",\n"corp_deck_url": "", "runner_deck_url": "",\n'
        '"rank_swiss": ' + HUGE + "}]",
        "line 3",
    ),
    "cobra-csv": (
        "Player,Ana,\nDeck,Hoshiko,\nMin,Identity,Max\n45,Hoshiko Shiro: Untold Protagonist,15\n"
        f"Qty,Card Name,Inf\n{HUGE},Sure Gamble,\n,Totals,\n",
        "line 6",
    ),
    "cobra-json float": (
        '[{"details": {"player_name": "Ana"}, "cards": [{"quantity": 1.' + HUGE[2:] + "}]}]",
        "line 1",
    ),
}


@pytest.mark.parametrize("reader", HUGE_NUMBERS)
def test_a_5000_digit_number_is_a_usage_error_naming_the_line(tmp_path: Path, reader: str) -> None:
    text, line = HUGE_NUMBERS[reader]
    path = tmp_path / ("roster.csv" if "csv" in reader else "roster.json")
    path.write_text(text, encoding="utf-8")
    code, stderr = event(path)
    assert code == ExitCode.USAGE, stderr
    assert f"{path}: {line}: a number 5,000 characters long" in stderr
    assert len(stderr.strip().splitlines()) == 1 and "internal error" not in stderr


def test_a_5000_digit_number_is_refused_whatever_format_is_forced(tmp_path: Path) -> None:
    path = tmp_path / "roster.json"
    path.write_text('[{"player": "Ana", "corp": ' + HUGE + ', "runner": ""}]', encoding="utf-8")
    for forced in ("json", "cobra-json", "abr-json"):
        code, stderr = event(path, "--roster-format", forced)
        assert code == ExitCode.USAGE and "a number 5,000 characters long" in stderr


LONG_TEXT = {
    "player name": (
        [{"player": "A" * 600, "corp": "", "runner": ""}],
        "entry 1: the player name is 600 characters long (at most 500)",
    ),
    "cell": (
        [{"player": "Ana", "corp": "x" * 200_000, "runner": ""}],
        "entry 1: the corp cell is 200,000 characters long (at most 131,072)",
    ),
    "extra column": (
        [{"player": "Ana", "corp": "", "runner": "", "note": "n" * 200_000}],
        "entry 1: the 'note' cell is 200,000 characters long",
    ),
    "cobra card title": (
        [cobra_deck({}, [{"quantity": 1, "title": "T" * 1000}])],
        "entry 1: the Corp deck: line 1 is 1,000 characters long (at most 500)",
    ),
    "cobra deck name": (
        [cobra_deck({"name": "D" * 1000}, [])],
        "entry 1: the Corp deck: its name is 1,000 characters long",
    ),
    "abr name": (
        [{"user_name": "U" * 600, "corp_deck_url": "", "runner_deck_url": ""}],
        "entry 1: the player name is 600 characters long",
    ),
}


@pytest.mark.parametrize("case", LONG_TEXT)
def test_names_and_cells_past_their_sizes_are_refused(tmp_path: Path, case: str) -> None:
    data, said = LONG_TEXT[case]
    path = tmp_path / "roster.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code, stderr = event(path)
    assert code == ExitCode.USAGE, stderr
    assert f"{path}: {said}" in stderr
    assert len(stderr.strip().splitlines()) == 1


def test_a_csv_player_name_past_its_size_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / "roster.csv"
    path.write_text("player,corp,runner\nAna,,\n" + "B" * 501 + ",,\n", encoding="utf-8")
    code, stderr = event(path)
    assert code == ExitCode.USAGE
    assert f"{path}: line 3: the player name is 501 characters long" in stderr


def test_cobra_quantities_out_of_range_are_that_decks_problem(tmp_path: Path) -> None:
    """A quantity a TO typed (Cobra's editor has no cap) is the deck's problem, not the roster's."""
    path = tmp_path / "decks.json"
    cards = [
        {"quantity": 150, "title": "Hedge Fund", "nrdb_card_id": "hedge_fund"},
        {"quantity": 3, "title": "Sure Gamble", "nrdb_card_id": "sure_gamble"},
    ]
    path.write_text(json.dumps([cobra_deck({}, cards)]), encoding="utf-8")
    result = runner.invoke(app, ["event", str(path), "--offline", "--output-format", "json"])
    assert result.exit_code == ExitCode.ILLEGAL, result.stderr
    [ana] = json.loads(result.stdout)["players"]
    messages = [p["message"] for p in ana["corp"]["problems"] if p["code"] == "parse-error"]
    assert messages == ["card 1 has 150 copies: quantities are 1–99"]


@pytest.mark.parametrize("quantity", ["²", "0", "123456"])
def test_cobra_csv_quantities_that_are_not_copies_are_that_decks_problem(
    tmp_path: Path, quantity: str
) -> None:
    path = tmp_path / "decks.csv"
    path.write_text(
        "Player,Ana,\nDeck,Hoshiko,\nMin,Identity,Max\n45,Hoshiko Shiro: Untold Protagonist,15\n"
        f"Qty,Card Name,Inf\n{quantity},Sure Gamble,\n,Totals,\n",
        encoding="utf-8",
    )
    result = runner.invoke(app, ["event", str(path), "--offline", "--output-format", "json"])
    assert result.exit_code == ExitCode.ILLEGAL, result.stderr
    [ana] = json.loads(result.stdout)["players"]
    deck = ana["corp"] if ana["corp"]["kind"] != "empty" else ana["runner"]
    assert any("is not a number of copies (1–99)" in p["message"] for p in deck["problems"])
