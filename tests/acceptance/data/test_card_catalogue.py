"""The card catalogue (cards.sqlite beside a card document): the bundled one is current,
``data build`` writes it deterministically, and one built from another document, or another
nrdeck's, is passed over for the JSON document without a word."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from nrdeck.app.inputs.cards import DataSettings, load_database
from nrdeck.cards.bundled import bundled_titles_path, snapshot_path
from nrdeck.cards.document import decode, decode_titles, titles_path, write_catalogue
from nrdeck.catalog import catalogue_path
from nrdeck.cli import app
from tests.acceptance.data.catalogue_cases import DECKS, check, contents, pinned
from tests.fakes.catalogue import set_meta

runner = CliRunner()


def _built(folder: Path) -> Path:
    """The catalogue of the bundled snapshot and its titles, written into ``folder``."""
    payload = snapshot_path().read_bytes()
    titles = decode_titles(bundled_titles_path().read_bytes(), "the bundled titles")
    target = folder / "cards.sqlite"
    write_catalogue(target, payload, decode(payload, "the bundled snapshot"), titles)
    return target


def test_the_bundled_catalogue_is_current(tmp_path: Path) -> None:
    assert contents(catalogue_path(snapshot_path())) == contents(_built(tmp_path)), (
        "data/cards.sqlite is out of date: rebuild the snapshot with 'nrdeck data build'"
    )


def test_writing_twice_gives_the_same_file(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    first, second = _built(tmp_path / "a"), _built(tmp_path / "b")
    assert first.read_bytes() == second.read_bytes()


@pytest.mark.shared
def test_data_build_writes_the_bundled_files_every_time(cards_json: Path, tmp_path: Path) -> None:
    outs = [tmp_path / "a" / "cards.json", tmp_path / "b" / "cards.json"]
    for out in outs:
        result = runner.invoke(app, ["data", "build", "--from", str(cards_json), "--out", str(out)])
        assert result.exit_code == 0, result.output
    bundled = snapshot_path()
    for name in (lambda p: p, titles_path):
        first, second = (name(out).read_bytes() for out in outs)
        assert first == second == name(bundled).read_bytes(), name(bundled).name
    first, second = (catalogue_path(out) for out in outs)
    assert first.read_bytes() == second.read_bytes()  # the same SQLite: the same bytes
    assert contents(first) == contents(catalogue_path(bundled))  # any SQLite: the same rows


def _from_catalogue(data: Path) -> bool:
    return load_database(DataSettings(data_file=data)).catalogue is not None


def _other_document(path: Path) -> None:
    """The document edited (one character, its size kept): its catalogue is another's."""
    raw = path.read_bytes()
    marker = b'"dataset_date":"'
    at = raw.index(marker) + len(marker) + 9  # the last digit of the day
    path.write_bytes(raw[:at] + (b"8" if raw[at : at + 1] != b"8" else b"7") + raw[at + 1 :])


def _another_schema(catalogue: Path) -> None:
    """The catalogue said to be of another schema (as another nrdeck would write it)."""
    set_meta(catalogue, "schema_version", "999")


@pytest.mark.parametrize("change", ["another-document", "another-schema"])
def test_a_catalogue_of_another_document_or_nrdeck_is_passed_over_quietly(
    tmp_path: Path, change: str
) -> None:
    data = pinned(tmp_path / "pinned")
    if change == "another-document":
        _other_document(data)
    else:
        _another_schema(catalogue_path(data))
    assert not _from_catalogue(data)
    args = [*DECKS, "--data", str(data)]
    passed_over = check(*args)
    catalogue_path(data).unlink()
    assert check(*args) == passed_over  # standard error too: nothing to warn about
    if change == "another-document":  # the edited document's own date, not the catalogue's
        bundled = decode(snapshot_path().read_bytes(), "the bundled snapshot")
        assert passed_over[1]["card_data"]["date"] != bundled.origin.dataset_date


def test_titles_without_a_language_fall_back_alike_from_the_catalogue(tmp_path: Path) -> None:
    # a document built from a folder with no translations: its titles file names none, so a
    # list in German is read with the bundled titles, said in a note, catalogue or not
    import json

    from tests.paths import EXAMPLES

    data = pinned(tmp_path / "pinned")
    empty = json.loads(titles_path(data).read_bytes()) | {"languages": {}, "index": {}}
    titles_path(data).write_text(json.dumps(empty), encoding="utf-8")
    payload = data.read_bytes()
    titles = decode_titles(titles_path(data).read_bytes(), "the empty titles")
    catalogue_path(data).unlink()
    write_catalogue(catalogue_path(data), payload, decode(payload, "the copy"), titles)
    german = str(EXAMPLES / "illegal-standard-de.txt")
    assert _from_catalogue(data)
    catalogued = check(german, "--data", str(data))
    assert "card titles in other languages are the bundled snapshot's" in catalogued[2]
    catalogue_path(data).unlink()
    assert check(german, "--data", str(data)) == catalogued


def test_a_pinned_copy_is_read_from_its_catalogue(tmp_path: Path) -> None:
    data = pinned(tmp_path / "pinned")
    assert _from_catalogue(data)
    shutil.copy(data, tmp_path / "elsewhere.json")  # no catalogue beside this one
    assert not _from_catalogue(tmp_path / "elsewhere.json")
