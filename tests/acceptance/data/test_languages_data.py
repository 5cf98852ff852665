"""Where titles in other languages come from: built beside the card document, cached by
``data import``, the bundled ones for data that has none (said once), and never read for a
list written in English."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from nrdeck.cards.bundled import snapshot_path
from nrdeck.cards.document import titles_path
from nrdeck.cli import app
from tests.ids import ZAHYA as ZAHYA_ID
from tests.paths import ROOT, SNAPSHOT_DATE, assert_golden_cases

ZAHYA = ROOT / "data" / "examples" / "standard-zahya.txt"
FRENCH = "Zahya Sadeghi : Contrebandière Versatile\n3 Pari Truqué\n3 Fonds d'Investissement\n"
DAMAGED = b'{"format": "nrdeck-card-titles", "schema_version": 1, "langu'


def nrdeck(*args: str) -> Result:
    return CliRunner().invoke(app, list(args))


def _decks(tmp_path: Path) -> tuple[str, str, str]:
    """(an English list, two French lists)."""
    one, two = tmp_path / "fr-1.txt", tmp_path / "fr-2.txt"
    one.write_text(FRENCH, encoding="utf-8")
    two.write_text(FRENCH, encoding="utf-8")
    return str(ZAHYA), str(one), str(two)


def _pinned(tmp_path: Path, titles: bytes | None) -> Path:
    """A copy of the bundled snapshot as a pinned file, with ``titles`` beside it."""
    pinned = tmp_path / "pinned.json"
    shutil.copyfile(snapshot_path(), pinned)
    if titles is not None:
        titles_path(pinned).write_bytes(titles)
    return pinned


def bundled_notes(result: Result) -> list[str]:
    """The notes that the titles read are the bundled snapshot's (its words: the golden file)."""
    return [ln for ln in result.stderr.splitlines() if "card titles" in ln and SNAPSHOT_DATE in ln]


def test_what_is_said_of_the_titles_reads_as_the_golden_file_says(tmp_path: Path) -> None:
    _, french, _ = _decks(tmp_path)
    cases = []
    for label, titles in [("damaged titles", DAMAGED), ("no titles beside the data", None)]:
        pinned = _pinned(tmp_path, titles)
        result = nrdeck("check", french, "--data", str(pinned), "--output-format", "json")
        cases.append((label, result.stderr.replace(str(tmp_path), "<tmp>")))
        titles_path(pinned).unlink(missing_ok=True)
    assert_golden_cases("messages/titles.txt", cases, __file__)


def _read_in_french(result: Result) -> int:
    doc = json.loads(result.stdout)
    return sum(deck["languages"].get("fr", 0) for deck in doc["decks"])


def test_a_list_in_english_never_reads_the_titles(tmp_path: Path) -> None:
    english, french, _ = _decks(tmp_path)
    pinned = _pinned(tmp_path, DAMAGED)
    result = nrdeck("check", english, "--data", str(pinned), "--format", "casual")
    assert result.exit_code == 0, result.output
    assert "card titles" not in result.stderr
    # nor titles typed loosely, with set names, a code or a card id
    loose = tmp_path / "loose.txt"
    loose.write_text(
        "valencia estevez: the angel of cayambe (Order and Chaos)\n2x queens gambit\n"
        "3 Off Campus Apartment\n1x DEJA VU (Core Set)\n1 01110\n1 hedge_fund\n",
        encoding="utf-8",
    )
    result = nrdeck("check", str(loose), "--data", str(pinned), "--output-format", "json")
    assert json.loads(result.stdout)["decks"][0]["languages"] == {"en": 6}
    assert "card titles" not in result.stderr
    # a French list reads them: damaged, so the bundled ones, and says so
    result = nrdeck("check", french, "--data", str(pinned), "--output-format", "json")
    assert _read_in_french(result) == 3
    assert f"{titles_path(pinned)}: " in result.stderr and "damaged" in result.stderr
    assert len(bundled_notes(result)) == 1


def test_data_without_titles_uses_the_bundled_ones_and_says_so_once(tmp_path: Path) -> None:
    english, one, two = _decks(tmp_path)
    pinned = _pinned(tmp_path, None)
    result = nrdeck("check", one, two, english, "--data", str(pinned), "--output-format", "json")
    assert _read_in_french(result) == 6
    [note] = bundled_notes(result)  # said once
    # says what is missing, and where: "has none" said neither
    assert f"no {titles_path(pinned).name} beside the card data" in note


def test_titles_beside_a_pinned_file_are_its_own(tmp_path: Path) -> None:
    _, french, _ = _decks(tmp_path)
    pinned = _pinned(tmp_path, titles_path(snapshot_path()).read_bytes())
    result = nrdeck("check", french, "--data", str(pinned), "--output-format", "json")
    assert _read_in_french(result) == 3 and "card titles" not in result.stderr


@pytest.mark.shared
def test_data_build_writes_the_titles_beside_the_document(cards_json: Path, tmp_path: Path) -> None:
    out = tmp_path / "snap.json"
    assert nrdeck("data", "build", "--from", str(cards_json), "--out", str(out)).exit_code == 0
    built = (tmp_path / "snap.titles.json").read_bytes()
    assert built == titles_path(snapshot_path()).read_bytes()  # the bundled titles are the build's
    doc = json.loads(built)
    assert doc["format"] == "nrdeck-card-titles" and len(doc["languages"]) == 12
    assert doc["languages"]["fr"]["cards"]["hedge_fund"] == "Fonds d'Investissement"
    assert doc["languages"]["zh-hans"]["types"]["ice"] == "防火墙"
    for text in ('"text"', "Gagnez 9", "[credit]"):  # names only: never card text
        assert text not in built.decode("utf-8")


@pytest.mark.shared
def test_data_import_caches_the_titles_and_clear_removes_them(
    cards_json: Path, tmp_path: Path
) -> None:
    cache = tmp_path / "cache"
    assert nrdeck("data", "import", str(cards_json), "--cache-dir", str(cache)).exit_code == 0
    assert len(list((cache / "v1").glob("titles-*.json"))) == 1
    _, french, _ = _decks(tmp_path)
    args = ("--cache-dir", str(cache), "--offline", "--output-format", "json")
    result = nrdeck("check", french, *args)
    assert _read_in_french(result) == 3 and "card titles" not in result.stderr
    assert nrdeck("data", "clear", "--cache-dir", str(cache)).exit_code == 0
    assert list((cache / "v1").glob("titles-*.json")) == []


@pytest.mark.shared
def test_a_cache_without_titles_falls_back_to_the_bundled_ones(
    cards_json: Path, tmp_path: Path
) -> None:
    # a cache written before nrdeck kept titles (or fetched from NetrunnerDB's API, which
    # has none) reads as it did, its titles taken from the bundled snapshot, said once; such a
    # cache has no catalogue either (one compiled with the titles holds them)
    cache = tmp_path / "cache"
    assert nrdeck("data", "import", str(cards_json), "--cache-dir", str(cache)).exit_code == 0
    v1 = cache / "v1"
    for path in [*v1.glob("titles-*.json"), *v1.glob("cards-*.sqlite")]:
        path.unlink()
    english, one, two = _decks(tmp_path)
    args = ("--cache-dir", str(cache), "--offline", "--output-format", "json")
    assert "card titles" not in nrdeck("check", english, *args).stderr
    result = nrdeck("check", one, two, *args)
    assert _read_in_french(result) == 6 and len(bundled_notes(result)) == 1


@pytest.mark.parametrize("keys", (None, 0, 999))
def test_titles_indexed_otherwise_are_indexed_again(tmp_path: Path, keys: int | None) -> None:
    # a titles document without its index, or indexed by another version of nrdeck's title
    # normalisation, reads the same
    doc = json.loads(titles_path(snapshot_path()).read_bytes())
    doc.pop("index")
    if keys is None:
        doc.pop("keys")
    else:
        doc["keys"] = keys
        doc["index"] = {"pari truque": [["fr", "hedge_fund"]]}  # wrong, and never used
    _, french, _ = _decks(tmp_path)
    pinned = _pinned(tmp_path, json.dumps(doc).encode())
    result = nrdeck("check", french, "--data", str(pinned), "--output-format", "json")
    titles = json.loads(result.stdout)["decks"][0]["translated_titles"]
    read = [t["card"] for t in titles]
    assert read == [ZAHYA_ID, "sure_gamble", "hedge_fund"]


@pytest.mark.shared
def test_card_data_from_the_api_uses_the_bundled_titles_and_says_so_once(
    cards_json: Path, tmp_path: Path
) -> None:
    from tests.acceptance.data.test_data_mock import Mock

    server = Mock(cards_json)
    try:
        cache = tmp_path / "cache"
        updated = nrdeck("data", "update", "--cache-dir", str(cache), "--api-url", server.url)
        assert updated.exit_code == 0, updated.output
    finally:
        server.stop()
    assert list((cache / "v1").glob("titles-*.json")) == []  # the API has no translations
    english, one, two = _decks(tmp_path)
    args = ("--cache-dir", str(cache), "--offline", "--output-format", "json")
    result = nrdeck("check", one, two, english, *args)
    assert "NetrunnerDB" in json.loads(result.stdout)["card_data"]["description"]
    assert _read_in_french(result) == 6 and len(bundled_notes(result)) == 1


def test_borrowed_titles_never_suggest_a_card_the_data_lacks(warm: Path) -> None:
    # the cache holds seven cards and no titles: the bundled titles stand in, and a German
    # list's misspelled titles are matched against those of the seven cards only
    german = ROOT / "data" / "examples" / "illegal-standard-de.txt"
    args = ("--cache-dir", str(warm), "--offline", "--output-format", "json")
    result = nrdeck("check", str(german), *args)
    assert result.exit_code == 1, result.output
    report = json.loads(result.stdout)
    assert report["summary"]["internal_errors"] == 0
    messages = [p["message"] for p in report["decks"][0]["problems"]]
    assert any("German" in m for m in messages), messages
    assert not any("Precision Design" in m for m in messages), messages
