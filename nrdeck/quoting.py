"""Quoting untrusted text in a message: escaped, and cut short when long."""

from __future__ import annotations

EXCERPT_LENGTH = 80


def shorten(text: str, limit: int = EXCERPT_LENGTH) -> str:
    """``text`` cut to ``limit`` characters when longer, saying how long it was."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}… ({len(text):,} characters)"


def excerpt(text: str, limit: int = EXCERPT_LENGTH) -> str:
    """``text`` quoted for a message (``repr``: control characters escaped), shortened."""
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}… ({len(text):,} characters)"
