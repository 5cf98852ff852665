"""Rules nrdeck does not know are never ignored silently (docs/reference/legality.md §4).

A copy of netrunner-cards-json gains a made-up Startup list (an id and a date, 2099, that no
real list can take), newer than nrdeck's agenda-cap table, that carries a deckbuilding rule
in a key nrdeck does not understand (as NetrunnerDB's data began to in 2026): building,
importing and downloading name the key, the built document records it, and every check under
that list says the list has a rule nrdeck does not apply.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from pytest_httpserver import HTTPServer
from typer.testing import CliRunner, Result

from nrdeck.cli import app
from tests.acceptance.check.words import warning_naming
from tests.fakes.nrdb_v3 import FakeNrdb, dataset
from tests.paths import FIXTURES

FIXTURES = FIXTURES / "legality"
STARTUP_DECK = str(FIXTURES / "startup-hb-five-big-agendas.txt")
NEW_LIST = {
    "banned": ["cleaver", "nbn_reality_plus", "pharos", "tributary"],
    "date_start": "2099-01-01",
    "deckbuilding_rules": {"agendas": {"min_points": 3, "max_copies": 3}},
    "format_id": "startup",
    "id": "startup_ban_list_99_01",
    "name": "Startup Ban List 99.01",
}
LIST_ID = NEW_LIST["id"]
# the two kinds of warning (their words: tests/golden/messages/data-status.txt, calendar.txt):
# data that holds a key nrdeck cannot read, and a check under rules nrdeck does not apply
NOT_UNDERSTOOD, NOT_APPLIED = "does not understand", "does not apply"
runner = CliRunner()


def nrdeck(*args: str) -> Result:
    return runner.invoke(app, list(args))


@pytest.fixture(scope="module")
def newer_cards_json(cards_json: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """netrunner-cards-json plus Startup Ban List 99.01 (an unknown key) and its snapshot."""
    root = tmp_path_factory.mktemp("cards-json")
    shutil.copytree(cards_json / "v2", root / "v2")
    shutil.copy(cards_json / "SOURCE.md", root / "SOURCE.md")
    (root / "v2" / "restrictions" / "startup" / "startup_ban_list_99_01.json").write_text(
        json.dumps(NEW_LIST, indent=2), encoding="utf-8"
    )
    formats = root / "v2" / "formats" / "startup.json"
    startup = json.loads(formats.read_text(encoding="utf-8"))
    startup["snapshots"].append(
        {
            "card_pool_id": "startup_elevation",
            "date_start": "2099-01-01",
            "id": "startup_test_99",
            "restriction_id": "startup_ban_list_99_01",
        }
    )
    formats.write_text(json.dumps(startup, indent=2), encoding="utf-8")
    return root


@pytest.fixture(scope="module")
def built(newer_cards_json: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Result]:
    """``nrdeck data build`` of the newer copy: the document and what the command said."""
    out = tmp_path_factory.mktemp("built") / "cards.json"
    result = runner.invoke(
        app, ["data", "build", "--from", str(newer_cards_json), "--out", str(out)]
    )
    return out, result


def test_data_build_warns_and_names_the_key(built: tuple[Path, Result]) -> None:
    _, result = built
    assert result.exit_code == 0, result.output
    said = warning_naming(result.stderr, f"restriction {LIST_ID} ", NOT_UNDERSTOOD)
    assert "deckbuilding_rules" in said and "recorded" in said


def test_the_built_document_records_the_key(built: tuple[Path, Result]) -> None:
    out, _ = built
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert doc["unknown_rules"] == [
        {"id": "startup_ban_list_99_01", "key": "deckbuilding_rules", "kind": "restriction"}
    ]


def test_every_check_under_the_list_warns_even_when_quiet(built: tuple[Path, Result]) -> None:
    out, _ = built
    args = (
        "check",
        STARTUP_DECK,
        "--data",
        str(out),
        "--format",
        "startup",
        "--as-of",
        "2099-01-02",
    )
    for extra in ((), ("-q",)):
        result = nrdeck(*args, *extra)
        assert result.exit_code == 1
        said = warning_naming(result.stderr, f"({LIST_ID})", NOT_APPLIED)
        assert said.endswith(": deckbuilding_rules")  # the rule not applied
    doc = json.loads(nrdeck(*args, "--output-format", "json").stdout)
    deck = doc["decks"][0]
    assert deck["restriction"]["id"] == LIST_ID
    assert deck["warnings"][0] == said.removeprefix("nrdeck: warning: ")
    assert "agenda-cap table" in deck["warnings"][1]


def test_a_five_big_agenda_deck_under_the_new_list_gets_the_latest_cap(
    built: tuple[Path, Result],
) -> None:
    out, _ = built
    args = ("check", STARTUP_DECK, "--data", str(out), "--format", "startup", "--as-of")
    result = nrdeck(*args, "2099-01-02")
    doc = json.loads(nrdeck(*args, "2099-01-02", "--output-format", "json").stdout)
    [cap] = [p for p in doc["decks"][0]["problems"] if p["code"] == "startup-agenda-cap"]
    assert cap["line"] == 6 and cap["message"].startswith("5 agendas ")
    assert "3× Salvo Testing" in cap["message"] and "2× Send a Message" in cap["message"]
    assert cap["message"].endswith("at most 4")  # the latest list's cap
    said = warning_naming(result.stderr, f"({LIST_ID})", "agenda-cap table")
    assert "26.09" in said and "at most 4" in said  # the list whose cap is used, the cap
    before = nrdeck(*args, "2098-12-31")
    assert LIST_ID not in before.stderr and "agenda-cap table" not in before.stderr


def test_data_import_warns_and_status_lists_the_key(newer_cards_json: Path, tmp_path: Path) -> None:
    cache = str(tmp_path / "cache")
    result = nrdeck("data", "import", str(newer_cards_json), "--cache-dir", cache)
    assert result.exit_code == 0, result.output
    said = warning_naming(result.stderr, f"restriction {LIST_ID} ", NOT_UNDERSTOOD)
    assert "deckbuilding_rules" in said
    status = nrdeck("data", "status", "--cache-dir", cache)
    assert "deckbuilding_rules" in status.stderr


def test_data_update_warns_about_unknown_attributes(httpserver: HTTPServer, tmp_path: Path) -> None:
    data = dataset()
    ban_b = next(r for r in data["restrictions"] if r["id"] == "ban_b")
    ban_b["deckbuilding_rules"] = [{"kind": "agenda_cap", "value": 3}]
    ban_b["verdicts"]["max_agendas"] = {"3": 3}
    data["snapshots"][1]["constraints"] = {"min_cards": 45}
    nrdb = FakeNrdb(httpserver, data)
    # --force: the small lookalike has 7 cards where the bundled snapshot in use has 2054
    url = nrdb.base_url
    result = nrdeck("data", "update", "--cache-dir", str(tmp_path), "--api-url", url, "--force")
    assert result.exit_code == 0, result.output
    for subject, key in (
        ("restriction ban_b", "deckbuilding_rules"),
        ("restriction ban_b", "verdicts.max_agendas"),
        ("snapshot standard_2", "constraints"),
    ):
        assert warning_naming(result.stderr, f"{subject} ", NOT_UNDERSTOOD, f": {key}")
    check = nrdeck(
        "check", "-", "--cache-dir", str(tmp_path), "--as-of", "2022-06-01", "--format", "standard"
    )
    ban_b = warning_naming(check.stderr, "(ban_b)", NOT_APPLIED)
    assert ban_b.rsplit(": ", 1)[1].split(", ") == ["deckbuilding_rules", "verdicts.max_agendas"]
    snapshot = warning_naming(check.stderr, "snapshot standard_2 ", NOT_APPLIED)
    assert snapshot.endswith(": constraints")
