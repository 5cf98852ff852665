"""Which decklist format a text is in, from its content (and its file extension)."""

from __future__ import annotations

import re

from nrdeck.catalog import fold_case

_EXTENSIONS = {".o8d": "o8d", ".json": "json", ".md": "markdown"}
# Formats told by content, in order: (format, pattern, words, flags). Each pattern runs (and
# is compiled, then cached by ``re``) only when the text holds one of its words (case-folded
# for a case-insensitive pattern), so telling a plain decklist apart compiles none of them.
# [^\S\n] (white space but not a line end) keeps each search from rescanning blank lines.
_MARKERS: tuple[tuple[str, str, tuple[str, ...], int], ...] = (
    ("jinteki", r"^[^\S\n]*;;", (";;",), re.MULTILINE),
    ("bbcode", r"\[url=|\[b\]|\[/b\]", ("[url=", "[b]", "[/b]"), re.IGNORECASE),
    ("markdown", r"\[[^\[\]\n]+\]\([^()\n]+\)", ("](",), 0),
    (
        "nrdb-text",
        r"^[^\S\n]*(?:\d+ influence spent|\d+ cards \(min|cards up to |deck built on )",
        ("influence spent", "cards (min", "cards up to ", "deck built on "),
        re.IGNORECASE | re.MULTILINE,
    ),
)


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
    folded = fold_case(text)
    for fmt, pattern, words, flags in _MARKERS:
        haystack = folded if flags & re.IGNORECASE else text
        if any(w in haystack for w in words) and re.search(pattern, text, flags):
            return fmt
    return "text"


def _looks_like_json_array(text: str) -> bool:
    # "[" starts JSON, but also bracketed notes in text; JSON arrays open with [ then {, [ or ]
    return bool(re.match(r"\s*\[\s*[\[{\]]", text.lstrip("\ufeff")))
