"""The cache: atomic commits, damaged entries fall back with a warning, newest data wins."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nrdeck.app.data import clear_cache
from nrdeck.app.inputs.cards import DataSettings, bundled_dataset_date, load_database
from nrdeck.cards.bundled import BundledSource
from nrdeck.cards.cache import Cache, CacheMeta, CorruptCache
from nrdeck.errors import CacheError
from tests.startup import broken


def meta(dataset_date: str | None = "2099-01-01", source: str = "test") -> CacheMeta:
    return CacheMeta(
        source=source,
        url="http://127.0.0.1:9/api",
        fetched_at="2099-01-02T00:00:00+00:00",
        sha256="",
        document="",
        dataset_date=dataset_date,
    )


@pytest.fixture(scope="module")
def bundled_bytes() -> bytes:
    from nrdeck.cards.bundled import snapshot_path

    return snapshot_path().read_bytes()


@pytest.fixture
def cache(tmp_path: Path, bundled_bytes: bytes) -> Cache:
    """A cache holding the bundled document under a newer date and another source name."""
    c = Cache(tmp_path / "cache")
    with c.refresh_lock():
        c.store(bundled_bytes, meta())
    return c


def settings(cache: Cache) -> DataSettings:
    return DataSettings(cache_dir=cache.root)


def test_a_valid_newer_cache_is_used(cache: Cache) -> None:
    db = load_database(settings(cache))
    assert db.info.kind == "cache" and db.info.source == "test" and db.info.warnings == ()
    assert db.info.fetched_at == "2099-01-02T00:00:00+00:00"
    assert "fetched 2099-01-02 (cache)" in db.info.describe()


def test_no_cache_means_bundled_without_warnings(tmp_path: Path) -> None:
    db = load_database(DataSettings(cache_dir=tmp_path / "empty"))
    assert db.info.kind == "bundled" and db.info.warnings == ()


def test_a_cache_older_than_the_bundled_snapshot_is_skipped_with_a_warning(
    tmp_path: Path, bundled_bytes: bytes
) -> None:
    c = Cache(tmp_path / "old")
    with c.refresh_lock():
        c.store(bundled_bytes, meta(dataset_date="2001-01-01"))
    db = load_database(settings(c))
    assert db.info.kind == "bundled"
    assert "older than the bundled snapshot" in db.info.warnings[0]


def test_bundled_date_is_read_without_parsing() -> None:
    assert bundled_dataset_date() == BundledSource().load().info.dataset_date


@pytest.mark.parametrize(
    "damage",
    ["meta-not-json", "meta-wrong-shape", "document-truncated", "document-missing", "wrong-schema"],
)
def test_a_damaged_cache_is_a_warning_and_the_bundled_snapshot(cache: Cache, damage: str) -> None:
    current = cache.read_meta()
    assert current is not None
    doc = cache.dir / current.document
    if damage == "meta-not-json":
        cache.meta_path.write_text('{"layout": "v1", "sour')
    elif damage == "meta-wrong-shape":
        cache.meta_path.write_text('{"layout": "v1", "source": 3}')
    elif damage == "document-truncated":
        doc.write_bytes(doc.read_bytes()[:1000])
    elif damage == "document-missing":
        doc.unlink()
    else:  # valid JSON whose sha256 matches, but not a card document nrdeck reads
        payload = json.dumps({"format": "nrdeck-card-data", "schema_version": 99}).encode()
        with cache.refresh_lock():
            cache.store(payload, meta())
    db = load_database(settings(cache))
    assert db.info.kind == "bundled"
    assert len(db.info.warnings) == 1
    assert "damaged card cache" in db.info.warnings[0]
    assert "nrdeck data update" in db.info.warnings[0]


def test_an_exception_mid_write_leaves_the_previous_cache_valid(
    cache: Cache, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = cache.meta_path.read_bytes()
    calls = {"n": 0}
    import nrdeck.cards.cache as cache_module

    real_replace = cache_module.os.replace

    def flaky_replace(src: str, dst: str) -> None:
        calls["n"] += 1
        if calls["n"] == 2:  # the document is in place; the sidecar switch fails
            raise OSError(28, "No space left on device")
        real_replace(src, dst)

    monkeypatch.setattr(cache_module.os, "replace", flaky_replace)
    with pytest.raises(CacheError, match="No space left"), cache.refresh_lock():
        cache.store(b'{"format": "nrdeck-card-data"}', meta())
    monkeypatch.undo()
    assert cache.meta_path.read_bytes() == before
    assert not list(cache.dir.glob(".*.tmp"))
    db = load_database(settings(cache))
    assert db.info.kind == "cache" and db.info.warnings == ()


def test_store_keeps_the_new_and_the_previous_document_only(cache: Cache) -> None:
    with cache.refresh_lock():
        for n in range(3):
            cache.store(b"document %d" % n, meta())
    names = sorted(p.name for p in cache.dir.glob("cards-*.json"))
    assert len(names) == 2
    current = cache.read_meta()
    assert current is not None and cache.read_document(current) == b"document 2"


def test_read_document_checks_the_sha256(cache: Cache) -> None:
    current = cache.read_meta()
    assert current is not None
    (cache.dir / current.document).write_bytes(b"edited")
    with pytest.raises(CorruptCache, match="sha256"):
        cache.read_document(current)


def test_clear_removes_the_cached_data(cache: Cache) -> None:
    outcome = clear_cache(settings(cache))
    assert outcome.removed == {"card data": 2, "cached decks": 0, "other": 0}
    assert outcome.kept == ("refresh.lock",)
    assert not cache.exists()
    assert load_database(settings(cache)).info.kind == "bundled"
    assert sum(clear_cache(settings(cache)).removed.values()) == 0


def test_a_cache_folder_under_a_file_is_a_clear_cache_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(CacheError) as err, Cache(blocker / "cache").refresh_lock():
        pass
    assert err.value.exit_code == 3
    assert "is not writable" in err.value.one_line() and "--cache-dir" in err.value.one_line()


def test_loading_card_data_imports_neither_pydantic_nor_requests() -> None:
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from nrdeck.app.inputs.cards import DataSettings, load_database\n"
        "db = load_database(DataSettings())\n"
        "db.card_by_title('Hedge Fund')\n"
        "print(sorted(m for m in ('pydantic', 'requests') if m in sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = done.stdout.strip()
    assert "pydantic" not in loaded, f"{broken('No pydantic on a check')}: {loaded}"
    assert "requests" not in loaded, f"{broken('No HTTP stack on a local check')}: {loaded}"


def test_a_sidecar_written_by_the_previous_nrdeck_is_still_read(
    cache: Cache, bundled_bytes: bytes
) -> None:
    current = cache.read_meta()
    assert current is not None
    old = {
        "layout": "v1", "source": "NetrunnerDB v3 API", "url": "http://127.0.0.1:9/api",
        "fetched_at": "2099-01-02T00:00:00+00:00", "sha256": current.sha256,
        "document": current.document, "dataset_date": "2099-01-01",
        "validators": {"http://127.0.0.1:9/api/cards?x": {"etag": 'W/"a"', "last_modified": None}},
    }  # fmt: skip
    cache.meta_path.write_text(json.dumps(old, indent=1))
    meta = cache.read_meta()
    assert meta is not None and meta.validators["http://127.0.0.1:9/api/cards?x"].etag == 'W/"a"'
    db = load_database(settings(cache))
    assert db.info.kind == "cache" and db.info.warnings == ()


@pytest.mark.parametrize(
    "sidecar",
    [
        "[]",
        '"text"',
        "[" * 50_000,
        '{"layout": "v1", "source": "s", "url": null, "fetched_at": 1, '
        '"sha256": "", "document": ""}',
        '{"layout": "v1", "source": "s", "url": null, "fetched_at": "2099-01-01", '
        '"sha256": "ab", "document": "../../etc/passwd"}',
    ],
)
def test_a_sidecar_of_the_wrong_shape_is_damage(cache: Cache, sidecar: str) -> None:
    cache.meta_path.write_text(sidecar)
    with pytest.raises(CorruptCache):
        cache.read_meta()
    db = load_database(settings(cache))
    assert db.info.kind == "bundled" and "damaged card cache" in db.info.warnings[0]
