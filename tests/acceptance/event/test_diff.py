"""`nrdeck diff A B`: the same list? Files, links and roster registrations, any order."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from nrdeck.cli import app
from tests.paths import FIXTURES

FIXTURES = FIXTURES / "event"
DECKS = FIXTURES / "decks"
runner = CliRunner()


def test_identical_lists_in_another_order_and_format_exit_0(tmp_path: Path) -> None:
    original = (DECKS / "std-zahya.txt").read_text(encoding="utf-8").splitlines()
    shuffled = tmp_path / "zahya.txt"
    shuffled.write_text("\n".join([original[0], *reversed(original[1:])]) + "\n")
    result = runner.invoke(app, ["diff", str(DECKS / "std-zahya.txt"), str(shuffled)])
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith("same list:")


def test_changes_are_listed_card_by_card_and_exit_1() -> None:
    a, b = str(DECKS / "std-zahya.txt"), str(DECKS / "std-zahya-elevation.txt")
    result = runner.invoke(app, ["diff", a, b])
    assert result.exit_code == 1
    assert "+3 Clean Getaway" in result.stdout and "−3 Mutual Favor" in result.stdout
    assert not [line for line in result.stdout.splitlines() if line.startswith("identity")]
    doc = json.loads(runner.invoke(app, ["diff", a, b, "--output-format", "json"]).stdout)
    assert doc == {
        "version": 1,
        "same": False,
        "identity": {
            "a": {
                "id": "zahya_sadeghi_versatile_smuggler",
                "title": "Zahya Sadeghi: Versatile Smuggler",
            },
            "b": {
                "id": "zahya_sadeghi_versatile_smuggler",
                "title": "Zahya Sadeghi: Versatile Smuggler",
            },
        },
        "added": [{"card": "clean_getaway", "title": "Clean Getaway", "copies": 3}],
        "removed": [{"card": "mutual_favor", "title": "Mutual Favor", "copies": 3}],
    }


def test_identity_changes_are_said() -> None:
    result = runner.invoke(
        app, ["diff", str(DECKS / "std-hb-precision.txt"), str(DECKS / "std-zahya.txt")]
    )
    assert result.exit_code == 1
    assert "identity: Haas-Bioroid: Precision Design → Zahya Sadeghi: Versatile Smuggler" in (
        result.stdout
    )


def test_a_cobra_registration_against_a_file() -> None:
    cobra = FIXTURES / "cobra" / "decks.json"
    same = runner.invoke(app, ["diff", f"{cobra}#Ana Lima:runner", str(DECKS / "std-zahya.txt")])
    assert same.exit_code == 0, same.stderr
    changed = runner.invoke(app, ["diff", f"{cobra}#eve:runner", str(DECKS / "std-zahya.txt")])
    assert changed.exit_code == 1 and "−2 Info Bounty" in changed.stdout
    unknown = runner.invoke(app, ["diff", f"{cobra}#Nobody", str(DECKS / "std-zahya.txt")])
    assert unknown.exit_code == 2 and "no player called 'Nobody'" in unknown.stderr


def test_a_roster_cell_outside_its_folder_is_not_read(tmp_path: Path) -> None:
    roster = tmp_path / "r.csv"
    roster.write_text("player,corp,runner\nMal,/etc/passwd,\n", encoding="utf-8")
    result = runner.invoke(app, ["diff", f"{roster}#Mal", str(DECKS / "std-zahya.txt")])
    assert result.exit_code == 2 and "an absolute path outside the roster's folder" in result.stderr
    assert "root:" not in result.stdout + result.stderr


def test_missing_files_are_usage_errors() -> None:
    result = runner.invoke(app, ["diff", "nope.txt", str(DECKS / "std-zahya.txt")])
    assert result.exit_code == 2 and "nope.txt: no such file" in result.stderr
