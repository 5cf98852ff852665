"""An event's cells classified: pasted text named after the roster and where it is."""

from __future__ import annotations

from pathlib import Path

from nrdeck.app.event.decks import classify
from nrdeck.app.inputs.sources import EmptySource, FileSource, TextSource
from nrdeck.roster import Cell

PASTE = "Haas-Bioroid: Precision Design\n3 Hedge Fund\n"


def test_pasted_text_is_named_by_line_in_a_csv_and_by_player_in_a_json(tmp_path: Path) -> None:
    by_line = classify(Cell(PASTE), tmp_path, False, "roster.csv", "3 (corp)")
    by_name = classify(Cell(PASTE), tmp_path, False, "roster.json", "Ana, corp")
    assert isinstance(by_line, TextSource) and by_line.label == "roster.csv:3 (corp)"
    assert isinstance(by_name, TextSource) and by_name.label == "roster.json (Ana, corp)"


def test_other_cells_keep_what_they_name(tmp_path: Path) -> None:
    assert isinstance(classify(Cell(""), tmp_path, False, "r.csv", "2 (runner)"), EmptySource)
    found = classify(Cell("decks/a.txt"), tmp_path, False, "r.csv", "2 (runner)")
    assert isinstance(found, FileSource) and found.path == tmp_path / "decks" / "a.txt"
    outside = classify(Cell("../a.txt"), tmp_path, False, "r.csv", "2 (runner)")
    assert outside.kind == "refused"
    assert isinstance(classify(Cell("../a.txt"), tmp_path, True, "r.csv", "2"), FileSource)
