"""nrdeck's own limit on how deeply untrusted JSON nests (decks, rosters, answers).

Python's JSON readers (``json`` and msgspec alike) give up at a depth that depends on the
interpreter: a document nested 1,000 deep is "too deep" on Python 3.10 and 3.11 and read on
3.12 and later. So every untrusted document is measured first, against one limit of nrdeck's,
the same on every Python: ``JsonTooDeep`` (a ``RecursionError``, so that what already handles
the interpreter's refusal handles nrdeck's) names where it first nests too deep.
"""

from __future__ import annotations

import re

MAX_JSON_DEPTH = 64  # NetrunnerDB's, Cobra's and the rosters' documents are a few levels deep
# a string (closed or not) or a bracket: enough to follow nesting without misreading text
_TOKEN = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?|[\[\]{}]', re.DOTALL)
_TOKEN_BYTES = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"?|[\[\]{}]', re.DOTALL)


class JsonTooDeep(RecursionError):
    """A JSON document nested deeper than ``MAX_JSON_DEPTH``; ``position``: where."""

    def __init__(self, position: int) -> None:
        super().__init__(f"JSON nested deeper than {MAX_JSON_DEPTH} levels")
        self.position = position


def depth_passed(text: str | bytes, limit: int = MAX_JSON_DEPTH) -> int | None:
    """Where nesting first goes deeper than ``limit`` (a position in ``text``), or None."""
    if isinstance(text, str):
        opened = text.count("[") + text.count("{")
        tokens = _TOKEN.finditer(text)
        opening, closing = ("[", "{"), ("]", "}")
    else:
        opened = text.count(b"[") + text.count(b"{")
        tokens = _TOKEN_BYTES.finditer(text)  # type: ignore[assignment]
        opening, closing = (b"[", b"{"), (b"]", b"}")  # type: ignore[assignment]
    if opened <= limit:  # cannot nest deeper than it opens
        return None
    depth = 0
    for token in tokens:
        bracket = token.group()
        if bracket in opening:
            depth += 1
            if depth > limit:
                return token.start()
        elif bracket in closing:
            depth -= 1
    return None


def require_shallow(text: str | bytes) -> None:
    """``JsonTooDeep`` when the document nests deeper than nrdeck reads."""
    position = depth_passed(text)
    if position is not None:
        raise JsonTooDeep(position)
