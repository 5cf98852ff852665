"""A damaged cache, of any kind, is a warning and the bundled snapshot in every command, and
`data update` repairs it."""

from __future__ import annotations

import hashlib
import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.acceptance.data.data_cli import nrdeck, update
from tests.fakes.nrdb_v3 import FakeNrdb
from tests.paths import ROOT, SNAPSHOT_DATE

pytestmark = pytest.mark.usefixtures("fast_http")
DECK = ROOT / "data" / "examples" / "sg-catalyst.txt"


def _meta(cache: Path) -> dict[str, Any]:
    return dict(json.loads((cache / "v1" / "meta.json").read_text()))


def _write_meta(cache: Path, meta: Any) -> None:
    (cache / "v1" / "meta.json").write_text(json.dumps(meta))


def _replace_document(cache: Path, edit: Callable[[dict[str, Any]], object]) -> None:
    """Rewrite the cached document and its sidecar so that the sha256 still matches."""
    meta = _meta(cache)
    doc = json.loads((cache / "v1" / meta["document"]).read_text())
    payload = json.dumps(edit(doc)).encode()
    digest = hashlib.sha256(payload).hexdigest()
    meta.update(sha256=digest, document=f"cards-{digest[:16]}.json")
    (cache / "v1" / meta["document"]).write_bytes(payload)
    _write_meta(cache, meta)


def _unknown_set(doc: dict[str, Any]) -> dict[str, Any]:
    doc["printings"][0]["set_id"] = "nowhere"
    return doc


def _etag_not_text(cache: Path) -> None:
    meta = _meta(cache)
    for validators in meta["validators"].values():
        validators["etag"] = 5
    _write_meta(cache, meta)


def _meta_a_folder(cache: Path) -> None:
    (cache / "v1" / "meta.json").unlink()
    (cache / "v1" / "meta.json").mkdir()


def _document(cache: Path) -> Path:
    return cache / "v1" / str(_meta(cache)["document"])


DAMAGE: dict[str, Callable[[Path], object]] = {
    "meta-not-a-mapping": lambda c: _write_meta(c, [1, 2]),
    "meta-wrong-type": lambda c: _write_meta(c, {**_meta(c), "dataset_date": 5}),
    "meta-unknown-layout": lambda c: _write_meta(c, {**_meta(c), "layout": "v9"}),
    "meta-nested-deep": lambda c: (c / "v1" / "meta.json").write_text("[" * 100_000),
    "meta-a-folder": _meta_a_folder,
    "etag-not-text": _etag_not_text,
    "printings-name-a-missing-set": lambda c: _replace_document(c, _unknown_set),
    "checksum-matches-but-does-not-decode": lambda c: _replace_document(
        c, lambda doc: {"format": "nrdeck-card-data", "schema_version": 1}
    ),
    "document-nested-deep": lambda c: _replace_document(c, lambda doc: [[[[[[[[[[[]]]]]]]]]]]),
    "document-truncated": lambda c: _document(c).write_bytes(_document(c).read_bytes()[:999]),
    "document-missing": lambda c: _document(c).unlink(),
}


def _damaged_warning(stderr: str) -> str:
    lines = [line for line in stderr.splitlines() if "damaged card cache" in line]
    assert len(lines) == 1, stderr
    assert lines[0].startswith("nrdeck: warning: ignoring the damaged card cache (")
    assert "using the bundled snapshot: run 'nrdeck data update'" in lines[0]
    return lines[0]


@pytest.mark.parametrize("damage", sorted(DAMAGE))
def test_a_damaged_cache_is_a_warning_in_every_command_and_update_repairs_it(
    warm: Path, nrdb: FakeNrdb, damage: str
) -> None:
    DAMAGE[damage](warm)
    cache = ("--cache-dir", str(warm))

    status = nrdeck("data", "status", *cache)
    assert status.exit_code == 0, status.output
    assert status.stdout.startswith(f"card data: bundled snapshot of {SNAPSHOT_DATE}")
    _damaged_warning(status.stderr)

    checked = nrdeck("check", str(DECK), "--format", "system_gateway", *cache)
    assert checked.exit_code == 0, checked.output
    _damaged_warning(checked.stderr)
    assert f"card data: bundled snapshot of {SNAPSHOT_DATE}" in checked.stderr

    stats = nrdeck("stats", str(DECK), "--output-format", "json", *cache)
    assert stats.exit_code == 0, stats.output
    _damaged_warning(stats.stderr)

    # the lookalike has 7 cards where the bundled snapshot in use has 2054: --force
    repaired = update(warm, nrdb.base_url, "--force")
    assert repaired.exit_code == 0, repaired.output
    assert repaired.stderr.startswith("card data updated, replacing a damaged cache (")
    after = nrdeck("data", "status", *cache)
    assert after.exit_code == 0 and "damaged" not in after.stderr
    assert after.stdout.startswith("card data: NetrunnerDB v3 API, fetched")
    assert not (warm / "v1" / "meta.json").is_dir()


def test_a_damaged_cache_is_refetched_in_full(warm: Path, nrdb: FakeNrdb) -> None:
    """Even when the server would answer 304: the stored validators are not trusted."""
    _replace_document(warm, lambda doc: {"format": "nrdeck-card-data", "schema_version": 1})
    nrdb.requests.clear()
    assert update(warm, nrdb.base_url, "--force").exit_code == 0
    assert nrdb.downloads() == len(nrdb.data)  # one page per resource, each downloaded


def test_a_cache_layout_folder_that_is_a_file_is_replaced(tmp_path: Path, nrdb: FakeNrdb) -> None:
    cache = tmp_path / "cache"
    cache.mkdir()
    (cache / "v1").write_text("not a folder")
    status = nrdeck("data", "status", "--cache-dir", str(cache))
    assert status.exit_code == 0 and status.stdout.startswith("card data: bundled snapshot")
    result = update(cache, nrdb.base_url, "--force")
    assert result.exit_code == 0, result.output
    assert (cache / "v1" / "meta.json").is_file()


def test_a_pinned_file_with_dangling_references_is_exit_3(tmp_path: Path) -> None:
    from nrdeck.cards.bundled import snapshot_path

    doc = json.loads(snapshot_path().read_text())
    doc["printings"][0]["set_id"] = "nowhere"
    pinned = tmp_path / "pinned.json"
    pinned.write_text(json.dumps(doc))
    result = nrdeck("check", str(DECK), "--data", str(pinned))
    assert result.exit_code == 3
    assert result.stderr.startswith(f"nrdeck: error: {pinned}: card data is inconsistent:")
    assert "names the set 'nowhere'" in result.stderr and len(result.stderr.splitlines()) == 1


def test_a_pinned_file_with_a_malformed_printing_code_is_exit_3(tmp_path: Path) -> None:
    from nrdeck.cards.bundled import snapshot_path

    doc = json.loads(snapshot_path().read_text())
    doc["printings"][0]["code"] = "０１００１"  # full-width digits: not a NetrunnerDB code
    pinned = tmp_path / "pinned.json"
    pinned.write_text(json.dumps(doc))
    result = nrdeck("check", str(DECK), "--data", str(pinned))
    assert result.exit_code == 3, result.output
    assert "printing '０１００１' has a code that is not five digits" in result.stderr
    assert len(result.stderr.splitlines()) == 1


def test_clearing_a_damaged_cache_leaves_only_the_lock(warm: Path) -> None:
    _meta_a_folder(warm)
    cleared = nrdeck("data", "clear", "--cache-dir", str(warm))
    assert cleared.exit_code == 0, cleared.output
    assert sorted(p.name for p in (warm / "v1").iterdir()) == ["refresh.lock"]
    shutil.rmtree(warm)


def test_a_document_damaged_in_place_is_downloaded_again_though_every_page_answers_304(
    warm: Path, nrdb: FakeNrdb
) -> None:
    """Checks read the catalogue compiled from the document, not the document: one changed
    byte (the size the same, so the catalogue is still used) is found by `data update`,
    which downloads every page again in full instead of keeping the document."""
    document = _document(warm)
    raw = bytearray(document.read_bytes())
    raw[len(raw) // 2] ^= 0x01  # an ASCII byte stays ASCII
    document.write_bytes(bytes(raw))
    nrdb.requests.clear()
    result = update(warm, nrdb.base_url)
    assert result.exit_code == 0, result.output
    assert "damaged" in result.stderr and "sha256" in result.stderr
    assert nrdb.downloads() == len(nrdb.data)  # one page per resource, each downloaded
    meta = _meta(warm)
    assert hashlib.sha256(_document(warm).read_bytes()).hexdigest() == meta["sha256"]
    again = update(warm, nrdb.base_url)
    assert again.exit_code == 0 and "unchanged" in again.stderr
