"""A printable decklist: one deck laid out as NetrunnerDB does, with the event's details."""

from __future__ import annotations

import msgspec


class SheetRow(msgspec.Struct, frozen=True):
    """One card line: copies, title, influence it spends (0 in faction), and the English
    title when the title is printed in another language."""

    copies: int
    title: str
    influence: int = 0
    english: str = ""


class SheetSection(msgspec.Struct, frozen=True):
    """Cards of one type ('Agenda', 'Barrier', 'Icebreaker', …), alphabetical."""

    name: str
    rows: tuple[SheetRow, ...]

    @property
    def copies(self) -> int:
        """How many cards the section holds."""
        return sum(r.copies for r in self.rows)


class DeckSheet(msgspec.Struct, frozen=True):
    """Everything one printed decklist shows."""

    identity: str
    side: str | None
    sections: tuple[SheetSection, ...]
    cards: int
    min_cards: int | None
    influence_spent: int
    influence_limit: int | None
    agenda_points: int | None = None
    player: str = ""
    event: str = ""
    date: str = ""
    format_name: str = ""
    deck_name: str = ""
    legal: bool = True
    identity_english: str = ""  # the identity's English title, when printed in another
    language: str = "en"  # the language card titles and sections are printed in
