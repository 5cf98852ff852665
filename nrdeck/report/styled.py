"""Styled text without Rich: spans of (text, style), plain or rendered lazily with Rich.

Reporters build ``Styled`` values so that writing plain text (pipes, files, pre-commit)
never imports Rich; only a colour terminal pays for it. Every span is made safe on the way
in (``safe.one_line``: control and bidi characters shown escaped), and Rich gets ``Text``
objects, never markup: nothing a decklist holds can reach the terminal raw.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import msgspec
from msgspec import field

from nrdeck.report.safe import one_line

if TYPE_CHECKING:
    from rich.text import Text

Span = tuple[str, str]  # (text, Rich style; "" for none)


class Styled(msgspec.Struct):
    """Lines of styled spans; ``plain()`` for text, ``to_rich()`` for a colour console."""

    lines: list[tuple[Span, ...]] = field(default_factory=list)

    def line(self, *spans: Span | str) -> None:
        """Append one line made of spans (a bare string is unstyled), each made safe."""
        self.lines.append(
            tuple(
                (one_line(s), "") if isinstance(s, str) else (one_line(s[0]), s[1]) for s in spans
            )
        )

    def extend(self, other: Styled) -> None:
        """Append every line of another block."""
        self.lines.extend(other.lines)

    def plain(self) -> str:
        """The text without styles, one newline after each line."""
        return "".join("".join(text for text, _ in spans) + "\n" for spans in self.lines)

    def to_rich(self) -> Text:
        """The same text as a Rich ``Text`` (imports Rich)."""
        from rich.text import Text

        out = Text()
        for spans in self.lines:
            for text, style in spans:
                out.append(text, style=style or None)
            out.append("\n")
        out.rstrip()
        return out


def join(parts: Iterable[str], sep: str = " · ") -> str:
    """Join the non-empty parts."""
    return sep.join(p for p in parts if p)
