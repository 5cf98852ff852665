"""A printable decklist: each section counts its copies."""

from __future__ import annotations

from nrdeck.results.sheets import DeckSheet, SheetRow, SheetSection

AGENDAS = SheetSection(
    "Agenda", (SheetRow(3, "Hostile Takeover"), SheetRow(2, "Project Vitruvius"))
)
ICE = SheetSection("Barrier", (SheetRow(1, "Ice Wall", influence=1),))


def test_a_section_counts_the_copies_of_its_rows() -> None:
    assert (AGENDAS.copies, ICE.copies) == (5, 1)
    assert SheetSection("Empty", ()).copies == 0


def test_a_row_spends_no_influence_and_has_no_english_title_by_default() -> None:
    row = SheetRow(3, "Hedge Fund")
    assert (row.influence, row.english) == (0, "")


def test_a_sheet_is_legal_in_english_with_no_event_details_by_default() -> None:
    sheet = DeckSheet("HB", "corp", (AGENDAS, ICE), 6, 45, 1, 15)
    assert sheet.legal and sheet.language == "en"
    assert (sheet.player, sheet.event, sheet.date, sheet.deck_name) == ("", "", "", "")
    assert sum(s.copies for s in sheet.sections) == sheet.cards
