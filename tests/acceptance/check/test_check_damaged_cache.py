"""`nrdeck check LINK` (and every command reading a link) when the deck's cached copy is damaged
on disk: one safe warning line and the deck fetched again; offline, or with NetrunnerDB
failing, the deck's problem says the copy is damaged (wording:
tests/golden/messages/deck-cache.txt)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from pytest_httpserver import HTTPServer
from typer.testing import CliRunner, Result
from werkzeug import Request, Response

from nrdeck.cli import app
from nrdeck.decklist.nrdb_url import cache_path
from nrdeck.errors import ExitCode
from tests.fakes.deck_cache import cached_answer
from tests.fakes.nrdb_v2 import answer, deck_item
from tests.paths import EXAMPLES, assert_golden_cases

GOOD = "0b7c2a1e-1d2c-4a5b-9c8d-0123456789ab"
LINK = f"https://netrunnerdb.com/en/decklist/{GOOD}/catalyst"
DOCUMENT = answer(deck_item(GOOD, "Catalyst", {"30076": 1, "30030": 3}))
WARNING = "nrdeck: warning: "
runner = CliRunner()


class Decklist:
    """NetrunnerDB's v2 answer for the deck, with an ETag; or a 503 once ``failing``."""

    def __init__(self) -> None:
        self.asked: list[str | None] = []  # the If-None-Match each request sent
        self.failing = False

    def __call__(self, request: Request) -> Response:
        self.asked.append(request.headers.get("If-None-Match"))
        if self.failing:
            return Response("down for maintenance", status=503)
        body = json.dumps(DOCUMENT)
        return Response(body, headers={"ETag": '"v1"'}, content_type="application/json")


@pytest.fixture
def nrdb(httpserver: HTTPServer, monkeypatch: pytest.MonkeyPatch) -> Decklist:
    served = Decklist()
    httpserver.expect_request(f"/api/2.0/public/decklist/{GOOD}").respond_with_handler(served)
    monkeypatch.setenv("NRDECK_V2_URL", httpserver.url_for("/api/2.0/public"))
    monkeypatch.setenv("NRDECK_HTTP_RETRIES", "0")
    return served


def check(cache: Path, *more: str) -> Result:
    args = ["check", LINK, "--format", "system_gateway", "--output-format", "json"]
    return runner.invoke(app, [*args, "--cache-dir", str(cache), *more])


def warnings(result: Result) -> list[str]:
    return [line for line in result.stderr.splitlines() if line.startswith(WARNING)]


def deck(result: Result) -> dict[str, Any]:
    found: dict[str, Any] = json.loads(result.stdout)["decks"][0]
    return found


def damage(cache: Path) -> Path:
    """Cut the deck's cached entry short, as a crash or a full disk might."""
    import os

    entry = cache_path(cache, "decklist", GOOD, os.environ["NRDECK_V2_URL"])
    entry.write_bytes(entry.read_bytes()[:-5])
    return entry


def shown(text: str, cache: Path, server: HTTPServer) -> str:
    """The text the same on every run: the cache folder, the server and the entry's name."""
    text = text.replace(str(cache), "<cache>").replace(server.url_for("").rstrip("/"), "<nrdb>")
    return re.sub(r"[0-9a-f]{32}\.http", "<entry>.http", text)


def test_a_damaged_copy_is_one_warning_and_the_deck_fetched_again(
    nrdb: Decklist, httpserver: HTTPServer, tmp_path: Path
) -> None:
    cache = tmp_path / "cache"
    first = check(cache)
    assert first.exit_code == ExitCode.ILLEGAL and warnings(first) == []
    damage(cache)
    again = check(cache)
    assert again.exit_code == ExitCode.ILLEGAL, again.output  # checked, as the first time
    assert deck(again)["outcome"] == "checked" and deck(again) == deck(first)
    assert len(warnings(again)) == 1
    assert nrdb.asked == [None, None]  # asked in full: the damaged copy's ETag is not sent
    assert cached_answer(cache, "decklist", GOOD, v2_url=httpserver.url_for("/api/2.0/public"))
    assert warnings(check(cache)) == []  # repaired: the next run revalidates it quietly
    assert nrdb.asked[-1] == '"v1"'


def test_the_warning_is_one_safe_line_whatever_the_cache_folder_is_called(
    nrdb: Decklist, tmp_path: Path
) -> None:
    cache = tmp_path / "cache\x1b[2J\nnrdeck: error: forged"
    check(cache)
    damage(cache)
    again = check(cache)
    assert deck(again)["outcome"] == "checked"
    assert len(warnings(again)) == 1 and "\x1b" not in again.stderr
    assert not any(line.startswith("nrdeck: error") for line in again.stderr.splitlines())


def test_what_a_damaged_copy_does_to_each_run(
    nrdb: Decklist, httpserver: HTTPServer, tmp_path: Path
) -> None:
    """Online: one warning, the deck fetched again. Offline: the deck is unavailable, its
    problem saying the copy is damaged (no warning: nothing is fetched). NetrunnerDB failing:
    the warning, then the deck unavailable, saying both."""
    cache = tmp_path / "cache"
    check(cache)
    damage(cache)
    online = check(cache)
    damage(cache)
    offline = check(cache, "--offline")
    assert offline.exit_code == ExitCode.UNAVAILABLE and warnings(offline) == []
    assert deck(offline)["problems"][0]["code"] == "deck-unavailable"
    nrdb.failing = True
    failing = check(cache)
    assert failing.exit_code == ExitCode.UNAVAILABLE and len(warnings(failing)) == 1
    assert deck(failing)["problems"][0]["code"] == "deck-unavailable"
    cases = [
        ("online: the warning", "\n".join(warnings(online))),
        ("offline: the deck's problem", deck(offline)["problems"][0]["message"]),
        ("NetrunnerDB failing: the warning", "\n".join(warnings(failing))),
        ("NetrunnerDB failing: the deck's problem", deck(failing)["problems"][0]["message"]),
    ]
    cases = [(label, shown(text, cache, httpserver)) for label, text in cases]
    assert_golden_cases("messages/deck-cache.txt", cases, __file__)


@pytest.mark.parametrize(
    "command",
    [
        ["stats", LINK],
        ["convert", LINK, "--to", "text"],
        ["diff", LINK, str(EXAMPLES / "sg-catalyst.txt")],
        ["simulate", LINK, "econ>=1"],
        ["timeline", LINK, "--format", "system_gateway"],
    ],
    ids=lambda command: command[0],
)
def test_every_command_reading_a_link_says_it_once(
    nrdb: Decklist, tmp_path: Path, command: list[str]
) -> None:
    cache = tmp_path / "cache"
    check(cache)
    damage(cache)
    result = runner.invoke(app, [*command, "--cache-dir", str(cache)])
    assert result.exit_code in (ExitCode.OK, ExitCode.ILLEGAL), result.output
    assert len(warnings(result)) == 1
    assert nrdb.asked == [None, None]  # fetched again, in full
