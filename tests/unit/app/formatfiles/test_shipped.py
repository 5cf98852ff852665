"""The community formats nrdeck ships: which names are built in, which name a shipped file
(case and dashes aside), and the file a check reads (the card data's own format wins)."""

from __future__ import annotations

from pathlib import Path

import pytest

from nrdeck.app.formatfiles.shipped import (
    format_source,
    is_builtin,
    read_shipped,
    read_shipped_formats,
    shipped_format_ids,
    shipped_format_path,
    shipped_formats_dir,
)
from nrdeck.catalog import CardDB
from tests.builders import database


def test_the_shipped_formats_are_the_folders_toml_files() -> None:
    ids = shipped_format_ids()
    assert ids == tuple(sorted(p.stem for p in shipped_formats_dir().glob("*.toml")))
    assert {"astro", "core", "throwback"} <= set(ids)


@pytest.mark.parametrize(
    ("name", "builtin"),
    [("standard", True), ("Standard", True), ("system-gateway", True), ("astro", False)],
)
def test_built_in_formats_by_any_spelling(name: str, builtin: bool) -> None:
    assert is_builtin(name) is builtin


@pytest.mark.parametrize(
    ("text", "stem"),
    [("astro", "astro"), ("ASTRO", "astro"), ("Throw-Back", None), ("throwback", "throwback")],
)
def test_a_shipped_format_by_its_id_in_any_case(text: str, stem: str | None) -> None:
    found = shipped_format_path(text)
    assert (found.stem if found else None) == stem


@pytest.mark.parametrize("text", ["../astro", "astro/../core", "", "   ", "astro.toml", "nope"])
def test_names_that_are_no_shipped_id_name_no_file(text: str) -> None:
    assert shipped_format_path(text) is None


def test_a_check_reads_the_file_given_else_the_shipped_one_named(tmp_path: Path) -> None:
    assert format_source("standard", None) is None  # a built-in format reads no file
    astro = format_source("astro", None)
    assert astro is not None and astro.shipped and astro.table["id"] == "astro"
    path = tmp_path / "house.toml"
    path.write_text('id = "house"\n', encoding="utf-8")
    given = format_source("astro", path)
    assert given is not None and not given.shipped and given.path == str(path)


def test_the_card_datas_own_format_wins_over_a_shipped_file(db: CardDB) -> None:
    assert "core" in db.formats
    assert format_source("core", None, db) is None
    assert format_source("core", None) is not None  # without the card data: the rules decide


def test_card_read_every_shipped_format_the_data_does_not_define(db: CardDB) -> None:
    ids = [s.table["id"] for s in read_shipped_formats(db)]
    assert "core" not in ids and "astro" in ids
    without_core = database(db, formats=[f for f in db.formats.values() if f.id != "core"])
    assert "core" in [s.table["id"] for s in read_shipped_formats(without_core)]


def test_a_shipped_file_is_read_as_shipped() -> None:
    source = read_shipped(shipped_formats_dir() / "throwback.toml")
    assert source.shipped and source.table["id"] == "throwback"
