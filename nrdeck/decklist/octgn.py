"""OCTGN ``.o8d`` decks (XML), read with entity expansion off and DTDs refused.

The printing code is the last five digits of each card's GUID; cards in the section
named ``Identity`` are the identity.
"""

from __future__ import annotations

import re
from typing import Any

from nrdeck.deck import RawDeck, RawLine
from nrdeck.decklist.text import MAX_QUANTITY, LineCollector

_CODE = re.compile(r"(\d{5})$")


def _line_of(text: str, needle: str) -> int | None:
    at = text.find(needle)
    return text.count("\n", 0, at) + 1 if at >= 0 else None


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


class OctgnParser:
    """OCTGN's ``<deck><section name="Identity"><card qty id>Title</card>…`` XML."""

    format = "o8d"

    def parse(self, text: str, source: str) -> RawDeck:
        """Read every card of every section."""
        collector = LineCollector(source)
        root = _xml_root(text, collector)
        if root is None:
            return collector.deck(self.format)
        if root.tag != "deck":
            collector.error(
                1, f"{collector.source} is not an OCTGN deck: the root element is <{root.tag}>"
            )
            return collector.deck(self.format)
        for section in root.iter("section"):
            is_identity = (section.get("name") or "").strip().lower() == "identity"
            for card in section.iter("card"):
                self._card(card, is_identity, text, collector)
        return collector.deck(self.format)

    @staticmethod
    def _card(card: Any, is_identity: bool, text: str, collector: LineCollector) -> None:
        guid = (card.get("id") or "").strip()
        title = (card.text or "").strip()
        line = _line_of(text, guid) if guid else _line_of(text, title)
        qty_text = (card.get("qty") or "").strip()
        if not qty_text.isdigit() or not 1 <= int(qty_text) <= MAX_QUANTITY:
            collector.error(line, f"quantity {qty_text!r} of {title or guid!r} is not 1–99")
            return
        code_match = _CODE.search(guid)
        if code_match is None and not title:
            collector.error(line, "a <card> with neither a GUID ending in a code nor a title")
            return
        code = code_match.group(1) if code_match else None
        collector.lines.append(
            RawLine(
                quantity=int(qty_text),
                line=line,
                code=code,
                title=None if code else title,
                identity=is_identity,
            )
        )
