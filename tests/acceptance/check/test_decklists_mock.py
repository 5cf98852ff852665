"""NetrunnerDB links against the shared NetrunnerDB lookalike (skipped without ../shared)."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from nrdeck.app.inputs.decks import DeckSettings, load_deck
from nrdeck.catalog import CardDB
from nrdeck.errors import RemoteDeckError
from nrdeck.http import HttpSettings
from tests.ids import VALENCIA

UUID = "5e2b1c3d-4a5b-4c6d-8e7f-0a1b2c3d4e5f"
pytestmark = pytest.mark.shared


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture
def mock_url(cards_json: Path, tmp_path: Path) -> Iterator[str]:
    """The mock's v2 base URL, serving one prebuilt as decklist UUID and legacy id 4242."""
    tool = cards_json.parent / "tools" / "nrdb_mock.py"
    if not tool.is_file():
        pytest.skip("../shared/tools/nrdb_mock.py is absent")
    prebuilt = json.loads((cards_json / "prebuilts.json").read_text())[1]
    folder = tmp_path / "decklists"
    folder.mkdir()
    for deck_id in (UUID, "4242"):
        doc = {"id": 4242, "uuid": UUID, "name": prebuilt["name"], "cards": prebuilt["cards"]}
        (folder / f"{deck_id}.json").write_text(json.dumps(doc))
    port = _free_port()
    args = [sys.executable, str(tool), "--port", str(port), "--decklists", str(folder),
            "--data", str(cards_json)]  # fmt: skip
    with subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL) as proc:
        try:
            _wait_for(port, proc)
            yield f"http://127.0.0.1:{port}/api/2.0/public"
        finally:
            proc.terminate()
            proc.wait(timeout=10)


def _wait_for(port: int, proc: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            pytest.fail("the NetrunnerDB mock exited early")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return
        except OSError:
            time.sleep(0.1)
    pytest.fail("the NetrunnerDB mock did not start")


def test_links_and_ids_from_the_mock(
    mock_url: str, db: CardDB, tmp_path: Path, cards_json: Path
) -> None:
    served = json.loads((cards_json / "prebuilts.json").read_text())[1]["name"]  # the mock's
    settings = DeckSettings(
        v2_url=mock_url, cache_dir=tmp_path / "cache", http=HttpSettings(retries=0)
    )
    for spec in (
        f"https://netrunnerdb.com/en/decklist/{UUID}/world-champion",
        UUID,
        "https://netrunnerdb.com/en/decklist/4242/old-slug",
        f"https://netrunnerdb.com/en/deck/view/{UUID}",
    ):
        deck = load_deck(spec, db, settings)
        assert deck.problems == (), spec
        assert deck.name == served
        assert deck.identity is not None
        assert deck.identity.card_id == VALENCIA
        assert deck.size == 50
    offline = load_deck(UUID, db, DeckSettings(v2_url=mock_url, cache_dir=tmp_path / "cache",
                                               offline=True))  # fmt: skip
    assert offline.size == 50


def test_unknown_ids_on_the_mock(mock_url: str, db: CardDB, tmp_path: Path) -> None:
    settings = DeckSettings(v2_url=mock_url, cache_dir=tmp_path, http=HttpSettings(retries=0))
    for spec in (
        "https://netrunnerdb.com/en/decklist/1/x",
        "https://netrunnerdb.com/en/deck/view/1",
        "1",
    ):
        with pytest.raises(RemoteDeckError) as info:
            load_deck(spec, db, settings)
        assert "unknown id" in info.value.one_line()


@pytest.fixture
def roster_server(cards_json: Path, tmp_path: Path) -> Iterator[tuple[str, list[str]]]:
    """The mock serving 40 published decklists (the prebuilts, over and over): its v2 URL
    and the 40 links."""
    tool = cards_json.parent / "tools" / "nrdb_mock.py"
    if not tool.is_file():
        pytest.skip("../shared/tools/nrdb_mock.py is absent")
    prebuilts = json.loads((cards_json / "prebuilts.json").read_text())
    folder = tmp_path / "decklists"
    folder.mkdir()
    links = []
    for n in range(40):
        deck_id = f"00000000-0000-4000-8000-{n:012d}"
        built = prebuilts[n % len(prebuilts)]
        doc = {"id": n, "uuid": deck_id, "name": f"{built['name']} #{n}", "cards": built["cards"]}
        (folder / f"{deck_id}.json").write_text(json.dumps(doc))
        links.append(f"https://netrunnerdb.com/en/decklist/{deck_id}/deck-{n}")
    port = _free_port()
    args = [sys.executable, str(tool), "--port", str(port), "--decklists", str(folder),
            "--data", str(cards_json), "--latency", "0.02"]  # fmt: skip
    with subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL) as proc:
        try:
            _wait_for(port, proc)
            yield f"http://127.0.0.1:{port}/api/2.0/public", links
        finally:
            proc.terminate()
            proc.wait(timeout=10)


def _stats(v2_url: str) -> dict[str, int]:
    import urllib.request

    root = v2_url.split("/api/")[0]
    with urllib.request.urlopen(f"{root}/__stats", timeout=10) as answer:
        return dict(json.loads(answer.read()))


def test_checking_many_links_fetches_them_at_once_and_a_rerun_costs_304s(
    roster_server: tuple[str, list[str]], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from typer.testing import CliRunner

    from nrdeck.cli import app

    v2_url, links = roster_server
    monkeypatch.setenv("NRDECK_V2_URL", v2_url)
    args = ["check", *links, "--format", "eternal", "--output-format", "json", "--jobs", "6"]
    args += ["--cache-dir", str(tmp_path / "cache")]
    first = CliRunner().invoke(app, args)
    assert first.exit_code in (0, 1), first.output
    decks = json.loads(first.stdout)["decks"]
    assert [d["source"] for d in decks] == links  # reported in the order given
    assert json.loads(first.stdout)["summary"]["unavailable"] == 0
    before = _stats(v2_url)
    again = CliRunner().invoke(app, args)
    after = _stats(v2_url)
    assert again.exit_code == first.exit_code
    assert after.get("304", 0) - before.get("304", 0) == 40  # every deck confirmed, none resent
    assert after.get("200", 0) - before.get("200", 0) == 1  # the /__stats call itself
    assert json.loads(again.stdout)["decks"] == decks
    offline = CliRunner().invoke(app, [*args, "--offline"])
    assert [d["source"] for d in json.loads(offline.stdout)["decks"]] == links
