"""The cache's own files: a foreign refresh.lock, orphaned temporary files, `data clear`."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from tests.acceptance.data.data_cli import nrdeck, snapshot, update
from tests.fakes.nrdb_v3 import FakeNrdb
from tests.paths import assert_golden_cases

pytestmark = pytest.mark.usefixtures("fast_http")
UUID = "0b7c2a1e-1d2c-4a5b-9c8d-0123456789ab"


@pytest.mark.parametrize("points_to", ["a-file", "nowhere", "a-folder"])
def test_a_symlinked_lock_is_replaced_and_its_target_untouched(
    warm: Path, nrdb: FakeNrdb, tmp_path: Path, points_to: str
) -> None:
    target = tmp_path / points_to
    if points_to == "a-file":
        target.write_text("precious\n")
    elif points_to == "a-folder":
        target.mkdir()
    lock = warm / "v1" / "refresh.lock"
    lock.unlink()
    lock.symlink_to(target)
    nrdb.data["cards"][0]["title"] = "Hedge Fund Prime"  # something to download
    result = update(warm, nrdb.base_url)
    assert result.exit_code == 0, result.output
    assert "card data updated" in result.stderr
    assert lock.is_file() and not lock.is_symlink()
    if points_to == "a-file":
        assert target.read_text() == "precious\n"
    else:
        assert not target.exists() or (target.is_dir() and not any(target.iterdir()))


def test_a_lock_that_is_a_folder_is_replaced(warm: Path, nrdb: FakeNrdb) -> None:
    lock = warm / "v1" / "refresh.lock"
    lock.unlink()
    (lock / "inside").mkdir(parents=True)
    result = update(warm, nrdb.base_url)
    assert result.exit_code == 0, result.output
    assert lock.is_file()


def test_orphaned_temporary_files_are_removed_by_the_next_update(
    warm: Path, nrdb: FakeNrdb
) -> None:
    v1 = warm / "v1"
    orphans = [v1 / ".cards-0123456789abcdef.json.k1ll3d.tmp", v1 / ".meta.json.x7y8z9.tmp"]
    for orphan in orphans:
        orphan.write_bytes(b'{"half": ')
    decks = v1 / "decks"
    decks.mkdir()
    old, fresh = decks / f".decklist-{UUID}.json.old.tmp", decks / ".decklist-x.json.new.tmp"
    old_probe, probe = v1 / ".probe.old", v1 / ".probe.new"  # another run checking it may write
    for path in (old, fresh, old_probe, probe):
        path.write_text("{")  # the fresh ones may be in use by a run going on right now
    hours_ago = time.time() - 7200
    for path in (old, old_probe):
        os.utime(path, (hours_ago, hours_ago))
    before = snapshot(warm)
    result = update(warm, nrdb.base_url)  # nothing changed upstream: all 304
    assert result.exit_code == 0 and "unchanged" in result.stderr
    assert not any(p.exists() for p in (*orphans, old, old_probe))
    assert fresh.exists() and probe.exists()
    assert {k: v for k, v in snapshot(warm).items() if k != "meta.json"} == {
        k: v for k, v in before.items() if k != "meta.json"
    }


def test_clear_removes_everything_cached_and_says_what_it_kept(warm: Path) -> None:
    v1 = warm / "v1"
    decks = v1 / "decks"
    decks.mkdir()
    for kind in ("decklist", "deck"):
        (decks / f"{kind}-{UUID}.json").write_text('{"answer": {}}')
    (v1 / ".meta.json.orphan.tmp").write_text("{")
    result = nrdeck("data", "clear", "--cache-dir", str(warm))
    assert result.exit_code == 0, result.output
    [said] = result.stderr.splitlines()
    for counted in ("3 card data files", "2 cached decks", "1 other file", f"from {warm};"):
        assert counted in said
    assert "kept refresh.lock" in said
    assert sorted(p.name for p in v1.iterdir()) == ["refresh.lock"]
    offline = nrdeck("check", UUID, "--offline", "--cache-dir", str(warm))
    assert offline.exit_code == 3 and "is not in the cache" in offline.stdout
    again = nrdeck("data", "clear", "--cache-dir", str(warm))
    [nothing] = again.stderr.splitlines()
    assert nothing.startswith(f"nothing cached in {warm};") and "kept refresh.lock" in nothing
    cases = [("cleared", result.stderr), ("cleared again", again.stderr)]
    shown = [(label, text.replace(str(warm), "<cache>")) for label, text in cases]
    assert_golden_cases("messages/data-clear.txt", shown, __file__)
