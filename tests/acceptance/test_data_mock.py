"""Real processes against the shared NetrunnerDB lookalike (skipped without ../shared)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from nrdeck.app.carddata import DataSettings, load_database
from nrdeck.carddb import CardDB

MOCK = Path(__file__).resolve().parents[2].parent / "shared" / "tools" / "nrdb_mock.py"
pytestmark = pytest.mark.shared


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Mock:
    def __init__(self, cards_json: Path, *extra: str) -> None:
        self.port = _free_port()
        self.proc = subprocess.Popen(
            [
                sys.executable,
                str(MOCK),
                "--port",
                str(self.port),
                "--data",
                str(cards_json),
                *extra,
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()  # blocks until the mock says it is serving
        assert "serving" in line, line
        self.url = f"http://127.0.0.1:{self.port}/api/v3/public"

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(timeout=10)
        if self.proc.stdout:
            self.proc.stdout.close()


@pytest.fixture
def mock(cards_json: Path) -> Iterator[Mock]:
    server = Mock(cards_json)
    yield server
    server.stop()


@pytest.fixture
def slow_mock(cards_json: Path) -> Iterator[Mock]:
    server = Mock(cards_json, "--latency", "0.4")
    yield server
    server.stop()


def nrdeck(*args: str, **kw: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "nrdeck", *args], capture_output=True, text=True, timeout=120, **kw
    )  # type: ignore[call-overload, no-any-return]


def start(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "nrdeck", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def by_format(db: CardDB) -> dict[str, dict[str, object]]:
    return {f.id: {s.id: s for s in f.snapshots} for f in db.formats.values()}


def test_update_from_the_mock_equals_import_of_the_same_folder(
    mock: Mock, cards_json: Path, tmp_path: Path
) -> None:
    fetched_dir, imported_dir = tmp_path / "fetched", tmp_path / "imported"
    done = nrdeck("data", "update", "--cache-dir", str(fetched_dir), "--api-url", mock.url)
    assert done.returncode == 0, done.stderr
    done = nrdeck("data", "import", str(cards_json), "--cache-dir", str(imported_dir))
    assert done.returncode == 0, done.stderr
    fetched = load_database(DataSettings(cache_dir=fetched_dir))
    imported = load_database(DataSettings(cache_dir=imported_dir))
    assert (
        fetched.info.source == "NetrunnerDB v3 API" and imported.info.source != fetched.info.source
    )
    assert fetched.cards == imported.cards
    assert fetched.printings == imported.printings
    assert fetched.restrictions == imported.restrictions
    assert by_format(fetched) == by_format(imported)
    assert fetched.sets == imported.sets and fetched.cycles == imported.cycles
    assert fetched.factions == imported.factions and fetched.types == imported.types
    assert set(fetched.card_pools) == set(imported.card_pools)
    for pool in imported.card_pools:
        assert fetched.pool_sets(pool) == imported.pool_sets(pool), pool
        assert fetched.pool_cards(pool) == imported.pool_cards(pool), pool


def test_an_update_killed_half_way_leaves_the_old_cache_valid(
    slow_mock: Mock, cards_json: Path, tmp_path: Path
) -> None:
    cache = tmp_path / "cache"
    assert nrdeck("data", "import", str(cards_json), "--cache-dir", str(cache)).returncode == 0
    before = (cache / "v1" / "meta.json").read_bytes()
    proc = start("data", "update", "--cache-dir", str(cache), "--api-url", slow_mock.url)
    time.sleep(1.5)  # a few slow pages in, far from done
    assert proc.poll() is None
    proc.kill()
    proc.communicate(timeout=10)
    assert (cache / "v1" / "meta.json").read_bytes() == before
    db = load_database(DataSettings(cache_dir=cache))
    assert db.info.kind == "cache" and db.info.warnings == () and len(db.cards) > 1900
    status = nrdeck("data", "status", "--cache-dir", str(cache))
    assert status.returncode == 0 and "netrunner-cards-json" in status.stdout


def test_two_updates_at_once_leave_one_valid_cache(slow_mock: Mock, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    args = ("data", "update", "--cache-dir", str(cache), "--api-url", slow_mock.url)
    first, second = start(*args), start(*args)
    outs = [p.communicate(timeout=120) for p in (first, second)]
    assert first.returncode == 0 and second.returncode == 0, outs
    said = " ".join(err for _, err in outs)
    assert "card data updated" in said
    assert len(list((cache / "v1").glob("cards-*.json"))) in (1, 2)
    db = load_database(DataSettings(cache_dir=cache))
    assert db.info.kind == "cache" and db.info.warnings == () and len(db.cards) == 1988


def test_status_in_a_real_process_names_the_bundled_snapshot(tmp_path: Path) -> None:
    env = {**os.environ, "NRDECK_CACHE_DIR": str(tmp_path / "empty"), "PRE_COMMIT": "1"}
    done = nrdeck("data", "status", env=env)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("card data: bundled snapshot of 2025-09-17")
    # in force today on the corrected timeline, not the snapshot the data marks active
    assert (
        "standard: standard_32 (pool rotation_2025; standard_ban_list_25_10) since 2025-10-03; "
        "NetrunnerDB marks standard_31 active"
    ) in done.stdout
    path = nrdeck("data", "path", env=env)
    assert path.stdout.strip() == str(tmp_path / "empty")
