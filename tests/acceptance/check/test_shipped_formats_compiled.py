"""The shipped community formats, compiled (data/formats/formats.catalog): current with the
TOML files, the same tables the TOML parser reads, and never in the way of an edited file
(a stale or damaged catalogue is passed over for the TOML)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from nrdeck.app.formatfiles import shipped as formats
from nrdeck.app.formatfiles.compiled import CATALOG_NAME, compile_formats, compiled_source
from nrdeck.app.formatfiles.reader import read_format_source
from nrdeck.cli import app
from tests.paths import ROOT

SHIPPED = ROOT / "data" / "formats"
DECK = ROOT / "data" / "examples" / "standard-zahya.txt"  # Standard: illegal in Astro
runner = CliRunner()


def test_the_committed_catalogue_is_current() -> None:
    committed = (SHIPPED / CATALOG_NAME).read_bytes()
    assert committed == compile_formats(SHIPPED), (
        "data/formats/formats.catalog is out of date: run python scripts/compile_formats.py"
    )


def test_compiling_twice_gives_the_same_bytes(tmp_path: Path) -> None:
    copy = tmp_path / "formats"
    shutil.copytree(SHIPPED, copy)
    assert compile_formats(copy) == compile_formats(SHIPPED)


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


@pytest.mark.parametrize("damage", [None, b"", b"\x00not a catalogue", b"\x93\x01\x02"])
def test_a_damaged_or_missing_catalogue_is_passed_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, damage: bytes | None
) -> None:
    expected = _problems("--format", "astro")  # nrdeck's own folder, catalogue and all
    copy = tmp_path / "formats"
    shutil.copytree(SHIPPED, copy)
    if damage is None:
        (copy / CATALOG_NAME).unlink()
    else:
        (copy / CATALOG_NAME).write_bytes(damage)
    assert compiled_source(copy / "astro.toml") is None
    monkeypatch.setattr(formats, "shipped_formats_dir", lambda: copy)
    assert _problems("--format", "astro") == expected
