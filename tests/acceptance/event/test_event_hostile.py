"""`nrdeck event` on hostile rosters: nothing a roster holds costs the other players."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from pytest_httpserver import HTTPServer
from typer.testing import CliRunner, Result

from nrdeck.cli import app
from nrdeck.errors import ExitCode
from tests.paths import FIXTURES

DECKS = FIXTURES / "event" / "decks"
runner = CliRunner()


def run(*args: str) -> Result:
    return runner.invoke(app, ["event", *args])


def roster(tmp_path: Path, rows: str) -> Path:
    shutil.copytree(DECKS, tmp_path / "decks")
    path = tmp_path / "roster.csv"
    path.write_text("player,corp,runner\n" + rows, encoding="utf-8")
    return path


def test_a_one_line_list_longer_than_a_file_name_is_read_as_decklist_text(tmp_path: Path) -> None:
    pasted = "Zahya Sadeghi: Versatile Smuggler " + " ".join(["3 Sure Gamble"] * 400)
    path = roster(tmp_path, f'Ana,decks/sg-syndicate.txt,"{pasted}"\n')
    result = run(str(path), "--format", "system_gateway", "--output-format", "json")
    assert result.exit_code == ExitCode.ILLEGAL, result.output  # read, found wanting: not a crash
    [ana] = json.loads(result.stdout)["players"]
    assert ana["runner"]["kind"] == "text" and ana["corp"]["status"] == "legal"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_roster_is_refused_without_waiting(tmp_path: Path) -> None:
    fifo = tmp_path / "roster.csv"
    os.mkfifo(fifo)
    proc = subprocess.run(
        [sys.executable, "-m", "nrdeck", "event", str(fifo), "--offline"],
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert proc.returncode == ExitCode.USAGE
    assert "not a regular file" in proc.stderr and "Traceback" not in proc.stderr


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
def test_an_endless_device_as_roster_is_refused_at_once() -> None:
    result = run("/dev/zero", "--offline")
    assert result.exit_code == ExitCode.USAGE
    assert "not a regular file" in result.stderr


def test_a_bug_on_one_deck_costs_only_that_deck(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import nrdeck.app.check as guarded

    real = guarded.check_deck

    def breaks_on_carmen(deck, db, in_force):  # type: ignore[no-untyped-def]
        if "4-carmen" in deck.source:
            raise RuntimeError("boom")
        return real(deck, db, in_force)

    monkeypatch.setattr(guarded, "check_deck", breaks_on_carmen)
    path = roster(
        tmp_path,
        "Ana,decks/sg-syndicate.txt,decks/sg-catalyst.txt\n"
        "Ben,decks/sg-syndicate.txt,decks/sg-catalyst-4-carmen.txt\n",
    )
    result = run(str(path), "--format", "system_gateway", "--output-format", "json")
    assert result.exit_code == ExitCode.INTERNAL
    ana, ben = sorted(json.loads(result.stdout)["players"], key=lambda p: p["player"])
    assert ana["status"] == "ready"
    [problem] = ben["runner"]["problems"]
    assert problem["code"] == "internal-error" and "RuntimeError: boom" in problem["message"]


def test_private_and_unknown_decks_are_the_players_to_fix_in_check_too(
    httpserver: HTTPServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    private = "55555555-5555-4555-8555-555555555555"
    unknown = "66666666-6666-4666-8666-666666666666"
    httpserver.expect_request(f"/api/2.0/public/decklist/{private}").respond_with_data(
        "", status=403
    )
    httpserver.expect_request(f"/api/2.0/public/decklist/{unknown}").respond_with_json(
        {"data": [], "success": False}
    )
    httpserver.expect_request(f"/api/2.0/public/deck/{unknown}").respond_with_data("", status=404)
    monkeypatch.setenv("NRDECK_V2_URL", httpserver.url_for("/api/2.0/public"))
    monkeypatch.setenv("NRDECK_HTTP_RETRIES", "0")
    link = f"https://netrunnerdb.com/en/decklist/{private}"
    result = runner.invoke(app, ["check", link, unknown, "--output-format", "json"])
    assert result.exit_code == ExitCode.ILLEGAL, result.output
    codes = [d["problems"][0]["code"] for d in json.loads(result.stdout)["decks"]]
    assert codes == ["deck-private", "deck-not-found"]
