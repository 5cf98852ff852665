"""A card that is not an identity, wherever a deck names it as the identity: every reader,
every roster shape and NetrunnerDB's answers (issue: one identity check for every reader).

It is ``identity-missing`` naming the card, never the deck's identity; the deck's other
problems are still reported (here: four copies of Sure Gamble) and the run exits 1. An
identity printing code that matches no card is a ``parse-error`` naming the code.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import pytest
from pytest_httpserver import HTTPServer
from typer.testing import CliRunner, Result

from nrdeck.catalog import CardDB
from nrdeck.cli import app
from nrdeck.errors import ExitCode
from tests.acceptance.check.words import plain, said
from tests.ids import ZAHYA
from tests.paths import assert_golden, assert_golden_cases

AS_OF = ("--offline", "--as-of", "2026-07-01")  # Sure Gamble is in Standard's pool then
# how an identity-missing problem names the card, by what its message says (its words:
# tests/golden/messages/check-identity.txt): by its printing code, as written with the hint
# that a deck card needs a quantity, as written, or not at all (no identity card in the deck)
HOW = [
    ("code", "(printing code 30030)"),
    ("bare", "needs a quantity"),
    ("title", "not an identity card"),
    ("none", "no identity card"),
]
CARD = "https://netrunnerdb.com/en/card/30030"  # Sure Gamble, System Gateway
GUID = "bc0f047c-01b1-427f-a439-d451eda30030"
UUID = "0b7c2a1e-1d2c-4a5b-9c8d-0123456789ab"
V2 = "/api/2.0/public"
runner = CliRunner()

O8D = f"""<?xml version="1.0" encoding="utf-8" standalone="yes"?>
<deck game="0f38e453-26df-4c04-9d67-6d43de939c77">
  <section name="Identity">
    <card qty="1" id="{GUID}">Sure Gamble</card>
  </section>
  <section name="R&amp;D / Stack">
    <card qty="4" id="{GUID}">Sure Gamble</card>
  </section>
</deck>
"""
V3 = {  # a v3 decklist: identity_card_id names the identity
    "data": {
        "id": UUID,
        "type": "decklists",
        "attributes": {
            "name": "Typo",
            "identity_card_id": "sure_gamble",
            "card_slots": {"sure_gamble": 4},
        },
    }
}

# reader -> (file name, text, (line, HOW) of identity-missing, line of the copies problem)
READERS: dict[str, tuple[str, str, tuple[int | None, str], int | None]] = {
    "text": ("deck.txt", "Sure Gamble\n4 Sure Gamble\n", (1, "bare"), 2),
    "nrdb-text": (
        "deck.txt",
        "Typo\nSure Gamble (System Gateway)\n\nEvent (4)\n4x Sure Gamble (System Gateway)\n"
        "\n4 cards (min 45)\nCards up to Vantage Point\n",
        (2, "bare"),
        5,
    ),
    "markdown": (
        "deck.md",
        f"## Typo\n\n[Sure Gamble]({CARD}) _(System Gateway)_\n\n### Event (4)\n\n"
        f"* 4x [Sure Gamble]({CARD}) _(System Gateway)_\n",
        (3, "bare"),
        7,
    ),
    "bbcode": (
        "deck.txt",
        f"[b]Typo[/b]\n\n[url={CARD}]Sure Gamble[/url] (System Gateway)\n\n"
        f"[b]Event[/b] (4)\n4x [url={CARD}]Sure Gamble[/url] [i](System Gateway)[/i]\n",
        (3, "bare"),
        6,
    ),
    "jinteki": (
        "deck.txt",
        ";; title: Typo\n;; identity: Sure Gamble\n4 Sure Gamble\n",
        (2, "title"),
        3,
    ),
    "jinteki-code": (
        "deck.txt",
        ";; identity-code: 30030\n4 Sure Gamble [id: 30030]\n",
        (1, "code"),
        2,
    ),
    "o8d": ("deck.o8d", O8D, (4, "code"), 7),
    "json": ("deck.json", json.dumps(V3, indent=1), (7, "title"), 9),
}


def nrdeck(*args: str) -> Result:
    return runner.invoke(app, list(args))


def how(problem: dict[str, Any]) -> str:
    """How an identity-missing problem names the card (HOW); '' for any other problem."""
    if problem["code"] != "identity-missing":
        return ""
    return next(way for way, words in HOW if words in problem["message"])


def problems_of(deck: dict[str, Any]) -> list[tuple[str, int | None, list[str], str]]:
    """Each problem's code, line, cards and how it names a card that is no identity."""
    return [(p["code"], p["line"], p["cards"], how(p)) for p in deck["problems"]]


def missing(line: int | None, way: str, copies_line: int | None) -> list[Any]:
    """The problems of four Sure Gamble and no identity: the card named (or none), the deck
    held to the smallest minimum of the Runner identities allowed, the copies."""
    named = [] if way == "none" else ["sure_gamble"]
    return [
        ("identity-missing", line, named, way),
        ("deck-size", None, [], ""),
        ("copies", copies_line, ["sure_gamble"], ""),
    ]


def in_event(problems: list[dict[str, Any]]) -> list[tuple[str, str]]:
    return [(p["code"], how(p)) for p in problems]


IN_EVENT = {way: [("identity-missing", way), ("deck-size", ""), ("copies", "")] for way, _ in HOW}


@pytest.mark.parametrize("reader", sorted(READERS))
def test_every_reader_says_which_card_is_not_an_identity(reader: str, tmp_path: Path) -> None:
    name, text, (line, way), copies_line = READERS[reader]
    deck_file = tmp_path / name
    deck_file.write_text(text, encoding="utf-8")
    fmt = reader.removesuffix("-code")
    args = ("check", str(deck_file), "--input-format", fmt, *AS_OF)
    result = nrdeck(*args, "--output-format", "json")
    assert result.exit_code == ExitCode.ILLEGAL, result.output
    [deck] = json.loads(result.stdout)["decks"]
    assert deck["identity"] is None and deck["side"] == "runner" and deck["legal"] is False
    assert problems_of(deck) == missing(line, way, copies_line)
    [named] = [p for p in deck["problems"] if p["code"] == "identity-missing"]
    assert named["rule"] == "CR 1.4.1"
    [size] = [p["message"] for p in deck["problems"] if p["code"] == "deck-size"]
    assert "at least 40 (36 more)" in size  # Standard's smallest Runner minimum


def test_the_three_card_deck_of_the_issue_is_illegal(tmp_path: Path) -> None:
    deck_file = tmp_path / "deck.txt"
    deck_file.write_text(";; identity: Sure Gamble\n3 Sure Gamble\n", encoding="utf-8")
    result = nrdeck("check", str(deck_file), *AS_OF)
    assert result.exit_code == ExitCode.ILLEGAL
    head = result.stdout.splitlines()[0].split(" · ")
    assert head[:3] == [f"✗ {deck_file}", "no identity", "Standard"]
    assert "✗ identity-missing" in result.stdout  # the words: the golden file below
    assert "✗ deck-size: " in result.stdout and "✓" not in result.stdout
    # casual allows the starter and draft identities, whose minimum is 30
    casual = nrdeck("check", str(deck_file), *AS_OF, "--format", "casual")
    assert "at least 30 (27 more)" in casual.stdout
    shown = (result.stdout + casual.stdout).replace(str(deck_file), "deck.txt")
    assert_golden("check.no-identity.txt", shown, __file__)


def test_an_identity_code_that_matches_no_card_is_a_parse_error_naming_it(
    tmp_path: Path, db: CardDB
) -> None:
    assert db.card_by_code("99999") is None
    deck_file = tmp_path / "deck.txt"
    deck_file.write_text(";; identity-code: 99999\n4 Sure Gamble\n", encoding="utf-8")
    result = nrdeck("check", str(deck_file), *AS_OF, "--output-format", "json")
    assert result.exit_code == ExitCode.ILLEGAL
    [deck] = json.loads(result.stdout)["decks"]
    assert problems_of(deck) == [("parse-error", 1, [], ""), *missing(None, "none", 2)]
    assert "99999" in deck["problems"][0]["message"]  # the code that matches no card


def test_a_real_identity_beside_a_wrong_one_is_the_identity(tmp_path: Path) -> None:
    deck_file = tmp_path / "deck.txt"
    text = ";; identity: Sure Gamble\n;; identity-code: 30030\n;; identity: Zahya\n4 Sure Gamble\n"
    deck_file.write_text(text, encoding="utf-8")
    result = nrdeck("check", str(deck_file), *AS_OF, "--output-format", "json")
    [deck] = json.loads(result.stdout)["decks"]
    assert deck["identity"]["id"] == ZAHYA
    codes = [(p["code"], p["line"]) for p in deck["problems"]]
    assert sorted(codes, key=str) == [("copies", 4), ("deck-size", None), ("identity-missing", 1)]


def _serve(httpserver: HTTPServer, monkeypatch: pytest.MonkeyPatch, cards: dict[str, int]) -> str:
    item = {"id": 1, "uuid": UUID, "name": "Typo", "cards": cards}
    httpserver.expect_request(f"{V2}/decklist/{UUID}").respond_with_json(
        {"data": [item], "total": 1, "success": True, "version_number": "2.0"}
    )
    monkeypatch.setenv("NRDECK_V2_URL", httpserver.url_for(V2))
    monkeypatch.setenv("NRDECK_HTTP_RETRIES", "0")
    return f"https://netrunnerdb.com/en/decklist/{UUID}/typo"


def test_a_netrunnerdb_answer_without_identity_card_is_checked_as_such(
    httpserver: HTTPServer, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # v2 answers name the identity only by holding an identity card among "cards"
    link = _serve(httpserver, monkeypatch, {"30030": 4})
    result = nrdeck(
        "check",
        link,
        "--as-of",
        "2026-07-01",
        "--cache-dir",
        str(tmp_path),
        "--output-format",
        "json",
    )
    assert result.exit_code == ExitCode.ILLEGAL, result.output
    [deck] = json.loads(result.stdout)["decks"]
    assert problems_of(deck) == missing(None, "none", None)


def _event(roster: Path, *extra: str) -> tuple[Result, dict[str, list[tuple[str, str]]]]:
    result = nrdeck("event", str(roster), *AS_OF, *extra, "--output-format", "json")
    doc = json.loads(result.stdout)
    found = {p["player"]: in_event(p["runner"]["problems"]) for p in doc["players"]}
    return result, found


def _cobra_item(player_id: int, player: str, identity: dict[str, str]) -> dict[str, Any]:
    details = {"id": player_id, "player_id": player_id, "side_id": "runner", "name": "Typo"}
    details |= {"player_name": player, **identity}
    card = {"title": "Sure Gamble", "quantity": 4, "nrdb_card_id": "sure_gamble"}
    return {"details": details, "cards": [card]}


def test_cobra_json_identity_fields(tmp_path: Path) -> None:
    roster = tmp_path / "decks.json"
    items = [
        _cobra_item(1, "Ana", {"identity_title": "Sure Gamble"}),
        _cobra_item(2, "Bo", {"identity_nrdb_card_id": "sure_gamble"}),
        _cobra_item(3, "Cy", {"identity_nrdb_printing_id": "30030"}),
    ]
    roster.write_text(json.dumps(items), encoding="utf-8")
    result, found = _event(roster)
    assert result.exit_code == ExitCode.ILLEGAL, result.output
    assert found == {"Ana": IN_EVENT["title"], "Bo": IN_EVENT["title"], "Cy": IN_EVENT["code"]}


def test_cobra_csv_identity_column_and_the_column_a_lone_list_goes_to(tmp_path: Path) -> None:
    roster = tmp_path / "decks.csv"
    roster.write_text(
        'Player,"Ana",\nDeck,"Typo",\n\nMin,Identity,Max\n45,"Sure Gamble",15\n\n'
        'Qty,"Card Name",Inf\n4,"Sure Gamble",\n,Totals,\n',
        encoding="utf-8",
    )
    result, found = _event(roster)
    assert result.exit_code == ExitCode.ILLEGAL, result.output
    assert found == {"Ana": IN_EVENT["title"]}
    doc = json.loads(result.stdout)
    assert doc["players"][0]["problems"] == []  # in the Runner column: its cards' side


def test_roster_cells_pasted_text_and_files(tmp_path: Path) -> None:
    (tmp_path / "bo.txt").write_text(";; identity-code: 30030\n4 Sure Gamble\n", encoding="utf-8")
    (tmp_path / "cy.o8d").write_text(O8D, encoding="utf-8")
    roster = tmp_path / "roster.csv"
    roster.write_text(
        'player,corp,runner\nAna,,"Sure Gamble\n4 Sure Gamble"\nBo,,bo.txt\nCy,,cy.o8d\n',
        encoding="utf-8",
    )
    result, found = _event(roster)
    assert result.exit_code == ExitCode.ILLEGAL, result.output
    assert found == {"Ana": IN_EVENT["bare"], "Bo": IN_EVENT["code"], "Cy": IN_EVENT["code"]}


def test_abr_links_to_a_deck_without_identity(
    httpserver: HTTPServer, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    link = _serve(httpserver, monkeypatch, {"30030": 4})
    roster = tmp_path / "entries.json"
    entry = {"user_name": "Ana", "corp_deck_url": None, "runner_deck_url": link}
    roster.write_text(json.dumps([entry | {"rank_swiss": 1, "rank_top": None}]), encoding="utf-8")
    result = nrdeck(
        "event",
        str(roster),
        "--as-of",
        "2026-07-01",
        "--cache-dir",
        str(tmp_path / "cache"),
        "--output-format",
        "json",
    )
    assert result.exit_code == ExitCode.ILLEGAL, result.output
    [player] = json.loads(result.stdout)["players"]
    assert in_event(player["runner"]["problems"]) == IN_EVENT["none"]


@pytest.fixture
def typo(tmp_path: Path) -> Path:
    deck_file = tmp_path / "typo.txt"
    deck_file.write_text(";; identity-code: 30030\n4 Sure Gamble\n1 Diesel\n", encoding="utf-8")
    return deck_file


def test_convert_says_the_identity_was_not_written(typo: Path) -> None:
    result = nrdeck("convert", str(typo), "--to", "o8d", "--offline")
    assert result.exit_code == 1
    [said] = result.stderr.splitlines()
    assert said.startswith(f"{typo}:1: error: ") and "identity-missing" in said
    assert "30030" in said  # the printing code that names no identity
    sections = {s.get("name"): s for s in ElementTree.fromstring(result.stdout).iter("section")}
    assert len(sections["Identity"]) == 0  # written without an identity
    assert 'qty="4"' in result.stdout and "Traceback" not in result.output


def test_stats_simulate_and_diff_name_the_card(typo: Path, tmp_path: Path) -> None:
    stats = nrdeck("stats", str(typo), *AS_OF, "--output-format", "json")
    assert stats.exit_code == 0, stats.output
    doc = json.loads(stats.stdout)
    assert doc["identity"] is None and doc["legal"] is False
    assert ("identity-missing", 1, ["sure_gamble"], "code") in problems_of(doc)

    simulate = nrdeck("simulate", str(typo), "--offline", "--seed", "1")
    assert simulate.exit_code == 0, simulate.output
    [left_out] = [line for line in simulate.stderr.splitlines() if "left out" in line]
    assert f" {typo}:1: Sure Gamble " in left_out and "30030" in left_out
    assert "typo.txt: 5 cards" in simulate.stdout

    other = tmp_path / "other.txt"
    other.write_text("Zahya Sadeghi: Versatile Smuggler\n4 Sure Gamble\n1 Diesel\n", "utf-8")
    diff = nrdeck("diff", str(typo), str(other), "--offline")
    assert diff.exit_code == 1
    [identity] = [line.strip() for line in diff.stdout.splitlines() if "identity:" in line]
    before, after = identity.split(" → ")
    assert before == "identity: (no identity)" and after.startswith("Zahya Sadeghi")
    assert f"{typo}: identity-missing: " in diff.stderr and "30030" in diff.stderr
    assert "Traceback" not in diff.output + simulate.output + stats.output


def test_what_is_said_of_a_card_that_is_no_identity_reads_as_the_golden_file_says(
    tmp_path: Path, typo: Path
) -> None:
    def problems(name: str, text: str, *args: str) -> str:
        deck_file = tmp_path / name
        deck_file.write_text(text, encoding="utf-8")
        result = nrdeck("check", str(deck_file), *args, *AS_OF, "--output-format", "json")
        return said(json.loads(result.stdout)["decks"][0]["problems"])

    def run(*args: str) -> str:
        result = nrdeck(*args)
        return plain(result.stderr, tmp_path)

    other = tmp_path / "other.txt"
    other.write_text("Zahya Sadeghi: Versatile Smuggler\n4 Sure Gamble\n1 Diesel\n", "utf-8")
    cases = [
        *(
            (f"reader: {reader}", problems(name, text, "--input-format", shape))
            for reader, (name, text, *_) in sorted(READERS.items())
            for shape in [reader.removesuffix("-code")]
        ),
        ("an identity code that matches no card",
         problems("deck.txt", ";; identity-code: 99999\n4 Sure Gamble\n")),
        ("convert", run("convert", str(typo), "--to", "o8d", "--offline")),
        ("simulate", run("simulate", str(typo), "--offline", "--seed", "1")),
        ("diff", run("diff", str(typo), str(other), "--offline")),
    ]  # fmt: skip
    assert_golden_cases("messages/check-identity.txt", cases, __file__)
