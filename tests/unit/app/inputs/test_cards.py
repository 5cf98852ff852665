"""Which card data a command loads: the pinned file, else the cache unless it is damaged or
older than the bundled snapshot (then the snapshot, with a warning), never the network."""

from __future__ import annotations

from pathlib import Path

from msgspec.structs import replace

from nrdeck.app.inputs.cards import (
    CachedData,
    DataSettings,
    bundled_dataset_date,
    cache_date,
    data_stamp,
    load_database,
    read_cache,
    with_text_facts,
)
from nrdeck.cards.bundled import snapshot_path
from nrdeck.cards.cache import Cache, CacheMeta
from nrdeck.catalog import CardDB
from tests.paths import SNAPSHOT_DATE

META = CacheMeta(source="s", url=None, fetched_at="2026-01-02T03:04:05", sha256="", document="")


def test_no_cache_means_the_bundled_snapshot_without_a_warning(tmp_path: Path) -> None:
    db = load_database(DataSettings(cache_dir=tmp_path))
    assert (db.info.kind, db.info.dataset_date, db.info.warnings) == ("bundled", SNAPSHOT_DATE, ())
    assert not db.info.hermetic


def test_no_cache_asked_is_the_bundled_snapshot_marked_hermetic(tmp_path: Path) -> None:
    db = load_database(DataSettings(cache_dir=tmp_path, no_cache=True))
    assert db.info.kind == "bundled" and db.info.hermetic


def test_a_damaged_cache_is_one_warning_and_the_bundled_snapshot(tmp_path: Path) -> None:
    cache = Cache(tmp_path)
    cache.dir.mkdir(parents=True)
    cache.meta_path.write_bytes(b"{not json\x1b[2J")
    state = read_cache(cache)
    assert state.damage and not state.in_use and state.warning
    db = load_database(DataSettings(cache_dir=tmp_path))
    [warning] = db.info.warnings
    assert db.info.kind == "bundled" and "\x1b" not in warning and "\n" not in warning


def test_a_pinned_file_wins_over_everything(tmp_path: Path) -> None:
    db = load_database(DataSettings(data_file=snapshot_path(), cache_dir=tmp_path, no_cache=True))
    assert db.info.kind == "file" and db.info.dataset_date == SNAPSHOT_DATE


def test_cached_data_is_used_when_intact_and_not_older() -> None:
    assert not CachedData().in_use and CachedData().warning is None
    older = CachedData(meta=META, older="older")
    assert not older.in_use and older.warning == "older"
    damaged = CachedData(damage="bad")
    assert damaged.warning is not None and damaged.warning.startswith("ignoring")


def test_the_cache_stands_for_its_dataset_date_else_the_fetch_day() -> None:
    assert cache_date(META) == "2026-01-02"
    assert cache_date(replace(META, dataset_date="2025-09-17")) == "2025-09-17"


def test_the_bundled_dataset_date_is_read_without_loading_the_snapshot(db: CardDB) -> None:
    assert bundled_dataset_date() == db.info.dataset_date == SNAPSHOT_DATE


def test_a_stamp_changes_with_the_pinned_file_or_the_caches_sidecar(tmp_path: Path) -> None:
    assert data_stamp(DataSettings(cache_dir=tmp_path)) is None  # no cache yet
    assert data_stamp(DataSettings(cache_dir=tmp_path, no_cache=True)) is None
    pinned = tmp_path / "cards.json"
    pinned.write_text("{}", encoding="utf-8")
    first = data_stamp(DataSettings(data_file=pinned))
    pinned.write_text("{ }", encoding="utf-8")
    assert first is not None and data_stamp(DataSettings(data_file=pinned)) != first
    assert data_stamp(DataSettings(data_file=tmp_path / "absent.json")) is None


def test_data_with_text_facts_is_kept_as_it_is(db: CardDB) -> None:
    assert with_text_facts(db) is db and db.text_facts_note == ""
