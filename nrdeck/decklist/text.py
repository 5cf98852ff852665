"""Plain text decklists: ``3x Title`` lists, however they were typed or pasted.

The line reading (quantities, cleaning, headers, footers, the identity line) is
``nrdeck.decklist.lines``, shared with the NetrunnerDB exports and jinteki.net's format.
"""

from __future__ import annotations

from nrdeck.deck import RawDeck
from nrdeck.decklist.lines import LineCollector, read_rows, take_name_line


class PlainTextParser:
    """``3x Title`` lists, however they were typed or pasted."""

    format = "text"
    strict_name = True

    def parse(self, text: str, source: str) -> RawDeck:
        """Read every line; a leading name line is kept as the deck name."""
        collector = LineCollector(source)
        name, rows = take_name_line(read_rows(collector.lines_of(text)), strict=self.strict_name)
        for number, _, read in rows:
            collector.add(number, read)
        return collector.deck(self.format, name)
