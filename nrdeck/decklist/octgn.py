"""OCTGN ``.o8d`` decks (XML), read with entity expansion off and DTDs refused.

The printing code is the last five digits of each card's GUID; cards in the section
named ``Identity`` are the identity.
"""

from __future__ import annotations

import re
from typing import Any

from nrdeck.deck import RawDeck, RawLine
from nrdeck.decklist.lines import MAX_QUANTITY, LineCollector, LineFinder, quantity_value
from nrdeck.quoting import excerpt, shorten

_CODE = re.compile(r"(\d{5})$")


def _xml_root(text: str, collector: LineCollector) -> Any:
    import defusedxml
    from defusedxml import ElementTree

    try:
        return ElementTree.fromstring(text.lstrip("\ufeff"), forbid_dtd=True)
    except ElementTree.ParseError as err:
        line = getattr(err, "position", (None,))[0]
        collector.error(line, f"{collector.source} is not a valid OCTGN .o8d file (bad XML: {err})")
    except defusedxml.DefusedXmlException:
        collector.error(
            None,
            f"{collector.source} was refused: its XML declares a DTD or entities, "
            "which OCTGN decks never need (entity expansion attacks)",
        )
    return None


def _cards(root: Any) -> list[tuple[Any, bool]]:
    """Each ``<card>`` of each section once (its own section's), with "is it the identity"."""
    return [
        (card, (section.get("name") or "").strip().lower() == "identity")
        for section in root.iter("section")
        for card in section.findall("card")
    ]


class OctgnParser:
    """OCTGN's ``<deck><section name="Identity"><card qty id>Title</card>…`` XML."""

    format = "o8d"

    def parse(self, text: str, source: str) -> RawDeck:
        """Read the cards of every section (each card once, in its own section)."""
        collector = LineCollector(source)
        root = _xml_root(text, collector)
        if root is None:
            return collector.deck(self.format)
        if root.tag != "deck":
            collector.error(
                1,
                f"{collector.source} is not an OCTGN deck: "
                f"the root element is <{shorten(str(root.tag))}>",
            )
            return collector.deck(self.format)
        lines = LineFinder(text)
        for card, is_identity in collector.capped(_cards(root), "cards"):
            self._card(card, is_identity, lines, collector)
        return collector.deck(self.format)

    @staticmethod
    def _card(card: Any, is_identity: bool, lines: LineFinder, collector: LineCollector) -> None:
        guid = (card.get("id") or "").strip()
        title = (card.text or "").strip()
        line = lines.line_of(guid or title)
        qty_text = (card.get("qty") or "").strip()
        quantity = quantity_value(qty_text) if qty_text.isdecimal() else None
        if quantity is None or not 1 <= quantity <= MAX_QUANTITY:
            collector.error(
                line, f"quantity {excerpt(qty_text)} of {excerpt(title or guid)} is not 1–99"
            )
            return
        code_match = _CODE.search(guid)
        if code_match is None and not title:
            collector.error(line, "a <card> with neither a GUID ending in a code nor a title")
            return
        code = code_match.group(1) if code_match else None
        collector.lines.append(
            RawLine(
                quantity=quantity,
                line=line,
                code=code,
                title=None if code else title,
                identity=is_identity,
            )
        )
