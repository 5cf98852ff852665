"""`nrdeck check` with NetrunnerDB links: fetched --jobs at once, reported in the order given."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pytest_httpserver import HTTPServer
from typer.testing import CliRunner

from nrdeck.cli import app
from tests.paths import ROOT, assert_golden

GOOD = "0b7c2a1e-1d2c-4a5b-9c8d-0123456789ab"
PRIVATE = "0b7c2a1e-1d2c-4a5b-9c8d-0123456789ac"
runner = CliRunner()


def test_jobs_must_be_at_least_one() -> None:
    deck = str(ROOT / "data" / "examples" / "sg-catalyst.txt")
    result = runner.invoke(app, ["check", deck, "--jobs", "0", "--offline"])
    assert result.exit_code == 2 and "--jobs" in result.output


def test_links_files_and_failures_in_one_run(
    httpserver: HTTPServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    deck = {"id": 1, "uuid": GOOD, "name": "Catalyst", "cards": {"30076": 1, "30030": 3}}
    httpserver.expect_request(f"/api/2.0/public/decklist/{GOOD}").respond_with_json(
        {"data": [deck], "total": 1, "success": True}
    )
    httpserver.expect_request(f"/api/2.0/public/decklist/{PRIVATE}").respond_with_data(
        "", status=403
    )
    monkeypatch.setenv("NRDECK_V2_URL", httpserver.url_for("/api/2.0/public"))
    local = str(ROOT / "data" / "examples" / "sg-catalyst.txt")
    good = f"https://netrunnerdb.com/en/decklist/{GOOD}/catalyst"
    private = f"https://netrunnerdb.com/en/decklist/{PRIVATE}"
    specs = [good, local, private, good]
    args = ["check", *specs, "--format", "system_gateway", "--output-format", "json"]
    result = runner.invoke(app, [*args, "--jobs", "2", "--cache-dir", str(tmp_path)])
    assert result.exit_code == 1, result.output  # the 4-card remote deck is illegal
    decks = json.loads(result.stdout)["decks"]
    assert [d["source"] for d in decks] == [good, local, private]
    private_deck = decks[2]["problems"][0]
    assert private_deck["code"] == "deck-private" and "403" in private_deck["message"]
    assert len(httpserver.log) == 2  # the link given twice was fetched once


def test_links_are_fetched_through_the_proxy_the_environment_names(
    httpserver: HTTPServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    deck = {"id": 1, "uuid": GOOD, "name": "Catalyst", "cards": {"30076": 1, "30030": 3}}
    httpserver.expect_request(f"/api/2.0/public/decklist/{GOOD}").respond_with_json(
        {"data": [deck], "total": 1, "success": True}
    )
    for name in ("NO_PROXY", "no_proxy", "HTTPS_PROXY", "https_proxy", "ALL_PROXY", "all_proxy"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("NRDECK_V2_URL", "http://netrunnerdb.invalid/api/2.0/public")
    link = f"https://netrunnerdb.com/en/decklist/{GOOD}"
    args = ["check", link, "--format", "system_gateway", "--output-format", "json"]

    monkeypatch.setenv("HTTP_PROXY", httpserver.url_for("/"))
    through_proxy = runner.invoke(app, [*args, "--cache-dir", str(tmp_path / "a")])
    assert through_proxy.exit_code == 1, through_proxy.output  # fetched and checked
    assert json.loads(through_proxy.stdout)["decks"][0]["outcome"] == "checked"
    assert len(httpserver.log) == 1

    monkeypatch.setenv("NO_PROXY", "netrunnerdb.invalid")
    monkeypatch.setenv("NRDECK_HTTP_RETRIES", "0")  # no host: no need to ask again
    bypassed = runner.invoke(app, [*args, "--cache-dir", str(tmp_path / "b")])
    assert bypassed.exit_code == 3  # asked directly: no such host
    assert len(httpserver.log) == 1


@pytest.mark.parametrize("proxy", ["http://bad proxy:x", "http://127.0.0.1:99999"])
def test_a_proxy_that_is_no_url_is_named_in_one_line(
    proxy: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("NO_PROXY", "no_proxy", "HTTPS_PROXY", "https_proxy", "ALL_PROXY", "all_proxy"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("NRDECK_V2_URL", "http://netrunnerdb.invalid/api/2.0/public")
    monkeypatch.setenv("HTTP_PROXY", proxy)
    link = f"https://netrunnerdb.com/en/decklist/{GOOD}"
    result = runner.invoke(app, ["check", link, "--cache-dir", str(tmp_path)])
    assert result.exit_code == 3
    assert "a URL could not be read" in result.stdout and "HTTP_PROXY" in result.stdout
    assert "Traceback" not in result.output


OTHER_LINKS = [
    "https://jinteki.net/deckbuilder",
    "jinteki.net/decks/5f1c",
    "https://netrunnerdb.com/en/card/01001",
    "https://www.netrunnerdb.com/en/decklists/popular",
    "https://example.com/deck.txt",
]


def test_a_link_that_is_no_netrunnerdb_deck_says_what_to_do_instead() -> None:
    """jinteki.net and NetrunnerDB's other pages get their own next step (wording: golden)."""
    said = []
    for link in OTHER_LINKS:
        result = runner.invoke(app, ["check", link, "--offline"])
        assert result.exit_code == 2, result.output
        assert result.stdout == "" and len(result.stderr.splitlines()) == 1
        said.append(result.stderr)
    assert_golden("check.links.txt", "".join(said), __file__)


def test_an_event_cell_with_such_a_link_gets_the_same_words(tmp_path: Path) -> None:
    roster = tmp_path / "roster.csv"
    roster.write_text(f"player,corp,runner\nAna,{OTHER_LINKS[0]},{OTHER_LINKS[2]}\n", "utf-8")
    result = runner.invoke(app, ["event", str(roster), "--offline", "--output-format", "json"])
    assert result.exit_code == 1, result.output
    ana = json.loads(result.stdout)["players"][0]
    for column, link in (("corp", OTHER_LINKS[0]), ("runner", OTHER_LINKS[2])):
        problem = ana[column]["problems"][0]
        assert problem["code"] == "not-a-deck-link"
        alone = runner.invoke(app, ["check", link, "--offline"]).stderr
        assert problem["message"] == alone.strip().removeprefix("nrdeck: error: ")
