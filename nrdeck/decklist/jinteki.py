"""jinteki.net decklists: ``3 Title [id: 01001]`` lines and ``;;`` metadata.

``;; identity: Title`` and ``;; identity-code: 12345`` name the identity, ``;; title:``
the deck; other ``;;`` lines (``notes``) are ignored. An ``[id: CODE]`` suffix gives the
printing code, used instead of the title.
"""

from __future__ import annotations

import re

from nrdeck.deck import RawDeck, RawLine
from nrdeck.decklist.text import LineCollector, numbered, read_line

_META = re.compile(r"^;;\s*([\w-]+)\s*:\s*(.*?)\s*$")
_ID = re.compile(r"\[id:\s*(\d{5})\b[^\]]*\]")


class JintekiParser:
    """The jinteki.net deck builder's text."""

    format = "jinteki"

    def parse(self, text: str, source: str) -> RawDeck:
        """Read metadata and card lines."""
        collector = LineCollector(source)
        name: str | None = None
        for number, raw in numbered(text):
            stripped = raw.strip()
            if stripped.startswith(";;"):
                meta = _META.match(stripped)
                if meta is None:
                    continue
                key, value = meta.group(1).lower(), meta.group(2)
                if key == "title" and value:
                    name = value
                elif key == "identity" and value:
                    collector.lines.append(
                        RawLine(quantity=1, line=number, title=value, identity=True)
                    )
                elif key == "identity-code" and value:
                    collector.lines.append(
                        RawLine(quantity=1, line=number, code=value, identity=True)
                    )
                continue
            id_match = _ID.search(raw)
            read = read_line(raw)
            if read is not None:
                collector.add(number, read, id_match.group(1) if id_match else None)
        return collector.deck(self.format, name)
