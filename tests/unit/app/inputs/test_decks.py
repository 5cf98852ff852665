"""Loading decks from files and standard input: unreadable files never raise."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from nrdeck.app.inputs.decks import DeckSettings, load_deck, read_deck_text
from nrdeck.catalog import CardDB
from nrdeck.errors import ExitCode, UsageError
from nrdeck.problems import Severity
from tests.startup import broken

BILLION_LAUGHS = (
    '<?xml version="1.0"?>\n<!DOCTYPE lolz [\n <!ENTITY lol "lol">\n'
    ' <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">\n'
    ' <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">\n]>\n'
    "<deck>&lol2;</deck>\n"
)


def test_missing_file_is_a_usage_error(tmp_path: Path, db: CardDB) -> None:
    with pytest.raises(UsageError) as info:
        load_deck(str(tmp_path / "nope.txt"), db, DeckSettings())
    assert info.value.exit_code is ExitCode.USAGE and "nope.txt" in info.value.one_line()


@pytest.mark.parametrize(
    ("name", "data", "words"),
    [
        ("empty.txt", b"", "empty"),
        ("blank.txt", b"\r\n  \n", "empty"),
        ("image.txt", b"\x89PNG\r\n\x1a\n\x00\x00\x00", "binary"),
        ("huge.txt", b"3x Hedge Fund\n" * 80_000, "larger than 1 MiB"),
        ("laughs.o8d", BILLION_LAUGHS.encode(), "DTD"),
        ("broken.o8d", b"<deck><section>", "bad XML"),
        ("text.o8d", b"3x Hedge Fund\n", "bad XML"),
        ("list.json", b"[1, 2]", "expected a NetrunnerDB deck"),
        ("trunc.json", b'{"cards": {"01110": 3', "not valid JSON"),
    ],
)
def test_unreadable_files_give_a_parse_error(
    tmp_path: Path, db: CardDB, name: str, data: bytes, words: str
) -> None:
    path = tmp_path / name
    path.write_bytes(data)
    deck = load_deck(str(path), db, DeckSettings())
    assert deck.source == str(path) and deck.entries == ()
    [problem] = deck.problems
    assert problem.code == "parse-error" and words in problem.message
    assert problem.location.source == str(path) and str(path) in problem.message


def test_cp1252_file_is_read_with_an_encoding_warning(tmp_path: Path, db: CardDB) -> None:
    path = tmp_path / "old.txt"
    path.write_bytes("Jinteki: Personal Evolution\r\n3x Déjà Vu\r\n".encode("cp1252"))
    deck = load_deck(str(path), db, DeckSettings())
    assert deck.counts() == {"deja_vu": 3}
    assert [(p.code, p.severity) for p in deck.problems] == [("encoding", Severity.WARNING)]


def test_bom_and_crlf(tmp_path: Path, db: CardDB) -> None:
    path = tmp_path / "bom.txt"
    path.write_bytes("\ufeffJinteki: Personal Evolution\r\n3x\tHedge Fund\r\n".encode())
    deck = load_deck(str(path), db, DeckSettings())
    assert deck.problems == () and deck.identity is not None
    assert deck.counts() == {"hedge_fund": 3}


def test_stdin_and_input_format_override(db: CardDB) -> None:
    text = ";; identity: Jinteki: Personal Evolution\n3 Hedge Fund\n"
    deck = load_deck("-", db, DeckSettings(stdin_text=text))
    assert deck.source == "-" and deck.identity is not None and deck.format == "jinteki"
    forced = read_deck_text(text, "-", db, input_format="text")
    assert forced.format == "text" and forced.identity is None


def test_folder_is_a_usage_error(tmp_path: Path, db: CardDB) -> None:
    with pytest.raises(UsageError):
        load_deck(str(tmp_path), db, DeckSettings())


def test_local_files_do_not_import_the_network_stack(tmp_path: Path) -> None:
    deck = tmp_path / "d.o8d"
    deck.write_text(
        '<deck><section name="Identity"><card qty="1" id="x01067">J</card></section></deck>'
    )
    code = (
        "import sys\nfrom nrdeck.cards.bundled import BundledSource\n"
        "from nrdeck.app.inputs.decks import DeckSettings, load_deck\n"
        f"d = load_deck({str(deck)!r}, BundledSource().load(), DeckSettings())\n"
        "assert d.identity is not None, d\n"
        "print(sorted(m for m in ('requests', 'urllib3') if m in sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]", f"{broken('No HTTP stack on a local check')}: {done.stdout}"


def test_other_links_are_a_usage_error(db: CardDB) -> None:
    other = "https://example.com/deck.txt"
    with pytest.raises(UsageError) as info:
        load_deck(other, db, DeckSettings())
    said = info.value.one_line()
    assert other in said and "NetrunnerDB deck link" in said
