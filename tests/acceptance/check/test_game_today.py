"""The game as it is today (docs/reference/legality.md §4): Startup's agenda cap from the card data,
nrdeck's corrections re-examined against the 2026 data, and card ids that moved upstream."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from nrdeck.cards.bundled import snapshot_path
from nrdeck.cli import app
from tests.acceptance.check.words import said, warning_naming
from tests.ids import PRECISION_DESIGN, STARTUP_BALANCE_26_03, ZAHYA
from tests.paths import EXAMPLES, assert_golden_cases

runner = CliRunner()
FOUR_BIG = """Haas-Bioroid: Precision Design

2 Send a Message
2 Méliès City Luxury Line
3 Project Ingatan
3 Hedge Fund
3 Petty Cash
3 Nico Campaign
3 Regolith Mining License
3 Sprint
3 Ansel 1.0
2 Brân 1.0
2 Bumi 1.0
3 Tithe
2 Palisade
3 Whitespace
3 Vertigo
"""
# each Startup list's start, and its cap on agendas worth 3 or more points
STARTUP_LISTS = {
    "2024-09-20": 3,  # Startup Ban List 24.09
    "2025-04-24": 4,  # Startup Balance Update 25.04
    "2025-11-03": 4,  # Startup Balance Update 25.11
    "2026-03-02": 3,  # Startup Balance Update 26.03
    "2026-05-01": 4,  # Startup Balance Update 26.05 (NSG: 26.04)
}


def nrdeck(*args: str, stdin: str | None = None) -> Result:
    return runner.invoke(app, list(args), input=stdin)


def report(*args: str, stdin: str | None = None) -> dict[str, Any]:
    """The JSON report of one deck checked with these arguments."""
    result = nrdeck("check", *args, "--output-format", "json", stdin=stdin)
    assert result.exit_code in (0, 1), result.output
    found: dict[str, Any] = json.loads(result.stdout)["decks"][0]
    return found


def deck_file(tmp_path: Path, text: str = FOUR_BIG) -> str:
    path = tmp_path / "deck.txt"
    path.write_text(text, encoding="utf-8")
    return str(path)


# -- the Startup cap is data ------------------------------------------------------------
def test_four_big_agendas_break_startup_26_03_and_not_26_05(tmp_path: Path) -> None:
    deck = deck_file(tmp_path)
    during = nrdeck("check", deck, "--format", "startup", "--as-of", "2026-03-20", "--offline")
    assert during.exit_code == 1
    checked = report(deck, "--format", "startup", "--as-of", "2026-03-20", "--offline")
    assert checked["restriction"]["id"] == STARTUP_BALANCE_26_03
    [cap] = [p for p in checked["problems"] if p["code"] == "startup-agenda-cap"]
    assert cap["line"] == 3 and cap["message"].startswith("4 agendas ")  # the line of the 4th
    assert "2× Send a Message" in cap["message"] and cap["message"].endswith("at most 3")
    after = nrdeck("check", deck, "--format", "startup", "--as-of", "2026-05-02", "--offline")
    assert after.exit_code == 0, after.output


@pytest.mark.parametrize(("day", "cap"), STARTUP_LISTS.items())
def test_every_startup_list_has_its_cap_and_no_warning_about_it(day: str, cap: int) -> None:
    result = nrdeck(
        "check", "-", "--format", "startup", "--as-of", day, "--offline",
        "--output-format", "json",
        stdin="Haas-Bioroid: Precision Design\n3 Hedge Fund\n",
    )  # fmt: skip
    deck = json.loads(result.stdout)["decks"][0]
    assert deck["as_of"] == day and deck["warnings"] == []
    assert "does not apply" not in result.stderr and "agenda-cap table" not in result.stderr


@pytest.mark.parametrize(("day", "cap"), STARTUP_LISTS.items())
def test_the_cap_in_force_is_the_data_s(day: str, cap: int, tmp_path: Path) -> None:
    # one agenda worth 3 or more over the cap: the message names the cap
    over = "Haas-Bioroid: Precision Design\n" + f"{cap + 1} Send a Message\n"
    checked = report(deck_file(tmp_path, over), "--format", "startup", "--as-of", day, "--offline")
    [found] = [p["message"] for p in checked["problems"] if p["code"] == "startup-agenda-cap"]
    assert f"({cap + 1}× Send a Message)" in found and found.endswith(f"at most {cap}")


def test_building_the_2026_data_warns_about_nothing(cards_json: Path, tmp_path: Path) -> None:
    result = nrdeck("data", "build", "--from", str(cards_json), "--out", str(tmp_path / "c.json"))
    assert result.exit_code == 0, result.output
    assert result.stderr.startswith("wrote ") or "warning" not in result.stderr, result.stderr
    assert "max_3_point_agendas" not in result.stderr
    doc = json.loads((tmp_path / "c.json").read_text(encoding="utf-8"))
    assert "unknown_rules" not in doc
    caps = {r["id"]: r.get("max_3_point_agendas") for r in doc["restrictions"]}
    assert caps[STARTUP_BALANCE_26_03] == 3 and caps["startup_ban_list_24_09"] == 3


@pytest.fixture
def data_with_cap_5(cards_json: Path, tmp_path: Path) -> Path:
    """netrunner-cards-json where Startup Balance Update 26.03 caps big agendas at 5."""
    root = tmp_path / "cards-json"
    shutil.copytree(cards_json / "v2", root / "v2")
    shutil.copy(cards_json / "SOURCE.md", root / "SOURCE.md")
    path = root / "v2" / "restrictions" / "startup" / "startup_balance_update_26_03.json"
    record = json.loads(path.read_text(encoding="utf-8"))
    record["max_3_point_agendas"] = 5
    path.write_text(json.dumps(record), encoding="utf-8")
    return root


def test_where_the_data_and_the_table_disagree_the_data_wins_and_status_says_so(
    data_with_cap_5: Path, tmp_path: Path
) -> None:
    cache = str(tmp_path / "cache")
    imported = nrdeck("data", "import", str(data_with_cap_5), "--cache-dir", cache)
    assert imported.exit_code == 0, imported.output
    # a warning names the list, the data's cap and the table's, and which one checks use
    said = warning_naming(imported.stderr, STARTUP_BALANCE_26_03, "agenda-cap table")
    assert " at 5, " in said and " at 3 " in said and said.endswith("use the card data's")
    status = nrdeck("data", "status", "--cache-dir", cache).stderr
    assert said.removeprefix("nrdeck: warning: ") in status
    deck = deck_file(tmp_path, "Haas-Bioroid: Precision Design\n5 Send a Message\n")
    five = nrdeck(
        "check", deck, "--cache-dir", cache, "--format", "startup", "--as-of", "2026-03-20"
    )
    assert "startup-agenda-cap" not in five.stdout  # 5 allowed by the data


def test_an_older_document_that_recorded_the_key_as_unknown_keeps_working(
    tmp_path: Path,
) -> None:
    # a document an older nrdeck built from the 2026 data: the key recorded, not read
    doc = json.loads(snapshot_path().read_text(encoding="utf-8"))
    unknown = []
    for record in doc["restrictions"]:
        if record.pop("max_3_point_agendas", None) is not None:
            unknown.append(
                {"id": record["id"], "key": "max_3_point_agendas", "kind": "restriction"}
            )
    doc["unknown_rules"] = unknown
    older = tmp_path / "older.json"
    older.write_text(json.dumps(doc), encoding="utf-8")
    args = ("--data", str(older), "--format", "startup", "--as-of", "2026-03-20")
    result = nrdeck("check", deck_file(tmp_path), *args)
    assert result.exit_code == 1 and "at most 3" in result.stdout  # the table's cap
    assert "does not apply" not in result.stderr and "does not understand" not in result.stderr
    status = nrdeck("data", "status", "--data", str(older))
    assert "max_3_point_agendas" not in status.stdout + status.stderr


# -- corrections re-examined ------------------------------------------------------------
FIXED_UPSTREAM = ("standard_30", "standard_31", "standard_32", "startup_7")  # snapshot dates


def test_status_says_which_corrections_the_2026_data_no_longer_needs() -> None:
    status = nrdeck("data", "status")
    assert status.exit_code == 0
    lines = status.stdout.splitlines()
    start = lines.index("nrdeck's corrections to this data:")
    # each correction: what it corrects -> whether it is applied (the words: data-status.txt)
    listed = dict(line.strip().split(": ", 1) for line in lines[start + 1 :])
    fixed = [listed[f"snapshot date {snapshot}"] for snapshot in FIXED_UPSTREAM]
    fixed += [v for k, v in listed.items() if k.startswith("pool addition eternal")]
    assert len(fixed) == 5
    assert all(v.startswith("not applied") and "fixed upstream" in v for v in fixed)
    [sunset] = [v for k, v in listed.items() if k.endswith(" sunset_01")]
    assert sunset.startswith("applied")  # an excluded snapshot
    revised = listed["set release revised_core_set"]
    assert revised.startswith("applied") and "2017-12-14" in revised and "2017-10-01" in revised


def test_a_check_dated_before_vantage_point_does_not_speak_of_it(tmp_path: Path) -> None:
    zahya = str(EXAMPLES / "standard-zahya.txt")
    before = nrdeck("check", zahya, "--as-of", "2025-09-01", "--offline", "-v")
    assert before.exit_code == 0 and "Vantage Point" not in before.stdout
    assert "year typo" not in before.stdout  # the 2026 data has standard_31's date right
    after = report(zahya, "--as-of", "2026-03-05", "--offline")
    assert "Vantage Point" in after["correction"] and "rotation_2025" in after["correction"]
    assert after["correction"] in nrdeck("check", zahya, "--as-of", "2026-03-05", "--offline",
                                         "-v").stdout  # fmt: skip


# -- ids that moved -------------------------------------------------------------------
OLD_IDS = {
    "i_ve_had_worse": "ive_had_worse",
    "na_not_k": "nanotk",
    "harishchandra_ent_where_you_re_the_star": "harishchandra_ent_where_youre_the_star",
}


@pytest.mark.parametrize(("old", "new"), OLD_IDS.items())
def test_a_v3_deck_written_with_an_old_id_reads_with_the_new_data(
    old: str, new: str, tmp_path: Path
) -> None:
    side_identity = ZAHYA if not new.startswith("harishchandra") else PRECISION_DESIGN
    deck = tmp_path / "deck.json"
    slots = {side_identity: 1, old: 1}
    deck.write_text(json.dumps({"name": "old ids", "card_slots": slots}), encoding="utf-8")
    result = nrdeck(
        "check", str(deck), "--format", "casual", "--offline", "--output-format", "json"
    )
    problems = json.loads(result.stdout)["decks"][0]["problems"]
    assert not [p for p in problems if p["code"] in ("unknown-card", "parse-error")], problems


def test_a_pinned_document_of_older_data_reads_decks_written_with_new_ids(tmp_path: Path) -> None:
    doc = json.loads(snapshot_path().read_text(encoding="utf-8"))
    back = {new: old for old, new in OLD_IDS.items()}
    for card in doc["cards"]:
        card["id"] = back.get(card["id"], card["id"])
    for printing in doc["printings"]:
        printing["card_id"] = back.get(printing["card_id"], printing["card_id"])
    pinned = tmp_path / "pinned.json"
    pinned.write_text(json.dumps(doc), encoding="utf-8")
    deck = tmp_path / "deck.json"
    slots = {ZAHYA: 1, "ive_had_worse": 3, "nanotk": 2}
    deck.write_text(json.dumps({"card_slots": slots}), encoding="utf-8")
    result = nrdeck(
        "check", str(deck), "--data", str(pinned), "--format", "casual", "--output-format", "json"
    )
    problems = json.loads(result.stdout)["decks"][0]["problems"]
    assert [p["code"] for p in problems] == ["deck-size"]
    card = nrdeck("card", "ive_had_worse", "--data", str(pinned), "--output-format", "json")
    assert json.loads(card.stdout)["card"]["id"] == "i_ve_had_worse"


def test_data_that_renamed_an_id_nrdeck_names_is_a_warning(
    cards_json: Path, tmp_path: Path
) -> None:
    # a copy of the data where PAD Campaign (named by PAD Factory's alliance rule) moved
    root = tmp_path / "cards-json"
    shutil.copytree(cards_json / "v2", root / "v2")
    shutil.copy(cards_json / "SOURCE.md", root / "SOURCE.md")
    card = root / "v2" / "cards" / "pad_campaign.json"
    record = json.loads(card.read_text(encoding="utf-8"))
    record["id"] = "pad_campaign_v2"
    card.unlink()
    (root / "v2" / "cards" / "pad_campaign_v2.json").write_text(json.dumps(record), "utf-8")
    for path in (root / "v2" / "printings").glob("*.json"):
        text = path.read_text(encoding="utf-8")
        if '"pad_campaign"' in text:
            path.write_text(text.replace('"pad_campaign"', '"pad_campaign_v2"'), "utf-8")
    result = nrdeck("data", "build", "--from", str(root), "--out", str(tmp_path / "c.json"))
    assert result.exit_code == 0, result.output
    said = warning_naming(result.stderr, "PAD Factory", "pad_campaign,", "pad_campaign_v2")
    assert said  # the rule, the id it names and the id the data has now
    status = nrdeck("data", "status", "--data", str(tmp_path / "c.json"))
    assert said.removeprefix("nrdeck: warning: ") in status.stderr


def test_what_check_says_of_the_game_today_reads_as_the_golden_file_says(tmp_path: Path) -> None:
    def problems(*args: str, code: str) -> str:
        return said(p for p in report(*args, "--offline")["problems"] if p["code"] == code)

    zahya = str(EXAMPLES / "standard-zahya.txt")
    verbose = nrdeck("check", zahya, "--as-of", "2026-03-05", "--offline", "-v").stdout
    cap = ("--format", "startup", "--as-of", "2026-03-20")
    cases = [
        ("Startup's agenda cap", problems(deck_file(tmp_path), *cap, code="startup-agenda-cap")),
        ("a correction in force, -v", verbose),
    ]
    assert_golden_cases("messages/check-game-today.txt", cases, __file__)
