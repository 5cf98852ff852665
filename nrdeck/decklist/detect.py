"""Which decklist format a text is in, from its content (and its file extension)."""

from __future__ import annotations

import re

_EXTENSIONS = {".o8d": "o8d", ".json": "json", ".md": "markdown"}
# [^\S\n] (white space but not a line end) keeps each search from rescanning blank lines
_NRDB_FOOTER = re.compile(
    r"^[^\S\n]*(?:\d+ influence spent|\d+ cards \(min|cards up to |deck built on )",
    re.IGNORECASE | re.MULTILINE,
)
_MARKDOWN = re.compile(r"\[[^\[\]\n]+\]\([^()\n]+\)")
_BBCODE = re.compile(r"\[url=|\[b\]|\[/b\]", re.IGNORECASE)
_JINTEKI = re.compile(r"^[^\S\n]*;;", re.MULTILINE)


def detect_format(text: str, source: str | None = None) -> str:
    """A key of ``PARSER_BY_FORMAT``: by extension, then by content; plain text otherwise."""
    name = (source or "").lower()
    for ext, fmt in _EXTENSIONS.items():
        if name.endswith(ext):
            return fmt
    head = text.lstrip("\ufeff \t\r\n")[:1]
    if head == "<":
        return "o8d"
    if head == "{" or (head == "[" and _looks_like_json_array(text)):
        return "json"
    if _JINTEKI.search(text):
        return "jinteki"
    if _BBCODE.search(text):
        return "bbcode"
    if _MARKDOWN.search(text):
        return "markdown"
    if _NRDB_FOOTER.search(text):
        return "nrdb-text"
    return "text"


def _looks_like_json_array(text: str) -> bool:
    # "[" starts JSON, but also bracketed notes in text; JSON arrays open with [ then {, [ or ]
    return bool(re.match(r"\s*\[\s*[\[{\]]", text.lstrip("\ufeff")))
