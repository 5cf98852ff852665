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
from tests.paths import assert_golden_cases

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
    assert stderr.startswith(f"nrdeck: error: {path}: {line}: ") and "5,000 characters" in stderr
    assert len(stderr.strip().splitlines()) == 1 and "internal error" not in stderr


def test_a_5000_digit_number_is_refused_whatever_format_is_forced(tmp_path: Path) -> None:
    path = tmp_path / "roster.json"
    path.write_text('[{"player": "Ana", "corp": ' + HUGE + ', "runner": ""}]', encoding="utf-8")
    for forced in ("json", "cobra-json", "abr-json"):
        code, stderr = event(path, "--roster-format", forced)
        assert code == ExitCode.USAGE and "5,000 characters" in stderr


# each roster, and what its one line names (its words: tests/golden/messages/roster-limits.txt)
LONG_TEXT = {
    "player name": (
        [{"player": "A" * 600, "corp": "", "runner": ""}],
        ("entry 1", "player name", "600 characters", "at most 500"),
    ),
    "cell": (
        [{"player": "Ana", "corp": "x" * 200_000, "runner": ""}],
        ("entry 1", "corp cell", "200,000 characters", "at most 131,072"),
    ),
    "extra column": (
        [{"player": "Ana", "corp": "", "runner": "", "note": "n" * 200_000}],
        ("entry 1", "'note' cell", "200,000 characters"),
    ),
    "cobra card title": (
        [cobra_deck({}, [{"quantity": 1, "title": "T" * 1000}])],
        ("entry 1", "Corp deck", "line 1", "1,000 characters", "at most 500"),
    ),
    "cobra deck name": (
        [cobra_deck({"name": "D" * 1000}, [])],
        ("entry 1", "Corp deck", "its name", "1,000 characters"),
    ),
    "abr name": (
        [{"user_name": "U" * 600, "corp_deck_url": "", "runner_deck_url": ""}],
        ("entry 1", "player name", "600 characters"),
    ),
}


@pytest.mark.parametrize("case", LONG_TEXT)
def test_names_and_cells_past_their_sizes_are_refused(tmp_path: Path, case: str) -> None:
    data, named = LONG_TEXT[case]
    path = tmp_path / "roster.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code, stderr = event(path)
    assert code == ExitCode.USAGE, stderr
    assert stderr.startswith(f"nrdeck: error: {path}: ")
    assert all(said in stderr for said in named), stderr
    assert len(stderr.strip().splitlines()) == 1


def test_a_csv_player_name_past_its_size_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / "roster.csv"
    path.write_text("player,corp,runner\nAna,,\n" + "B" * 501 + ",,\n", encoding="utf-8")
    code, stderr = event(path)
    assert code == ExitCode.USAGE
    assert f"{path}: line 3: " in stderr and "501 characters" in stderr


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
    [problem] = [p for p in ana["corp"]["problems"] if p["code"] == "parse-error"]
    assert "card 1 " in problem["message"] and "150 copies" in problem["message"]


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
    assert any(
        p["code"] == "parse-error" and f"'{quantity}'" in p["message"] for p in deck["problems"]
    ), deck["problems"]


def test_what_the_readers_refuse_reads_as_the_golden_file_says(tmp_path: Path) -> None:
    cases = []
    for reader, (text, _) in HUGE_NUMBERS.items():
        path = tmp_path / ("roster.csv" if "csv" in reader else "roster.json")
        path.write_text(text, encoding="utf-8")
        cases.append((f"a 5,000-digit number: {reader}", event(path)[1]))
    for case, (data, _) in LONG_TEXT.items():
        path = tmp_path / "roster.json"
        path.write_text(json.dumps(data), encoding="utf-8")
        cases.append((f"too long: {case}", event(path)[1]))
    path = tmp_path / "decks.json"
    cards = [{"quantity": 150, "title": "Hedge Fund", "nrdb_card_id": "hedge_fund"}]
    path.write_text(json.dumps([cobra_deck({}, cards)]), encoding="utf-8")
    result = runner.invoke(app, ["event", str(path), "--offline", "--output-format", "json"])
    problems = json.loads(result.stdout)["players"][0]["corp"]["problems"]
    [said] = [p["message"] for p in problems if p["code"] == "parse-error"]
    cases.append(("a Cobra quantity out of range", said))
    path = tmp_path / "decks.csv"
    path.write_text(
        "Player,Ana,\nDeck,Hoshiko,\nMin,Identity,Max\n45,Hoshiko Shiro: Untold Protagonist,15\n"
        "Qty,Card Name,Inf\n²,Sure Gamble,\n,Totals,\n",
        encoding="utf-8",
    )
    result = runner.invoke(app, ["event", str(path), "--offline", "--output-format", "json"])
    [ana] = json.loads(result.stdout)["players"]
    deck = ana["corp"] if ana["corp"]["kind"] != "empty" else ana["runner"]
    cases.append(("a Cobra CSV quantity that is no number", deck["problems"][0]["message"]))
    shown = [(label, text.replace(str(tmp_path), "<tmp>")) for label, text in cases]
    assert_golden_cases("messages/roster-limits.txt", shown, __file__)
