"""`nrdeck diff A B`: the same list? Files, links and roster registrations, any order."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from pytest_httpserver import HTTPServer
from typer.testing import CliRunner

from nrdeck.catalog import CardDB
from nrdeck.cli import app
from tests.fakes.nrdb_v2 import answer, deck_cards, deck_item
from tests.ids import PRECISION_DESIGN, ZAHYA
from tests.paths import FIXTURES, assert_golden_cases

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


def test_changes_are_listed_card_by_card_and_exit_1(db: CardDB) -> None:
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
            "a": {"id": ZAHYA, "title": db.cards[ZAHYA].title},
            "b": {"id": ZAHYA, "title": db.cards[ZAHYA].title},
        },
        "identity_compared": True,
        "added": [{"card": "clean_getaway", "title": "Clean Getaway", "copies": 3}],
        "removed": [{"card": "mutual_favor", "title": "Mutual Favor", "copies": 3}],
    }


def test_identity_changes_are_said() -> None:
    args = ["diff", str(DECKS / "std-hb-precision.txt"), str(DECKS / "std-zahya.txt")]
    result = runner.invoke(app, args)
    assert result.exit_code == 1
    [said] = [line for line in result.stdout.splitlines() if line.startswith("identity:")]
    assert "Precision Design → Zahya" in said  # from A's to B's (words: messages/diff.txt)
    identity = json.loads(runner.invoke(app, [*args, "--output-format", "json"]).stdout)["identity"]
    assert (identity["a"]["id"], identity["b"]["id"]) == (PRECISION_DESIGN, ZAHYA)


def test_a_cobra_registration_against_a_file() -> None:
    cobra = FIXTURES / "cobra" / "decks.json"
    same = runner.invoke(app, ["diff", f"{cobra}#Ana Lima:runner", str(DECKS / "std-zahya.txt")])
    assert same.exit_code == 0, same.stderr
    changed = runner.invoke(app, ["diff", f"{cobra}#eve:runner", str(DECKS / "std-zahya.txt")])
    assert changed.exit_code == 1 and "−2 Info Bounty" in changed.stdout
    unknown = runner.invoke(app, ["diff", f"{cobra}#Nobody", str(DECKS / "std-zahya.txt")])
    assert unknown.exit_code == 2 and "'Nobody'" in unknown.stderr


def test_a_roster_cell_outside_its_folder_is_not_read(tmp_path: Path) -> None:
    roster = tmp_path / "r.csv"
    roster.write_text("player,corp,runner\nMal,/etc/passwd,\n", encoding="utf-8")
    result = runner.invoke(app, ["diff", f"{roster}#Mal", str(DECKS / "std-zahya.txt")])
    assert result.exit_code == 2 and "'/etc/passwd'" in result.stderr  # refused, named
    assert "root:" not in result.stdout + result.stderr


def test_missing_files_are_usage_errors() -> None:
    result = runner.invoke(app, ["diff", "nope.txt", str(DECKS / "std-zahya.txt")])
    assert result.exit_code == 2 and "nope.txt: no such file" in result.stderr


def clipboard_list(deck_file: Path, folder: Path) -> Path:
    """The deck as Cobra's "copy to clipboard" gives it: quantities and titles, no identity."""
    lines = deck_file.read_text(encoding="utf-8").splitlines()
    cards = [line for line in lines[1:] if line[:1].isdigit()]
    copied = folder / f"clipboard-{deck_file.stem}.txt"
    copied.write_text("\n".join(cards) + "\n", encoding="utf-8")
    return copied


def test_a_list_without_identity_is_compared_by_its_cards_and_says_so(tmp_path: Path) -> None:
    copied = clipboard_list(DECKS / "std-zahya.txt", tmp_path)
    cobra = FIXTURES / "cobra" / "decks.json"
    result = runner.invoke(app, ["diff", f"{cobra}#Ana Lima:runner", str(copied)])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("same cards:")
    assert f"{copied} names no identity" in result.stdout  # words: messages/diff.txt
    doc = json.loads(
        runner.invoke(app, ["diff", str(copied), str(DECKS / "std-zahya.txt"), "--output-format",
                            "json"]).stdout
    )  # fmt: skip
    assert doc["same"] is True and doc["identity_compared"] is False
    assert doc["identity"]["a"] is None and doc["identity"]["b"]["title"].startswith("Zahya")


def test_a_list_without_identity_still_shows_card_changes(tmp_path: Path) -> None:
    copied = clipboard_list(DECKS / "std-zahya.txt", tmp_path)
    result = runner.invoke(app, ["diff", str(DECKS / "std-zahya-elevation.txt"), str(copied)])
    assert result.exit_code == 1
    assert "−3 Clean Getaway" in result.stdout and "+3 Mutual Favor" in result.stdout
    assert f"{copied} names no identity" in result.stdout
    assert not [line for line in result.stdout.splitlines() if line.startswith("identity:")]


def test_a_roster_compared_with_clipboard_lists_compares_their_cards(tmp_path: Path) -> None:
    copied = clipboard_list(DECKS / "std-zahya.txt", tmp_path)
    shutil.copy(DECKS / "std-hb-precision.txt", tmp_path / "hb.txt")
    sheet = tmp_path / "sheet.csv"
    sheet.write_text(f"player,corp,runner\nAna Lima,hb.txt,{copied.name}\n", encoding="utf-8")
    mine = tmp_path / "mine.csv"
    shutil.copy(DECKS / "std-zahya.txt", tmp_path / "zahya.txt")
    mine.write_text("player,corp,runner\nAna Lima,hb.txt,zahya.txt\n", encoding="utf-8")
    args = ["event", str(mine), "--compare-with", str(sheet), "--as-of", "2025-10-01"]
    result = runner.invoke(app, [*args, "--output-format", "json", "--offline"])
    [ana] = json.loads(result.stdout)["players"]
    runner_side = next(c for c in ana["comparisons"] if c["side"] == "runner")
    assert runner_side["same"] is True and runner_side["identity_compared"] is False
    assert not [p for p in ana["problems"] if p["code"] == "event-list-differs"]


PASTED_FROM = "99999999-9999-4999-8999-999999999999"


def jinteki_paste(deck_file: Path, folder: Path, link: str, drop: str = "") -> Path:
    """NetrunnerDB's jinteki.net export: the deck's link in ';; notes:', no identity line."""
    lines = deck_file.read_text(encoding="utf-8").splitlines()
    cards = [ln for ln in lines[1:] if ln[:1].isdigit() and (not drop or drop not in ln)]
    paste = folder / "jinteki.txt"
    paste.write_text(f";; title: my deck\n;; notes: {link}\n" + "\n".join(cards) + "\n", "utf-8")
    return paste


@pytest.fixture
def nrdb_deck(db: CardDB, httpserver: HTTPServer, monkeypatch: pytest.MonkeyPatch) -> str:
    cards = deck_cards(db, DECKS / "std-zahya.txt")
    httpserver.expect_request(f"/api/2.0/public/decklist/{PASTED_FROM}").respond_with_json(
        answer(deck_item(PASTED_FROM, "Zahya", cards))
    )
    monkeypatch.setenv("NRDECK_V2_URL", httpserver.url_for("/api/2.0/public"))
    return f"https://netrunnerdb.com/en/decklist/{PASTED_FROM}/zahya-at-worlds"


def test_a_jinteki_paste_alone_is_compared_with_the_deck_its_notes_name(
    nrdb_deck: str, tmp_path: Path
) -> None:
    paste = jinteki_paste(DECKS / "std-zahya.txt", tmp_path, nrdb_deck)
    result = runner.invoke(app, ["diff", str(paste)])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith(f"same cards: {paste} and {nrdb_deck}")
    assert f"{paste} names no identity" in result.stdout
    assert f"{paste} compared with {nrdb_deck}" in result.stderr  # said where B came from


def test_a_jinteki_paste_that_drifted_from_its_deck_shows_the_changes(
    nrdb_deck: str, tmp_path: Path
) -> None:
    paste = jinteki_paste(DECKS / "std-zahya.txt", tmp_path, nrdb_deck, drop="Sure Gamble")
    result = runner.invoke(app, ["diff", str(paste), "--output-format", "json"])
    assert result.exit_code == 1, result.output
    doc = json.loads(result.stdout)
    assert doc["added"] == [{"card": "sure_gamble", "title": "Sure Gamble", "copies": 3}]
    assert doc["identity_compared"] is False


def test_a_jinteki_paste_on_standard_input(nrdb_deck: str, tmp_path: Path) -> None:
    paste = jinteki_paste(DECKS / "std-zahya.txt", tmp_path, nrdb_deck)
    result = runner.invoke(app, ["diff", "-"], input=paste.read_text(encoding="utf-8"))
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith(f"same cards: - and {nrdb_deck}")


@pytest.mark.parametrize(
    "notes",
    [";; notes: fast advance, 3 copies of everything", "", ";; notes: https://jinteki.net/decks/1"],
)
def test_a_single_deck_without_a_deck_link_in_its_notes_is_a_usage_error(
    tmp_path: Path, notes: str
) -> None:
    paste = tmp_path / "paste.txt"
    paste.write_text(f";; title: t\n{notes}\n3 Sure Gamble\n", encoding="utf-8")
    result = runner.invoke(app, ["diff", str(paste)])
    assert result.exit_code == 2
    [said] = result.stderr.splitlines()  # words: messages/diff.txt
    assert str(paste) in said and "';; notes:'" in said and "DECK_B" in said  # what to do


def test_a_single_link_is_not_a_paste(tmp_path: Path) -> None:
    result = runner.invoke(app, ["diff", f"https://netrunnerdb.com/en/decklist/{PASTED_FROM}"])
    assert result.exit_code == 2 and "is not a decklist file" in result.stderr


def test_what_diff_says_reads_as_the_golden_file_says(nrdb_deck: str, tmp_path: Path) -> None:
    zahya, hb = str(DECKS / "std-zahya.txt"), str(DECKS / "std-hb-precision.txt")
    copied = clipboard_list(DECKS / "std-zahya.txt", tmp_path)
    cobra = FIXTURES / "cobra" / "decks.json"
    roster = tmp_path / "r.csv"
    roster.write_text("player,corp,runner\nMal,/etc/passwd,\n", encoding="utf-8")
    paste = jinteki_paste(DECKS / "std-zahya.txt", tmp_path, nrdb_deck)
    bare = tmp_path / "bare.txt"
    bare.write_text(";; title: t\n3 Sure Gamble\n", encoding="utf-8")
    cases = {
        "the same list": [zahya, zahya],
        "cards changed": [zahya, str(DECKS / "std-zahya-elevation.txt")],
        "the identity changed": [hb, zahya],
        "a list without identity": [str(DECKS / "std-zahya-elevation.txt"), str(copied)],
        "a jinteki.net paste alone": [str(paste)],
        "a player not in the roster": [f"{cobra}#Nobody", zahya],
        "a roster cell outside its folder": [f"{roster}#Mal", zahya],
        "a missing file": ["nope.txt", zahya],
        "a paste naming no deck": [str(bare)],
        "a link alone": [nrdb_deck],
    }
    said = []
    for label, args in cases.items():
        result = runner.invoke(app, ["diff", *args])
        shown = f"{result.stdout}{result.stderr}".replace(str(tmp_path), "<tmp>")
        said.append((label, shown.replace(nrdb_deck, "<link>")))
    assert_golden_cases("messages/diff.txt", said, __file__)
