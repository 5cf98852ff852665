"""NetrunnerDB's exports: the text download and "plain" modal, Markdown and BBCode.

Card links (``…/card/01110``) give the printing code, which is used instead of the
title; the rest of each line goes through the shared line reader (``text.read_line``).
No pattern lets a scan cross the opening delimiter of its own kind (``[`` in a link's
text, ``(`` in its URL, ``[url`` in a linked title), so reading stays linear in the line.
"""

from __future__ import annotations

import re

from nrdeck.deck import RawDeck
from nrdeck.decklist.lines import LineCollector, is_skipped, read_line
from nrdeck.decklist.text import PlainTextParser

_MD_LINK = re.compile(r"\[([^\[\]]*)\]\(([^()]*)\)")
_MD_PACK = re.compile(r"_\([^()]*\)_")
_MD_NAME = re.compile(r"^#{1,2}(?!#)\s*(.+)$")  # on a stripped line
_BB_URL = re.compile(r"\[url=([^\[\]]*)\]([^\[]*(?:\[(?!/?url\b)[^\[]*)*)\[/url\]", re.IGNORECASE)
_BB_NAME = re.compile(r"^\[b\](.+?)\[/b\]$", re.IGNORECASE)  # on a stripped line
_BB_TAG = re.compile(r"\[/?(?:b|i|u|color|size)(?:=[^\[\]]*)?\]", re.IGNORECASE)
_CARD_CODE = re.compile(r"/card/(\d{5})\b")


class NrdbTextParser(PlainTextParser):
    """The text download (``name``, ``Identity (Pack)``, sections, footer) and plain modal."""

    format = "nrdb-text"
    strict_name = False


def _code(url: str) -> str | None:
    match = _CARD_CODE.search(url)
    return match.group(1) if match else None


class MarkdownParser:
    """NetrunnerDB's Markdown export: ``## Name``, ``* 3x [Title](…/card/CODE) _(Pack)_``."""

    format = "markdown"

    def parse(self, text: str, source: str) -> RawDeck:
        """Read the name header and every card line."""
        collector = LineCollector(source)
        name: str | None = None
        for number, raw in collector.lines_of(text):
            header = _MD_NAME.match(raw.strip())
            if header:
                if name is None and not is_skipped(header.group(1)):
                    name = header.group(1)
                continue
            code: str | None = None
            link = _MD_LINK.search(raw)
            if link:
                code = _code(link.group(2))
                raw = _MD_LINK.sub(lambda m: m.group(1), raw)
            read = read_line(_MD_PACK.sub(" ", raw))
            if read is not None:
                collector.add(number, read, code)
        return collector.deck(self.format, name)


class BBCodeParser:
    """NetrunnerDB's BBCode export: ``[b]Name[/b]``, ``3x [url=…/card/CODE]Title[/url]``."""

    format = "bbcode"

    def parse(self, text: str, source: str) -> RawDeck:
        """Read the bold name line and every card line."""
        collector = LineCollector(source)
        name: str | None = None
        for number, raw in collector.lines_of(text):
            bold = _BB_NAME.match(raw.strip())
            title = _BB_TAG.sub("", bold.group(1)).strip() if bold else ""
            if name is None and title and not is_skipped(title):
                name = title
                continue
            code: str | None = None
            link = _BB_URL.search(raw)
            if link:
                code = _code(link.group(1))
                raw = _BB_URL.sub(lambda m: m.group(2), raw)
            read = read_line(_BB_TAG.sub(" ", raw))
            if read is not None:
                collector.add(number, read, code)
        return collector.deck(self.format, name)
