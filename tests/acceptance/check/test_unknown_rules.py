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
SAYS = "Startup Ban List 99.01 (startup_ban_list_99_01) has rules nrdeck does not apply"
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
    assert (
        "nrdeck: warning: restriction startup_ban_list_99_01 has a key nrdeck does not "
        "understand: deckbuilding_rules; it is recorded, and checks under it will say so"
    ) in result.stderr


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
        assert f"nrdeck: warning: {SAYS}: deckbuilding_rules" in result.stderr
    doc = json.loads(nrdeck(*args, "--output-format", "json").stdout)
    deck = doc["decks"][0]
    assert deck["restriction"]["id"] == "startup_ban_list_99_01"
    assert deck["warnings"][0] == f"{SAYS}: deckbuilding_rules"
    assert "is newer than nrdeck's agenda-cap table" in deck["warnings"][1]


def test_a_five_big_agenda_deck_under_the_new_list_gets_the_latest_cap(
    built: tuple[Path, Result],
) -> None:
    out, _ = built
    result = nrdeck(
        "check", STARTUP_DECK, "--data", str(out), "--format", "startup", "--as-of", "2099-01-02"
    )
    assert (
        "startup-agenda-cap (line 6): 5 agendas worth 3 or more points "
        "(3× Salvo Testing, 2× Send a Message); at most 4"
    ) in result.stdout
    assert (
        "nrdeck: warning: Startup Ban List 99.01 (startup_ban_list_99_01) is newer than "
        "nrdeck's agenda-cap table and the card data sets no cap for it: using the cap of "
        "Startup Balance Update 26.09"
    ) in result.stderr
    before = nrdeck(
        "check", STARTUP_DECK, "--data", str(out), "--format", "startup", "--as-of", "2098-12-31"
    )
    assert SAYS not in before.stderr and "agenda-cap table" not in before.stderr


def test_data_import_warns_and_status_lists_the_key(newer_cards_json: Path, tmp_path: Path) -> None:
    cache = str(tmp_path / "cache")
    result = nrdeck("data", "import", str(newer_cards_json), "--cache-dir", cache)
    assert result.exit_code == 0, result.output
    assert "startup_ban_list_99_01 has a key nrdeck does not understand: deckbuilding_rules" in (
        result.stderr
    )
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
    for said in (
        "restriction ban_b has a key nrdeck does not understand: deckbuilding_rules",
        "restriction ban_b has a key nrdeck does not understand: verdicts.max_agendas",
        "snapshot standard_2 has a key nrdeck does not understand: constraints",
    ):
        assert said in result.stderr
    check = nrdeck(
        "check", "-", "--cache-dir", str(tmp_path), "--as-of", "2022-06-01", "--format", "standard"
    )
    assert (
        "Ban B (ban_b) has rules nrdeck does not apply: deckbuilding_rules, verdicts.max_agendas"
        in (check.stderr)
    )
    assert "snapshot standard_2 has rules nrdeck does not apply: constraints" in check.stderr
