"""The compiled catalogue of shipped formats: the tables the TOML parser reads (dates and
times kept as such), used only for a file as it was compiled, passed over when damaged."""

from __future__ import annotations

import datetime as dt
import shutil
import sqlite3
from pathlib import Path

import pytest

from nrdeck.app.formatfiles.compiled import (
    CATALOG_NAME,
    FORMAT,
    SCHEMA,
    compiled_source,
    write_formats_catalogue,
)
from nrdeck.app.formatfiles.reader import read_format_source
from nrdeck.app.formatfiles.shipped import shipped_formats_dir
from tests.fakes.catalogue import set_meta

TOML = """\
id = "house"
started = 2026-01-02
at = 2026-01-02T03:04:05
when = 03:04:05
[lists.l]
dates = [2026-02-03, 2026-04-05]
nested = { on = 2025-01-01 }
"""


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A folder of one format file and its catalogue."""
    (tmp_path / "house.toml").write_text(TOML, encoding="utf-8")
    write_formats_catalogue(tmp_path, tmp_path / CATALOG_NAME)
    return tmp_path


def test_a_compiled_table_is_the_one_the_toml_parser_reads(folder: Path) -> None:
    path = folder / "house.toml"
    found = compiled_source(path)
    assert found is not None and found.shipped
    assert found.table == read_format_source(path).table
    assert found.table["started"] == dt.date(2026, 1, 2)
    assert found.table["at"] == dt.datetime(2026, 1, 2, 3, 4, 5)
    assert found.table["when"] == dt.time(3, 4, 5)
    assert found.text == TOML  # the file is still read: its lines name errors


def test_the_catalogue_is_versioned_and_deterministic(folder: Path, tmp_path: Path) -> None:
    path = folder / CATALOG_NAME
    with sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True) as connection:
        meta = dict(connection.execute("SELECT key, value FROM meta"))
        files = [row[0] for row in connection.execute("SELECT file FROM formats")]
    connection.close()
    assert (meta["format"], meta["schema_version"]) == (FORMAT, str(SCHEMA))
    assert files == ["house.toml"]
    again = tmp_path / "again.sqlite"
    write_formats_catalogue(folder, again)
    assert again.read_bytes() == path.read_bytes()


def test_a_file_changed_since_it_was_compiled_is_not_taken_from_it(folder: Path) -> None:
    path = folder / "house.toml"
    path.write_text(TOML.replace("house", "other"), encoding="utf-8")
    assert compiled_source(path) is None


def test_a_file_the_catalogue_does_not_hold_is_not_taken_from_it(folder: Path) -> None:
    (folder / "new.toml").write_text('id = "new"\n', encoding="utf-8")
    assert compiled_source(folder / "new.toml") is None


@pytest.mark.parametrize("damage", [b"", b"\x00junk", b"SQLite format 3\x00" + b"\x00" * 84, None])
def test_a_damaged_or_missing_catalogue_is_passed_over(
    tmp_path: Path, damage: bytes | None
) -> None:
    (tmp_path / "house.toml").write_text(TOML, encoding="utf-8")
    if damage is not None:
        (tmp_path / CATALOG_NAME).write_bytes(damage)
    assert compiled_source(tmp_path / "house.toml") is None


def test_a_catalogue_of_another_schema_is_passed_over(tmp_path: Path) -> None:
    shutil.copy(shipped_formats_dir() / "astro.toml", tmp_path)
    path = tmp_path / CATALOG_NAME
    write_formats_catalogue(tmp_path, path)
    assert compiled_source(tmp_path / "astro.toml") is not None
    set_meta(path, "schema_version", str(SCHEMA + 1))
    assert compiled_source(tmp_path / "astro.toml") is None


def test_the_shipped_formats_are_compiled() -> None:
    for path in sorted(shipped_formats_dir().glob("*.toml")):
        assert compiled_source(path) is not None, path.name
