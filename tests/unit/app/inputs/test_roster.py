"""A roster read from disk: its bytes decoded (a byte order mark, UTF-8, else cp1252 said),
a file that cannot be a roster refused in one usage error, and ``ROSTER#PLAYER[:side]``."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from nrdeck.app.inputs.roster import names_registration, read_roster, registration_source
from nrdeck.app.inputs.sources import FileSource, ListedSource, TextSource
from nrdeck.errors import ExitCode, UsageError

CSV = "player,corp,runner\nAna Lima,decks/hb.txt,decks/zahya.txt\nBo,decks/nbn.txt,\n"


def roster(tmp_path: Path, data: bytes, name: str = "roster.csv") -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


@pytest.mark.parametrize(
    "data",
    [
        CSV.encode("utf-8"),
        b"\xef\xbb\xbf" + CSV.encode("utf-8"),
        CSV.encode("utf-16"),  # Excel's "Unicode text": a byte order mark, then UTF-16
    ],
    ids=["utf-8", "utf-8-bom", "utf-16"],
)
def test_a_roster_is_read_in_any_unicode_encoding_without_a_warning(
    tmp_path: Path, data: bytes
) -> None:
    read = read_roster(roster(tmp_path, data))
    assert [e.player for e in read.entries] == ["Ana Lima", "Bo"]
    assert read.warnings == () and read.folder == tmp_path.resolve()


def test_cp1252_is_read_with_a_warning(tmp_path: Path) -> None:
    read = read_roster(roster(tmp_path, CSV.replace("Bo", "Zoë").encode("cp1252")))
    assert read.entries[1].player == "Zoë" and len(read.warnings) == 1


@pytest.mark.parametrize("data", [b"\x00\x01\x02player", b"\xff\xfe\x00\xd8"])
def test_bytes_that_are_not_text_are_a_usage_error(tmp_path: Path, data: bytes) -> None:
    with pytest.raises(UsageError) as caught:
        read_roster(roster(tmp_path, data))
    assert caught.value.exit_code is ExitCode.USAGE


def test_a_missing_roster_or_a_folder_is_a_usage_error(tmp_path: Path) -> None:
    for path in (tmp_path / "absent.csv", tmp_path):
        with pytest.raises(UsageError) as caught:
            read_roster(path)
        assert str(path) in caught.value.message


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_is_refused_without_waiting(tmp_path: Path) -> None:
    fifo = tmp_path / "roster.csv"
    os.mkfifo(fifo)
    with pytest.raises(UsageError) as caught:
        read_roster(fifo)
    assert caught.value.hint


def test_a_registration_is_named_by_a_mark_in_what_is_no_file(tmp_path: Path) -> None:
    path = roster(tmp_path, CSV.encode())
    assert names_registration(f"{path}#Ana Lima")
    assert not names_registration(str(path))
    odd = tmp_path / "deck#1.txt"
    odd.write_text("3 Hedge Fund\n", encoding="utf-8")
    assert not names_registration(str(odd))  # a file whose name has a '#'


def test_a_registration_names_a_players_deck_by_side(tmp_path: Path) -> None:
    path = roster(tmp_path, CSV.encode())
    corp = registration_source(f"{path}#ana  LIMA")  # any case and spacing
    runner = registration_source(f"{path}#Ana Lima:runner")
    assert isinstance(corp, FileSource) and corp.label == "decks/hb.txt"
    assert isinstance(runner, FileSource) and runner.path == tmp_path / "decks" / "zahya.txt"


def test_a_registration_of_nobody_or_of_no_deck_is_a_usage_error(tmp_path: Path) -> None:
    path = roster(tmp_path, CSV.encode())
    with pytest.raises(UsageError) as nobody:
        registration_source(f"{path}#Cy")
    assert "Ana Lima" in (nobody.value.hint or "")  # the players it has
    with pytest.raises(UsageError):
        registration_source(f"{path}#Bo:runner")


def test_a_pasted_registration_is_named_by_the_spec(tmp_path: Path) -> None:
    body = 'player,corp,runner\nAna,"Haas-Bioroid: Precision Design\n3 Hedge Fund",\n'
    path = roster(tmp_path, body.encode())
    source = registration_source(f"{path}#Ana")
    assert isinstance(source, TextSource) and source.label == f"{path}#Ana"
    assert not isinstance(source, ListedSource)
