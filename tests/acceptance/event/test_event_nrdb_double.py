"""`nrdeck event` against the shared NetrunnerDB double (../shared/tools/nrdb_mock.py).

The double serves decklists from a folder, answers 403 for private decks and 404 for
unknown ones, with latency. Skipped where ../shared is absent (test_event.py covers the
same failures with a pytest-httpserver stand-in that always runs).
"""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from nrdeck.catalog import CardDB
from nrdeck.cli import app
from tests.conftest import CARDS_JSON, SHARED
from tests.fakes.nrdb_v2 import deck_cards, deck_item
from tests.paths import FIXTURES

MOCK = SHARED / "tools" / "nrdb_mock.py"
DECKS = FIXTURES / "event" / "decks"
LEGAL_CORP = "a1a1a1a1-0000-4000-8000-000000000001"
LEGAL_RUNNER = "a1a1a1a1-0000-4000-8000-000000000002"
PRIVATE = "a1a1a1a1-0000-4000-8000-000000000003"
UNKNOWN = "a1a1a1a1-0000-4000-8000-000000000004"
V2 = "/api/2.0/public"  # NetrunnerDB's v2 API, under the double's address


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def v2_deck(db: CardDB, deck_file: str, uuid: str) -> dict[str, object]:
    return deck_item(uuid, deck_file, deck_cards(db, DECKS / deck_file))


@pytest.fixture
def double(db: CardDB, tmp_path: Path) -> Iterator[str]:
    if not MOCK.is_file() or not (CARDS_JSON / "v2").is_dir():
        pytest.skip("../shared/tools/nrdb_mock.py or the card data is absent")
    folder = tmp_path / "decklists"
    folder.mkdir()
    for uuid, deck_file in ((LEGAL_CORP, "std-hb-precision.txt"), (LEGAL_RUNNER, "std-zahya.txt")):
        (folder / f"{uuid}.json").write_text(json.dumps(v2_deck(db, deck_file, uuid)))
    port = free_port()
    command = [sys.executable, str(MOCK), "--port", str(port), "--decklists", str(folder)]
    command += ["--private", PRIVATE, "--latency", "0.05"]
    proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(1200):  # up to a minute
            try:
                urllib.request.urlopen(f"{base}/__stats", timeout=1).close()
                break
            except OSError:
                time.sleep(0.05)
        else:
            pytest.fail("the NetrunnerDB double did not start")
        yield base
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_links_private_and_unknown_decks_against_the_double(
    double: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NRDECK_V2_URL", f"{double}{V2}")
    monkeypatch.setenv("NRDECK_HTTP_RETRIES", "0")
    roster = tmp_path / "roster.csv"
    nrdb = "https://netrunnerdb.com/en"
    roster.write_text(
        "player,corp,runner\n"
        f"Ana,{nrdb}/decklist/{LEGAL_CORP},{nrdb}/deck/view/{LEGAL_RUNNER}\n"
        f"Ben,{nrdb}/deck/view/{PRIVATE},{nrdb}/decklist/{LEGAL_RUNNER}\n"
        f"Cy,{nrdb}/decklist/{LEGAL_CORP},{nrdb}/decklist/{UNKNOWN}\n",
        encoding="utf-8",
    )
    args = ["event", str(roster), "--as-of", "2025-10-01", "--output-format", "json"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 1, result.stderr
    players = {p["player"]: p for p in json.loads(result.stdout)["players"]}
    assert players["Ana"]["status"] == "ready"
    assert [p["code"] for p in players["Ben"]["corp"]["problems"]] == ["deck-private"]
    assert [p["code"] for p in players["Cy"]["runner"]["problems"]] == ["deck-not-found"]
    stats = json.loads(urllib.request.urlopen(f"{double}/__stats", timeout=5).read())
    # Ana's and Cy's Corp decks are the same link: asked of the double once
    asked = {k.removeprefix("path "): n for k, n in stats.items() if k.startswith("path ")}
    assert asked[f"{V2}/decklist/{LEGAL_CORP}"] == 1 and asked[f"{V2}/deck/{PRIVATE}"] == 1
