"""jinteki.net decklists: ``3 Title [id: 01001]`` lines and ``;;`` metadata.

``;; identity: Title`` and ``;; identity-code: 12345`` name the identity, ``;; title:``
the deck; other ``;;`` lines (``notes``) are ignored. An ``[id: CODE]`` suffix gives the
printing code, used instead of the title.
"""

from __future__ import annotations

import re

from nrdeck.deck import RawDeck, RawLine
from nrdeck.decklist.lines import LineCollector, read_line
from nrdeck.quoting import excerpt

_META = re.compile(r"^;;\s*([\w-]+)\s*:(.*)$")  # the value is stripped after
_ID = re.compile(r"\[id:\s*(\d{5})\b[^\[\]]*\]")
_PRINTING_CODE = re.compile(r"[0-9]{5}")


class JintekiParser:
    """The jinteki.net deck builder's text."""

    format = "jinteki"

    def parse(self, text: str, source: str) -> RawDeck:
        """Read metadata and card lines."""
        collector = LineCollector(source)
        name: str | None = None
        for number, raw in collector.lines_of(text):
            stripped = raw.strip()
            if stripped.startswith(";;"):
                meta = _META.match(stripped)
                if meta is not None:
                    key, value = meta.group(1).lower(), meta.group(2).strip()
                    name = _metadata(number, key, value, collector) or name
                continue
            id_match = _ID.search(raw)
            read = read_line(raw)
            if read is not None:
                collector.add(number, read, id_match.group(1) if id_match else None)
        return collector.deck(self.format, name)


def _metadata(number: int, key: str, value: str, collector: LineCollector) -> str | None:
    """Record an identity line; the deck's title when the line gives it."""
    if not value:
        return None
    if key == "title":
        return value
    if key == "identity":
        collector.lines.append(RawLine(quantity=1, line=number, title=value, identity=True))
    elif key == "identity-code" and not _PRINTING_CODE.fullmatch(value):
        collector.error(number, f"identity-code {excerpt(value)} is not a 5-digit printing code")
    elif key == "identity-code":
        collector.lines.append(RawLine(quantity=1, line=number, code=value, identity=True))
    return None
