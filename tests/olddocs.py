"""Card documents as nrdeck wrote them before it read facts from card text."""

from __future__ import annotations

import msgspec
from msgspec.structs import replace

from nrdeck.cards.document import decode


def before_text_facts(raw: bytes) -> bytes:
    """The document without the facts read from card text: the shape older nrdeck wrote."""
    doc = decode(raw, "a test document")
    cards = [replace(c, economy=False, runner_points=None, draws=None) for c in doc.cards]
    old = msgspec.json.encode(replace(doc, cards=cards, text_facts=0), order="sorted") + b"\n"
    for key in (b'"economy"', b'"runner_points"', b'"draws"', b'"text_facts"'):
        assert key not in old
    return old
