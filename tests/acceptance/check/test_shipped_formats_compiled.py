"""The shipped community formats, compiled (data/formats/formats.sqlite): current with the
TOML files, the same tables the TOML parser reads, and never in the way of an edited file
(a stale or damaged catalogue is passed over for the TOML)."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from nrdeck.app.formatfiles import shipped as formats
from nrdeck.app.formatfiles.compiled import (
    CATALOG_NAME,
    compiled_rows,
    compiled_source,
    stored_rows,
    write_formats_catalogue,
)
from nrdeck.app.formatfiles.reader import read_format_source
from nrdeck.cli import app
from tests.paths import ROOT

SHIPPED = ROOT / "data" / "formats"
DECK = ROOT / "data" / "examples" / "standard-zahya.txt"  # Standard: illegal in Astro
runner = CliRunner()


def test_the_committed_catalogue_is_current() -> None:
    assert stored_rows(SHIPPED / CATALOG_NAME) == compiled_rows(SHIPPED), (
        "data/formats/formats.sqlite is out of date: run python scripts/compile_formats.py"
    )


def test_compiling_twice_gives_the_same_file(tmp_path: Path) -> None:
    copies = [tmp_path / "a", tmp_path / "b"]
    for copy in copies:
        shutil.copytree(SHIPPED, copy)
        (copy / CATALOG_NAME).unlink()
        write_formats_catalogue(copy, copy / CATALOG_NAME)
    first, second = ((copy / CATALOG_NAME).read_bytes() for copy in copies)
    assert first == second
    assert stored_rows(copies[0] / CATALOG_NAME) == compiled_rows(SHIPPED)


@pytest.mark.parametrize("name", sorted(p.name for p in SHIPPED.glob("*.toml")))
def test_a_compiled_format_is_what_the_toml_parser_reads(name: str) -> None:
    path = SHIPPED / name
    compiled = compiled_source(path)
    parsed = read_format_source(path, shipped=True)
    assert compiled is not None
    assert compiled == parsed  # path, text, table (dates as dates), shipped
    assert compiled.table == parsed.table and compiled.table  # non-empty, same types


def _problems(*args: str) -> list[dict[str, Any]]:
    result = runner.invoke(app, ["check", str(DECK), "--offline", "--output-format", "json", *args])
    assert result.exit_code in (0, 1), result.output
    found: list[dict[str, Any]] = json.loads(result.stdout)["decks"][0]["problems"]
    return found


@pytest.fixture
def shipped_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The shipped formats' folder copied, and used as nrdeck's own."""
    copy = tmp_path / "formats"
    shutil.copytree(SHIPPED, copy)
    monkeypatch.setattr(formats, "shipped_formats_dir", lambda: copy)
    return copy


def test_an_edited_format_file_is_read_from_its_toml(shipped_copy: Path) -> None:
    astro = shipped_copy / "astro.toml"
    before = _problems("--format", "astro")
    assert before, "the Standard deck should not be legal in Astro"
    text = astro.read_text(encoding="utf-8")
    astro.write_text(text.replace('name = "Astro"', 'name = "Astro, edited"', 1), encoding="utf-8")
    assert compiled_source(astro) is None  # the catalogue no longer holds the file as it is
    result = runner.invoke(app, ["check", str(DECK), "--offline", "--format", "astro"])
    assert "Astro, edited" in result.output
    after = _problems("--format", "astro")
    assert [p["code"] for p in after] == [p["code"] for p in before]
    assert all(p["rule"] == "Astro, edited" for p in after if p["code"] == "singleton")


def _flipped(data: bytes, at: int) -> bytes:
    return data[:at] + bytes([data[at] ^ 0x10]) + data[at + 1 :]


DAMAGE = {
    "missing": None,
    "empty": lambda data: b"",
    "garbage": lambda data: b"\x00not a catalogue" * 100,
    "truncated": lambda data: data[: len(data) // 2],
    "a table edited": lambda data: data.replace(b'"name":"Astro"', b'"name":"Astrx"', 1),
    "a bit flipped": lambda data: _flipped(data, len(data) - 3000),
}


@pytest.mark.parametrize("damage", DAMAGE)
def test_a_damaged_or_missing_catalogue_is_passed_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, damage: str
) -> None:
    expected = _problems("--format", "astro")  # nrdeck's own folder, catalogue and all
    copy = tmp_path / "formats"
    shutil.copytree(SHIPPED, copy)
    spoil = DAMAGE[damage]
    catalogue = copy / CATALOG_NAME
    if spoil is None:
        catalogue.unlink()
    else:
        catalogue.write_bytes(spoil(catalogue.read_bytes()))
    if damage != "a bit flipped":  # a bit in a page nothing reads changes nothing
        assert compiled_source(copy / "astro.toml") is None
    monkeypatch.setattr(formats, "shipped_formats_dir", lambda: copy)
    assert _problems("--format", "astro") == expected


def test_a_fifo_in_place_of_the_catalogue_is_passed_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    expected = _problems("--format", "astro")
    copy = tmp_path / "formats"
    shutil.copytree(SHIPPED, copy)
    (copy / CATALOG_NAME).unlink()
    os.mkfifo(copy / CATALOG_NAME)  # opened, it would wait for a writer forever
    assert compiled_source(copy / "astro.toml") is None
    monkeypatch.setattr(formats, "shipped_formats_dir", lambda: copy)
    assert _problems("--format", "astro") == expected
