"""Where a deck comes from, as a type: what a DECK argument names, how each kind of source
is named in reports, and the arguments expanded once each."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from nrdeck.app.inputs.sources import (
    EmptySource,
    Expansion,
    FileSource,
    ListedSource,
    RefusedSource,
    RemoteSource,
    StdinSource,
    TextSource,
    deck_source,
    expand,
    expand_specs,
    is_inline_text,
    is_remote,
    one_source,
    text_label,
)
from nrdeck.deck import RawDeck
from nrdeck.errors import ExitCode, UsageError

UUID = "7a6b0d6e-0000-4000-8000-000000000000"
DECKLIST = "Haas-Bioroid: Precision Design\n3 Hedge Fund\n"


@pytest.mark.parametrize(
    ("spec", "kind"),
    [
        ("-", StdinSource),
        (DECKLIST, TextSource),
        (f"https://netrunnerdb.com/en/decklist/{UUID}", RemoteSource),
        (UUID, RemoteSource),
        ("decks/hb.txt", FileSource),
        ("x" * 5000, TextSource),  # longer than any file name: a one-line paste
    ],
)
def test_a_deck_argument_names_one_kind_of_source(spec: str, kind: type) -> None:
    source = deck_source(spec)
    assert isinstance(source, kind)
    assert source.kind == kind.__name__.removesuffix("Source").lower()


@pytest.mark.parametrize(
    ("source", "kind", "origin"),
    [
        (FileSource(Path("a.txt"), "a.txt"), "file", "file"),
        (StdinSource(), "stdin", "stdin"),
        (TextSource("x", "x"), "text", "text"),
        (ListedSource(RawDeck(source="cobra", format="cobra", lines=()), "l"), "listed", "file"),
        (RefusedSource("../a.txt", "refused", "a path with '..'"), "refused", "file"),
        (RefusedSource("https://x.org/", "not-a-link"), "not-a-link", "file"),
        (EmptySource(), "empty", "file"),
    ],
)
def test_each_source_is_named_as_reports_name_it(source: object, kind: str, origin: str) -> None:
    assert (source.kind, source.origin) == (kind, origin)  # type: ignore[attr-defined]


def test_a_numeric_id_is_remote_unless_a_file_has_that_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert is_remote("12345") and isinstance(deck_source("12345"), RemoteSource)
    (tmp_path / "12345").write_text(DECKLIST, encoding="utf-8")
    assert not is_remote("12345") and isinstance(deck_source("12345"), FileSource)


def test_text_with_a_line_break_is_a_paste_unless_a_file_has_that_name(tmp_path: Path) -> None:
    assert is_inline_text(DECKLIST)
    assert is_inline_text("a\x00b")  # no file can have that name
    assert not is_inline_text("decks/hb.txt")
    if os.name != "nt":
        odd = tmp_path / "two\nlines.txt"
        odd.write_text(DECKLIST, encoding="utf-8")
        assert not is_inline_text(str(odd))


def test_a_paste_is_named_by_its_first_line_cut_short() -> None:
    empty = text_label("")
    assert text_label("\n\n  3 Hedge Fund  \nmore") == empty.replace(")", "3 Hedge Fund)")
    long = text_label("x" * 100)
    assert long == empty.replace(")", "x" * 32 + "…)")
    assert text_label("") == "(decklist text: )"


def test_arguments_are_expanded_once_each_in_order(tmp_path: Path) -> None:
    folder = tmp_path / "decks"
    folder.mkdir()
    for name in ("b.txt", "a.txt"):
        (folder / name).write_text(DECKLIST, encoding="utf-8")
    one = str(folder / "b.txt")
    found = expand([one, str(folder), "-", "-", UUID, UUID])
    labels = [s.label for s in found.sources]
    assert labels == [one, str(folder / "a.txt"), "-", UUID]
    assert found.from_folders == {str(folder / "a.txt"), one}
    assert expand_specs([str(folder)]) == [str(folder / "a.txt"), one]


def test_the_pinned_card_data_file_is_never_a_deck(tmp_path: Path) -> None:
    (tmp_path / "cards.json").write_text("{}", encoding="utf-8")
    (tmp_path / "hb.txt").write_text(DECKLIST, encoding="utf-8")
    found = expand([str(tmp_path)], exclude=tmp_path / "cards.json")
    assert [Path(s.label).name for s in found.sources] == ["hb.txt"]


@pytest.mark.parametrize("specs", [[], [""], ["  "]])
def test_no_deck_or_an_empty_argument_is_a_usage_error(specs: list[str]) -> None:
    with pytest.raises(UsageError) as caught:
        expand(specs)
    assert caught.value.exit_code is ExitCode.USAGE and caught.value.hint


def test_a_command_of_one_deck_takes_exactly_one(tmp_path: Path) -> None:
    assert isinstance(one_source("-", "diff"), StdinSource)
    for name in ("a.txt", "b.txt"):
        (tmp_path / name).write_text(DECKLIST, encoding="utf-8")
    with pytest.raises(UsageError) as caught:
        one_source(str(tmp_path), "diff")
    assert "'diff'" in (caught.value.hint or "")


def test_an_expansion_of_files_named_directly_found_no_folder() -> None:
    assert Expansion(()).from_folders == frozenset() and Expansion(()).skipped == ()
