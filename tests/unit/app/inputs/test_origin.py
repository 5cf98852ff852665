"""The NetrunnerDB deck a decklist says it came from: the link in its ``;; notes:`` line."""

from __future__ import annotations

from pathlib import Path

import pytest

from nrdeck.app.inputs.decks import DeckSettings
from nrdeck.app.inputs.origin import notes_link, origin_of
from nrdeck.errors import ExitCode, UsageError

UUID = "7a6b0d6e-0000-4000-8000-000000000000"
LINK = f"https://netrunnerdb.com/en/deck/view/{UUID}"
EXPORT = f"1 Sure Gamble\n;; notes: {LINK}\n"


@pytest.mark.parametrize(
    "line",
    [
        f";; notes: {LINK}",
        f"  ;;NOTES:see <{LINK}>, thanks",
        f";; notes: first https://example.com/x then ({LINK})",
    ],
)
def test_the_first_netrunnerdb_deck_link_in_a_notes_line(line: str) -> None:
    found = notes_link(f"3 Hedge Fund\n{line}\n")
    assert found is not None and found.label == LINK and found.kind == "remote"


@pytest.mark.parametrize(
    "text",
    [
        "3 Hedge Fund\n",
        f"3 Hedge Fund\n;; comment: {LINK}\n",  # not a notes line
        f"3 Hedge Fund {LINK}\n",
        ";; notes: https://example.com/deck/1\n",  # not NetrunnerDB
    ],
)
def test_no_notes_link(text: str) -> None:
    assert notes_link(text) is None


def test_a_file_standard_input_and_pasted_text_are_read(tmp_path: Path) -> None:
    path = tmp_path / "export.txt"
    path.write_text(EXPORT, encoding="utf-8")
    assert origin_of(str(path), DeckSettings()).label == LINK
    assert origin_of("-", DeckSettings(stdin_bytes=EXPORT.encode())).label == LINK
    assert origin_of("-", DeckSettings(stdin_text=EXPORT)).label == LINK
    assert origin_of(EXPORT, DeckSettings()).label == LINK


@pytest.mark.parametrize(
    "spec",
    ["3 Hedge Fund\n1 Ice Wall\n", UUID, "absent.txt"],
    ids=["no-notes", "a-link-itself", "missing-file"],
)
def test_a_decklist_that_names_no_deck_is_a_usage_error(spec: str) -> None:
    with pytest.raises(UsageError) as caught:
        origin_of(spec, DeckSettings())
    assert caught.value.exit_code is ExitCode.USAGE


def test_a_file_that_is_not_text_is_a_usage_error(tmp_path: Path) -> None:
    path = tmp_path / "image.png"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00")
    with pytest.raises(UsageError):
        origin_of(str(path), DeckSettings())
