"""The card catalogue (cards.catalog beside a card document): the bundled one is current,
``data build`` writes it deterministically, a check reads from it what it reads from the JSON,
and a stale or damaged one is passed over for the JSON."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from msgspec.structs import replace
from typer.testing import CliRunner

from nrdeck.app.inputs.cards import DataSettings, load_database
from nrdeck.cards.bundled import bundled_titles_path, snapshot_path
from nrdeck.cards.document import compiled, decode, decode_titles
from nrdeck.catalog import catalog_path, read_catalog, titles_path
from nrdeck.catalog.store import Table, encode, sealed
from nrdeck.cli import app
from tests.paths import EXAMPLES, FIXTURES

runner = CliRunner()
DECKS = sorted(
    str(p) for folder in (EXAMPLES, FIXTURES) for p in folder.rglob("*.txt") if p.is_file()
)
# (format, as-of date): each format the data has, today and at dates its rules changed
CHECKS = [
    ("standard", None),
    ("standard", "2019-03-01"),
    ("standard", "2024-09-01"),
    ("startup", None),
    ("startup", "2023-06-01"),
    ("eternal", None),
    ("eternal", "2021-01-01"),
    ("system_gateway", None),
]


def test_the_bundled_catalogue_is_current() -> None:
    payload = snapshot_path().read_bytes()
    titles = decode_titles(bundled_titles_path().read_bytes(), "the bundled titles")
    built = compiled(payload, decode(payload, "the bundled snapshot"), titles)
    assert catalog_path(snapshot_path()).read_bytes() == built, (
        "data/cards.catalog is out of date: rebuild the snapshot with 'nrdeck data build'"
    )


@pytest.mark.shared
def test_data_build_writes_the_bundled_files_byte_for_byte_every_time(
    cards_json: Path, tmp_path: Path
) -> None:
    outs = [tmp_path / "a" / "cards.json", tmp_path / "b" / "cards.json"]
    for out in outs:
        result = runner.invoke(app, ["data", "build", "--from", str(cards_json), "--out", str(out)])
        assert result.exit_code == 0, result.output
    bundled = snapshot_path()
    for name in (lambda p: p, titles_path, catalog_path):
        first, second = (name(out).read_bytes() for out in outs)
        assert first == second, name(outs[0]).name
        assert first == name(bundled).read_bytes(), name(bundled).name


def _pinned(folder: Path) -> Path:
    """A copy of the bundled snapshot with its titles and catalogue, as a --data file."""
    folder.mkdir()
    for path in (snapshot_path(), bundled_titles_path(), catalog_path(snapshot_path())):
        shutil.copy(path, folder / path.name)
    return folder / snapshot_path().name


def _check(*args: str) -> tuple[int, dict[str, Any], str]:
    result = runner.invoke(app, ["check", *args, "--offline", "--output-format", "json"])
    assert result.exit_code in (0, 1), result.output
    assert "Traceback" not in result.output
    return result.exit_code, json.loads(result.stdout), result.stderr


def _from_catalogue(data: Path) -> bool:
    return load_database(DataSettings(data_file=data)).stored is not None


@pytest.mark.parametrize(("format_id", "as_of"), CHECKS)
def test_a_check_reads_the_same_from_the_catalogue_as_from_the_json(
    tmp_path: Path, format_id: str, as_of: str | None
) -> None:
    data = _pinned(tmp_path / "pinned")
    args = [*DECKS, "--data", str(data), "--format", format_id]
    args += ["--as-of", as_of] if as_of else []
    assert _from_catalogue(data)
    catalogued = _check(*args)
    catalog_path(data).unlink()
    assert not _from_catalogue(data)
    assert _check(*args) == catalogued
    assert len(catalogued[1]["decks"]) == len(DECKS) > 30


def _other_document(path: Path) -> None:
    """The document edited (one character, its size kept): its catalogue is another's."""
    raw = path.read_bytes()
    marker = b'"dataset_date":"'
    at = raw.index(marker) + len(marker) + 9  # the last digit of the day
    path.write_bytes(raw[:at] + (b"8" if raw[at : at + 1] != b"8" else b"7") + raw[at + 1 :])


@pytest.mark.parametrize("damage", ["empty", "truncated", "garbage", "another-document"])
def test_a_stale_or_damaged_catalogue_is_passed_over(tmp_path: Path, damage: str) -> None:
    data = _pinned(tmp_path / "pinned")
    catalogue = catalog_path(data)
    if damage == "another-document":
        _other_document(data)
    elif damage == "empty":
        catalogue.write_bytes(b"")
    elif damage == "truncated":
        catalogue.write_bytes(catalogue.read_bytes()[:100_000])
    else:
        catalogue.write_bytes(b"\x93\x01\x02 not a catalogue \xff" * 100)
    assert not _from_catalogue(data)
    args = [*DECKS, "--data", str(data)]
    passed_over = _check(*args)
    catalogue.unlink()
    assert _check(*args) == passed_over
    if damage == "another-document":  # the edited document's own date, not the catalogue's
        bundled = decode(snapshot_path().read_bytes(), "the bundled snapshot")
        assert passed_over[1]["card_data"]["date"] != bundled.origin.dataset_date


def _garbled(table: Table) -> Table:
    """The table with every third byte of its records changed."""
    values = bytearray(bytes(table.values))
    for at in range(0, len(values), 3):
        values[at] ^= 0xA5
    return replace(table, values=bytes(values))


def _rewritten(catalogue: Path, section: str, seal: bool) -> None:
    """The catalogue with one section's records garbled: ``seal``, its CRC-32 made again (a
    file written so on purpose), else the old one kept (bytes damaged after it was written)."""
    raw = catalogue.read_bytes()
    file = read_catalog(raw)
    assert file is not None
    body = encode(replace(file, **{section: _garbled(getattr(file, section))}))
    catalogue.write_bytes(sealed(body) if seal else body + raw[-4:])


@pytest.mark.parametrize("section", ["cards", "printings", "exact_titles"])
def test_a_catalogue_damaged_since_it_was_written_is_passed_over(
    tmp_path: Path, section: str
) -> None:
    data = _pinned(tmp_path / "pinned")
    _rewritten(catalog_path(data), section, seal=False)
    assert not _from_catalogue(data)
    args = [*DECKS, "--data", str(data)]
    passed_over = _check(*args)
    catalog_path(data).unlink()
    assert _check(*args) == passed_over


@pytest.mark.parametrize("section", ["cards", "printings", "exact_titles"])
def test_a_catalogue_whose_records_cannot_be_read_stops_the_run_with_what_to_do(
    tmp_path: Path, section: str
) -> None:
    data = _pinned(tmp_path / "pinned")
    _rewritten(catalog_path(data), section, seal=True)
    deck = str(EXAMPLES / "standard-zahya.txt")
    result = runner.invoke(app, ["check", deck, "--data", str(data), "--offline"])
    assert result.exit_code == 3, result.output
    assert "Traceback" not in result.output and "internal error" not in result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, lines
    assert f"{catalog_path(data)}: the card catalogue is damaged" in lines[0]
    assert "delete the .catalog file" in lines[0] and "nrdeck data build" in lines[0]


def test_titles_without_a_language_fall_back_alike_from_the_catalogue(tmp_path: Path) -> None:
    # a document built from a folder with no translations: its titles file names none, so a
    # list in German is read with the bundled titles, said in a note, catalogue or not
    data = _pinned(tmp_path / "pinned")
    empty = json.loads(titles_path(data).read_bytes()) | {"languages": {}, "index": {}}
    titles_path(data).write_text(json.dumps(empty), encoding="utf-8")
    payload = data.read_bytes()
    titles = decode_titles(titles_path(data).read_bytes(), "the empty titles")
    catalog_path(data).write_bytes(compiled(payload, decode(payload, "the copy"), titles))
    german = str(EXAMPLES / "illegal-standard-de.txt")
    assert _from_catalogue(data)
    catalogued = _check(german, "--data", str(data))
    assert "card titles in other languages are the bundled snapshot's" in catalogued[2]
    catalog_path(data).unlink()
    assert _check(german, "--data", str(data)) == catalogued
