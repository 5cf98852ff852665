"""The compiled catalogue of shipped formats: the tables the TOML parser reads (dates and
times kept as such), used only for a file as it was compiled, passed over when damaged."""

from __future__ import annotations

import datetime as dt
import shutil
from pathlib import Path

import msgspec
import pytest

from nrdeck.app.formatfiles.compiled import (
    CATALOG_FORMAT,
    CATALOG_NAME,
    CATALOG_SCHEMA,
    FormatsCatalog,
    compile_formats,
    compiled_source,
)
from nrdeck.app.formatfiles.reader import read_format_source
from nrdeck.app.formatfiles.shipped import shipped_formats_dir

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
    """A folder of one format file and its catalogue (a new folder: catalogues are read once
    per folder)."""
    (tmp_path / "house.toml").write_text(TOML, encoding="utf-8")
    (tmp_path / CATALOG_NAME).write_bytes(compile_formats(tmp_path))
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


def test_the_catalogue_is_versioned_and_deterministic(folder: Path) -> None:
    raw = (folder / CATALOG_NAME).read_bytes()
    catalog = msgspec.msgpack.decode(raw, type=FormatsCatalog, ext_hook=lambda c, d: None)
    assert (catalog.format, catalog.schema_version) == (CATALOG_FORMAT, CATALOG_SCHEMA)
    assert list(catalog.formats) == ["house.toml"]
    assert compile_formats(folder) == raw


def test_a_file_changed_since_it_was_compiled_is_not_taken_from_it(folder: Path) -> None:
    path = folder / "house.toml"
    path.write_text(TOML.replace("house", "other"), encoding="utf-8")
    assert compiled_source(path) is None


def test_a_file_the_catalogue_does_not_hold_is_not_taken_from_it(folder: Path) -> None:
    (folder / "new.toml").write_text('id = "new"\n', encoding="utf-8")
    assert compiled_source(folder / "new.toml") is None


@pytest.mark.parametrize("damage", [b"", b"\x00junk", b"\x93\x01\x02", None])
def test_a_damaged_or_missing_catalogue_is_passed_over(
    tmp_path: Path, damage: bytes | None
) -> None:
    (tmp_path / "house.toml").write_text(TOML, encoding="utf-8")
    if damage is not None:
        (tmp_path / CATALOG_NAME).write_bytes(damage)
    assert compiled_source(tmp_path / "house.toml") is None


def test_a_catalogue_of_another_schema_is_passed_over(tmp_path: Path) -> None:
    shutil.copy(shipped_formats_dir() / "astro.toml", tmp_path)
    catalog = FormatsCatalog(CATALOG_FORMAT, CATALOG_SCHEMA + 1, {})
    (tmp_path / CATALOG_NAME).write_bytes(msgspec.msgpack.encode(catalog))
    assert compiled_source(tmp_path / "astro.toml") is None


def test_the_shipped_formats_are_compiled() -> None:
    for path in sorted(shipped_formats_dir().glob("*.toml")):
        assert compiled_source(path) is not None, path.name
