"""A damaged card catalogue, found so when it is opened or in the middle of a run, is passed
over for the JSON document with one warning, and every command answers as it does from the
JSON: for the bundled snapshot, a pinned file and the cache alike. Whatever is in the
catalogue's place (a FIFO, a device, a folder) is never opened."""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

import pytest

from nrdeck.catalog import catalogue_path
from tests.acceptance.data.catalogue_cases import (
    DECKS,
    bundled_copy,
    cache_catalogue,
    cache_of_bundled,
    pinned,
    run,
)
from tests.paths import EXAMPLES, FIXTURES

DECK = str(EXAMPLES / "standard-zahya.txt")  # Hedge Fund is not in it; Sure Gamble is
CORP = str(FIXTURES / "simulate" / "hb-precision-core.txt")  # Hedge Fund is in it
COMMANDS = {
    "check": ["check", *DECKS, "--offline", "--output-format", "json"],
    "card": ["card", "Hedge Fund", "--offline"],
    "timeline": ["timeline", CORP, "--offline"],
    "simulate": ["simulate", CORP, "--offline"],
    "stats": ["stats", CORP, "--offline"],
    "data status": ["data", "status"],
}
WARNING = "the card catalogue is damaged"
CASES = ("bundled", "pinned", "cache")


class Case(NamedTuple):
    """Where the card data comes from: its name, the options that choose it, its catalogue."""

    name: str
    options: list[str]
    catalogue: Path


@pytest.fixture(params=CASES)
def case(request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Case:
    """The bundled data (a copy, used as nrdeck's own), a pinned file, or the cache."""
    name = request.param
    if name == "bundled":
        folder = bundled_copy(tmp_path / "data")
        monkeypatch.setattr("nrdeck.cards.bundled.data_dir", lambda: folder)
        return Case(name, [], folder / "cards.sqlite")
    if name == "pinned":
        data = pinned(tmp_path / "pinned")
        return Case(name, ["--data", str(data)], catalogue_path(data))
    cache = cache_of_bundled(tmp_path / "cache")
    return Case(name, ["--cache-dir", str(cache)], cache_catalogue(cache))


def _answers(case: Case, commands: list[str]) -> dict[str, tuple[int, str, list[str]]]:
    """Each command's exit code, output and warnings (the lines of standard error that are)."""
    found = {}
    for name in commands:
        code, out, err = run(*COMMANDS[name], *case.options)
        assert code != 4, err
        found[name] = (code, out, [line for line in err.splitlines() if WARNING in line])
    return found


def _from_json(case: Case, commands: list[str]) -> dict[str, tuple[int, str, list[str]]]:
    """The answers with no catalogue at all (read from the JSON document)."""
    catalogue = case.catalogue
    kept = catalogue.read_bytes()
    catalogue.unlink()
    try:
        return _answers(case, commands)
    finally:
        catalogue.write_bytes(kept)


def _assert_same_answers(case: Case, damage: Callable[[Path], object], commands: list[str]) -> int:
    """Every command answers as from the JSON, with at most one warning; how many warned."""
    expected = _from_json(case, commands)
    damage(case.catalogue)
    found = _answers(case, commands)
    warned = 0
    for name, (code, out, warnings) in found.items():
        assert (code, out) == expected[name][:2], name
        assert len(warnings) <= 1, (name, warnings)
        warned += len(warnings)
    return warned


def _edited(old: bytes, new: bytes) -> Callable[[Path], None]:
    def edit(catalogue: Path) -> None:
        data = catalogue.read_bytes()
        assert data.count(old) >= 1, old
        catalogue.write_bytes(data.replace(old, new, 1))

    return edit


# found when the catalogue is opened: a set's record is read with the small lists
SET_EDITED = _edited(b'"date_release":', b'"xate_release":')
# found in the middle of a run: a card's record is read when a deck names it
CARD_EDITED = _edited(b'"stripped_title":"Hedge Fund"', b'"stripped_title":"Hedge Fumd"')


@pytest.mark.parametrize("damage", [SET_EDITED, CARD_EDITED], ids=["a set", "a card"])
def test_an_edited_record_is_passed_over_in_every_command(
    case: Case, damage: Callable[[Path], None]
) -> None:
    warned = _assert_same_answers(case, damage, list(COMMANDS))
    assert warned >= 4  # every command that reads the record says so, once


def _truncated(catalogue: Path) -> None:
    catalogue.write_bytes(catalogue.read_bytes()[:200_000])


def _garbage(catalogue: Path) -> None:
    catalogue.write_bytes(b"\xc1 not a catalogue " * 500)


def _empty(catalogue: Path) -> None:
    catalogue.write_bytes(b"")


def _folder(catalogue: Path) -> None:
    catalogue.unlink()
    catalogue.mkdir()


def _fifo(catalogue: Path) -> None:
    catalogue.unlink()
    os.mkfifo(catalogue)  # opened, it would wait for a writer forever


def _dev_zero(catalogue: Path) -> None:
    catalogue.unlink()
    catalogue.symlink_to("/dev/zero")  # read, it would never end


IN_ITS_PLACE = {
    "empty": _empty,
    "truncated": _truncated,
    "garbage": _garbage,
    "a folder": _folder,
    "a FIFO": _fifo,
    "a link to /dev/zero": _dev_zero,
}


@pytest.mark.parametrize("damage", IN_ITS_PLACE.values(), ids=IN_ITS_PLACE)
def test_what_is_no_catalogue_is_passed_over_with_one_warning(
    case: Case, damage: Callable[[Path], None]
) -> None:
    if damage in (_fifo, _dev_zero) and not (hasattr(os, "mkfifo") and Path("/dev/zero").exists()):
        pytest.skip("no FIFOs or /dev/zero here")
    assert _assert_same_answers(case, damage, ["check", "data status"]) == 2


def _flip(seed: int) -> Callable[[Path], None]:
    """One bit of the file flipped, where a seeded draw says."""

    def flip(catalogue: Path) -> None:
        data = bytearray(catalogue.read_bytes())
        chance = random.Random(seed)
        at = chance.randrange(len(data))
        data[at] ^= 1 << chance.randrange(8)
        catalogue.write_bytes(bytes(data))

    return flip


FLIPS = 7  # seeds in each case: 21 files, each with one bit flipped somewhere


@pytest.mark.parametrize("draw", range(FLIPS))
def test_a_flipped_bit_never_changes_an_answer(case: Case, draw: int) -> None:
    seed = draw * len(CASES) + CASES.index(case.name)
    _assert_same_answers(case, _flip(seed), ["check", "data status"])


def test_when_the_json_is_damaged_too_the_run_stops_saying_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = bundled_copy(tmp_path / "data")
    monkeypatch.setattr("nrdeck.cards.bundled.data_dir", lambda: folder)
    document = folder / "cards.json"
    document.write_bytes(b" " * document.stat().st_size)  # its size kept: the catalogue is read
    CARD_EDITED(folder / "cards.sqlite")
    code, out, err = run(*COMMANDS["check"])
    assert code == 3, out
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("nrdeck: error: "), lines
    assert "the card catalogue is damaged" in lines[0] and "reinstall nrdeck" in lines[0]
