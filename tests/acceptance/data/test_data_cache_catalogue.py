"""The cache's card catalogue: written by `data update` and `data import`, read by a check
with the same verdicts as the cached JSON, passed over when damaged (with a warning) or
missing (a cache written before nrdeck wrote one), written again by `data update` when it is
missing, damaged or another's, cleared and pruned with the document it belongs to."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from nrdeck.app.inputs.cards import DataSettings, load_database
from tests.acceptance.data.catalogue_cases import contents
from tests.acceptance.data.data_cli import nrdeck, update
from tests.fakes.catalogue import set_meta
from tests.fakes.nrdb_v3 import FakeNrdb
from tests.paths import EXAMPLES, FIXTURES

pytestmark = pytest.mark.usefixtures("fast_http")
DECKS = sorted(str(p) for folder in (EXAMPLES, FIXTURES) for p in folder.rglob("*.txt"))


def _catalogues(cache: Path) -> list[str]:
    return sorted(p.name for p in (cache / "v1").glob("cards-*.sqlite"))


def _documents(cache: Path) -> list[str]:
    return sorted(p.name for p in (cache / "v1").glob("cards-*.json"))


def _check(cache: Path, *args: str) -> tuple[int, dict[str, Any], str]:
    result = nrdeck(
        "check", *DECKS, *args, "--cache-dir", str(cache), "--offline", "--output-format", "json"
    )
    assert result.exit_code in (0, 1), result.output
    assert "Traceback" not in result.output
    return result.exit_code, json.loads(result.stdout), result.stderr


def _from_catalogue(cache: Path) -> bool:
    db = load_database(DataSettings(cache_dir=cache))
    assert db.info.kind == "cache"
    return db.catalogue is not None


def _same_as_the_old_layout(cache: Path, *args: str) -> None:
    """A check reads the same from the catalogue as from the JSON alone (the catalogue
    removed, as in a cache written before nrdeck wrote one)."""
    assert _from_catalogue(cache)
    catalogued = _check(cache, *args)
    assert catalogued[1]["card_data"]["kind"] == "cache"
    for path in (cache / "v1").glob("cards-*.sqlite"):
        path.unlink()
    assert not _from_catalogue(cache)
    assert _check(cache, *args) == catalogued


def test_an_update_writes_the_catalogue_beside_the_document(warm: Path) -> None:
    assert [Path(name).stem for name in _catalogues(warm)] == [
        Path(name).stem for name in _documents(warm)
    ]


@pytest.mark.parametrize("args", [(), ("--format", "casual"), ("--as-of", "2026-01-01")])
def test_an_updated_cache_checks_the_same_from_its_catalogue(
    warm: Path, args: tuple[str, ...]
) -> None:
    _same_as_the_old_layout(warm, *args)


@pytest.mark.shared
def test_an_imported_cache_checks_the_same_from_its_catalogue(
    cards_json: Path, tmp_path: Path
) -> None:
    cache = tmp_path / "cache"
    assert nrdeck("data", "import", str(cards_json), "--cache-dir", str(cache)).exit_code == 0
    assert len(_catalogues(cache)) == 1
    _same_as_the_old_layout(cache, "--format", "eternal")


def _damaged(catalogue: Path, damage: str) -> None:
    if damage == "a-folder":
        catalogue.unlink()
        catalogue.mkdir()
    elif damage == "empty":
        catalogue.write_bytes(b"")
    elif damage == "truncated":
        catalogue.write_bytes(catalogue.read_bytes()[:5000])
    elif damage == "a-record-edited":
        data = catalogue.read_bytes()
        catalogue.write_bytes(data.replace(b'"date_release":', b'"xate_release":', 1))
    else:
        catalogue.write_bytes(b"\xc1 not a catalogue " * 50)


DAMAGE = ["empty", "truncated", "garbage", "a-folder", "a-record-edited"]


@pytest.mark.parametrize("damage", DAMAGE)
def test_a_damaged_cache_catalogue_is_passed_over_for_the_json(warm: Path, damage: str) -> None:
    code, found, err = _check(warm)
    [name] = _catalogues(warm)
    _damaged(warm / "v1" / name, damage)
    assert not _from_catalogue(warm)
    damaged = _check(warm)
    assert damaged[:2] == (code, found)
    warnings = [line for line in damaged[2].splitlines() if line not in err.splitlines()]
    assert len(warnings) == 1 and "the card catalogue is damaged" in warnings[0], warnings
    assert "nrdeck data update" in warnings[0]


@pytest.mark.parametrize("damage", [*DAMAGE, "missing", "another-schema"])
def test_an_update_writes_again_a_catalogue_missing_damaged_or_another_nrdecks(
    warm: Path, nrdb: FakeNrdb, damage: str
) -> None:
    [name] = _catalogues(warm)
    catalogue = warm / "v1" / name
    written = contents(catalogue)
    if damage == "missing":
        catalogue.unlink()
    elif damage == "another-schema":
        set_meta(catalogue, "schema_version", "999")
    else:
        _damaged(catalogue, damage)
    assert not _from_catalogue(warm)
    result = update(warm, nrdb.base_url)
    assert result.exit_code == 0 and "unchanged" in result.stderr, result.output
    assert "damaged" not in result.stderr  # the update read the JSON, and wrote it again
    assert contents(catalogue) == written and _from_catalogue(warm)


@pytest.mark.shared
@pytest.mark.parametrize("damage", ["a-record-edited", "garbage"])
def test_an_import_over_a_damaged_catalogue_writes_it_again(
    cards_json: Path, tmp_path: Path, damage: str
) -> None:
    cache = tmp_path / "cache"
    assert nrdeck("data", "import", str(cards_json), "--cache-dir", str(cache)).exit_code == 0
    [name] = _catalogues(cache)
    written = contents(cache / "v1" / name)
    _damaged(cache / "v1" / name, damage)
    for command in (("data", "status"), ("data", "import", str(cards_json))):
        result = nrdeck(*command, "--cache-dir", str(cache))
        assert result.exit_code == 0, result.output  # never an internal error
    assert contents(cache / "v1" / name) == written and _from_catalogue(cache)


def test_an_update_leaves_an_intact_catalogue_as_it_is(warm: Path, nrdb: FakeNrdb) -> None:
    [name] = _catalogues(warm)
    before = (warm / "v1" / name).stat()
    assert update(warm, nrdb.base_url).exit_code == 0
    after = (warm / "v1" / name).stat()
    assert (after.st_ino, after.st_mtime_ns) == (before.st_ino, before.st_mtime_ns)


def test_a_catalogue_of_another_document_is_passed_over(warm: Path, nrdb: FakeNrdb) -> None:
    [old] = _catalogues(warm)
    stale = (warm / "v1" / old).read_bytes()
    nrdb.data["cards"][0]["title"] = "Hedge Fund Prime"
    assert update(warm, nrdb.base_url).exit_code == 0
    [new] = sorted(set(_catalogues(warm)) - {old})
    expected = _check(warm)
    (warm / "v1" / new).write_bytes(stale)  # compiled from the previous document
    assert not _from_catalogue(warm)
    assert _check(warm) == expected


def test_updates_keep_the_catalogues_of_the_documents_they_keep(warm: Path, nrdb: FakeNrdb) -> None:
    [first] = _catalogues(warm)
    for title in ("Hedge Fund Prime", "Hedge Fund Omega"):
        nrdb.data["cards"][0]["title"] = title
        assert update(warm, nrdb.base_url).exit_code == 0
    stems = [Path(name).stem for name in _documents(warm)]
    assert len(stems) == 2  # the new document and the previous one
    assert [Path(name).stem for name in _catalogues(warm)] == stems
    assert first not in _catalogues(warm)
    assert _from_catalogue(warm)


def test_clear_removes_the_catalogue(warm: Path) -> None:
    assert _catalogues(warm)
    result = nrdeck("data", "clear", "--cache-dir", str(warm))
    assert result.exit_code == 0, result.output
    assert _catalogues(warm) == [] and _documents(warm) == []
