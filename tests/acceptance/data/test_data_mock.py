"""Real processes against the shared NetrunnerDB lookalike (skipped without ../shared)."""

from __future__ import annotations

import json
import os
import random
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from msgspec.structs import replace

from nrdeck.app.inputs.cards import DataSettings, load_database
from nrdeck.catalog import CardDB
from nrdeck.rules.calendar.agendacap import list_cap
from tests.acceptance.data.data_cli import status_said
from tests.ids import STANDARD_BALANCE_26_08
from tests.paths import SHARED, SNAPSHOT_DATE

MOCK = SHARED / "tools" / "nrdb_mock.py"
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

    def stats(self) -> dict[str, int]:
        """The mock's request counters (this call counts as one 200)."""
        with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/__stats", timeout=10) as r:
            return dict(json.loads(r.read()))

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
    # the v3 API does not carry Startup's agenda cap (max_3_point_agendas): nrdeck's table
    # gives a download the cap the folder's data has
    assert {k: replace(r, max_3_point_agendas=None) for k, r in imported.restrictions.items()} == (
        fetched.restrictions
    )
    for restriction in imported.restrictions.values():
        assert list_cap(fetched, restriction) == list_cap(imported, restriction), restriction.id
    assert by_format(fetched) == by_format(imported)
    assert fetched.sets == imported.sets and fetched.cycles == imported.cycles
    assert fetched.factions == imported.factions and fetched.types == imported.types
    assert set(fetched.card_pools) == set(imported.card_pools)
    for pool in imported.card_pools:
        assert fetched.pool_sets(pool) == imported.pool_sets(pool), pool
        assert fetched.pool_cards(pool) == imported.pool_cards(pool), pool


def test_updates_killed_at_random_moments_leave_a_valid_cache(
    slow_mock: Mock, cards_json: Path, tmp_path: Path
) -> None:
    cache = tmp_path / "cache"
    assert nrdeck("data", "import", str(cards_json), "--cache-dir", str(cache)).returncode == 0
    chance = random.Random(14)
    args = ("data", "update", "--cache-dir", str(cache), "--api-url", slow_mock.url)
    for _ in range(8):
        proc = start(*args)
        time.sleep(chance.uniform(0.05, 1.6))  # anywhere from start-up to the commit
        proc.kill()
        proc.communicate(timeout=10)
        db = load_database(DataSettings(cache_dir=cache))
        assert db.info.kind == "cache" and db.info.warnings == () and len(db.cards) == 2054
        assert db.info.source in ("netrunner-cards-json", "NetrunnerDB v3 API")
    done = nrdeck(*args)
    assert done.returncode == 0, done.stderr
    left = sorted(p.name for p in (cache / "v1").iterdir())
    assert not [name for name in left if name.endswith(".tmp")], left  # orphans swept
    for kind in (".json", ".sqlite"):  # the new document and the previous, with catalogues
        assert len([n for n in left if n.startswith("cards-") and n.endswith(kind)]) <= 2


def test_parallel_updates_leave_one_valid_cache(slow_mock: Mock, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    args = ("data", "update", "--cache-dir", str(cache), "--api-url", slow_mock.url)
    procs = [start(*args) for _ in range(4)]
    outs = [p.communicate(timeout=120) for p in procs]
    assert [p.returncode for p in procs] == [0] * 4, outs
    said = [err for _, err in outs]
    assert sum("card data updated" in err for err in said) == 1  # the others waited, then saw it
    assert len(list((cache / "v1").glob("cards-*.json"))) == 1
    db = load_database(DataSettings(cache_dir=cache))
    assert db.info.kind == "cache" and db.info.warnings == () and len(db.cards) == 2054


def test_a_damaged_cache_is_repaired_by_a_plain_update(mock: Mock, tmp_path: Path) -> None:
    """With the whole dataset, no --force is needed: the bundled snapshot in use has as much."""
    cache = tmp_path / "cache"
    (cache / "v1").mkdir(parents=True)
    (cache / "v1" / "meta.json").write_text('{"layout": "v1", "validators": {"x": {"etag": 5}}}')
    status = nrdeck("data", "status", "--cache-dir", str(cache))
    assert status.returncode == 0 and "damaged card cache" in status.stderr  # passed over
    done = nrdeck("data", "update", "--cache-dir", str(cache), "--api-url", mock.url)
    assert done.returncode == 0, done.stderr
    assert done.stderr.startswith("card data updated, ") and "damaged cache" in done.stderr
    status = nrdeck("data", "status", "--cache-dir", str(cache))
    assert status_said(status.stdout)["card data"].startswith("NetrunnerDB v3 API")
    assert "damaged" not in status.stderr


def test_a_second_update_costs_only_304s(mock: Mock, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    args = ("data", "update", "--cache-dir", str(cache), "--api-url", mock.url)
    assert nrdeck(*args).returncode == 0
    before = mock.stats()
    done = nrdeck(*args)
    assert done.returncode == 0 and "unchanged" in done.stderr
    after = mock.stats()
    assert after.get("200", 0) == before.get("200", 0) + 1  # only the /__stats call itself
    assert after.get("304", 0) - before.get("304", 0) == 11


def test_status_in_a_real_process_names_the_bundled_snapshot(tmp_path: Path) -> None:
    env = {**os.environ, "NRDECK_CACHE_DIR": str(tmp_path / "empty"), "PRE_COMMIT": "1"}
    done = nrdeck("data", "status", env=env)
    assert done.returncode == 0, done.stderr
    said = status_said(done.stdout)
    assert said["card data"] == f"bundled snapshot of {SNAPSHOT_DATE}"
    # in force today on the corrected timeline, not the snapshot the data marks active
    standard = said["standard"]
    assert standard.startswith("standard_36 ") and "since 2026-08-01" in standard
    assert f"; {STANDARD_BALANCE_26_08})" in standard and "marks standard_34 active" in standard
    path = nrdeck("data", "path", env=env)
    assert path.stdout.strip() == str(tmp_path / "empty")
