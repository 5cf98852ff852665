"""Plain text decklists, and the line reader every text-like format shares.

Accepted card lines: ``3x Title``, ``3 Title``, ``3× Title``, ``Title x3``, ``Title ×3``
(quantities 1–99). Set names in parentheses, influence dots, restricted marks, ``[...]``
suffixes, bullets and trailing ``#`` / ``//`` comments are ignored; blank lines, comment
lines, type headers (``Event (12)``) and NetrunnerDB footer lines are skipped. A line
without a quantity may be the identity (resolution decides); anything else unreadable
becomes a ``parse-error`` problem with its line number.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

import msgspec

from nrdeck.deck import RawDeck, RawLine
from nrdeck.problems import Location, Problem, Severity

MAX_QUANTITY = 99
_MARKS = str.maketrans(dict.fromkeys("•●○◦★☆♘✪", " "))  # influence dots, restricted marks
_BRACKETS = re.compile(r"\[[^\]]*\]")
_COMMENT = re.compile(r"\s(?:#|//).*$")
_BULLET = re.compile(r"^[*+\-]\s+")
_ID_LABEL = re.compile(r"^(?:identity|id)\s*:\s+", re.IGNORECASE)
_TYPES = (
    r"identity|agendas?|assets?|operations?|upgrades?|barriers?|code ?gates?|sentr(?:y|ies)"
    r"|ice|other|multi|mixed|events?|hardware|resources?|icebreakers?|programs?"
)
_HEADER = re.compile(rf"^(?:{_TYPES})\s*(?:\(\d+\))?\s*:?$", re.IGNORECASE)
_FOOTER = re.compile(
    r"^(?:\d+\s+influence spent|\d+\s+agenda points|\d+\s+cards\s*(?:\(.*\))?$"
    r"|cards up to\b|deck built on\b|warning:|influence spent\b|agenda points\b"
    r"|total cards\b)",
    re.IGNORECASE,
)
_NEGATIVE = re.compile(r"^[-−]\d+|[xX×]\s*[-−]\d+$")
_LEADING = (
    re.compile(r"^(\d+)\s*[xX×]\s+(.+)$"),
    re.compile(r"^(\d+)[xX×](\S.*)$"),
    re.compile(r"^(\d+)\s+(.+)$"),
)
_TRAILING = re.compile(r"^(.+?)(?:\s+[xX×]\s*|\s*×\s*)(\d+)$")


class LineRead(msgspec.Struct, frozen=True):
    """What one text line holds: a card (quantity None when absent), or an error."""

    quantity: int | None = None
    title: str = ""
    error: str | None = None


def clean(text: str) -> str:
    """Drop influence dots, ``[...]`` suffixes, trailing comments; fold white space."""
    text = text.replace("\t", " ").replace("\xa0", " ")
    text = _BRACKETS.sub(" ", text.translate(_MARKS))
    return " ".join(_COMMENT.sub("", " " + text).split())


def is_comment(text: str) -> bool:
    """Comment lines: ``#`` and ``//``."""
    return text.startswith(("#", "//"))


def is_skipped(text: str) -> bool:
    """Headers like ``Event (12)`` and NetrunnerDB's footer lines."""
    return bool(_HEADER.match(text) or _FOOTER.match(text))


def read_line(raw: str) -> LineRead | None:
    """Read one line: None for lines to skip, else a card or an error."""
    text = clean(raw)
    if not text or is_comment(text) or is_skipped(text):
        return None
    if _NEGATIVE.search(text):
        return LineRead(error=f"negative quantity in {text!r}: quantities are 1–{MAX_QUANTITY}")
    text = _ID_LABEL.sub("", _BULLET.sub("", text))
    if not any(ch.isalnum() for ch in text):
        return LineRead(error=f"no card name in {raw.strip()!r}")
    quantity, title = split_quantity(text)
    if not any(ch.isalnum() for ch in title):
        return LineRead(error=f"no card name after the quantity in {text!r}")
    if quantity is not None and not 1 <= quantity <= MAX_QUANTITY:
        return LineRead(
            error=f"quantity {quantity} of {title!r} is not between 1 and {MAX_QUANTITY}"
        )
    return LineRead(quantity=quantity, title=title)


def split_quantity(text: str) -> tuple[int | None, str]:
    """``3x Title`` / ``Title x3`` -> (3, 'Title'); no quantity -> (None, text)."""
    for pattern in _LEADING:
        match = pattern.match(text)
        if match:
            return int(match.group(1)), match.group(2).strip()
    match = _TRAILING.match(text)
    if match:
        return int(match.group(2)), match.group(1).strip()
    return None, text


def parse_problem(
    source: str, line: int | None, message: str, severity: Severity = Severity.ERROR
) -> Problem:
    """A ``parse-error`` (or warning) problem at a line of a source."""
    return Problem(
        code="parse-error",
        message=message,
        location=Location(source=source, line=line),
        severity=severity,
    )


class LineCollector:
    """Turns line reads into RawLines and parse-error problems, keeping line numbers."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.lines: list[RawLine] = []
        self.problems: list[Problem] = []

    def add(self, number: int, read: LineRead, code: str | None = None) -> None:
        """Record one line read (a card, or an error)."""
        if read.error is not None:
            self.problems.append(parse_problem(self.source, number, read.error))
            return
        bare = read.quantity is None
        self.lines.append(
            RawLine(
                quantity=1 if bare else int(read.quantity or 0),
                line=number,
                title=None if code else read.title,
                code=code,
                maybe_identity=bare,
            )
        )

    def error(self, number: int | None, message: str) -> None:
        """Record a parse error."""
        self.problems.append(parse_problem(self.source, number, message))

    def deck(self, fmt: str, name: str | None = None) -> RawDeck:
        """The collected raw deck."""
        return RawDeck(
            source=self.source,
            format=fmt,
            lines=tuple(self.lines),
            name=name,
            problems=tuple(self.problems),
        )


def numbered(text: str) -> Iterable[tuple[int, str]]:
    """Lines with 1-based numbers (CRLF, CR and LF line ends)."""
    return enumerate(text.splitlines(), start=1)


def read_rows(text: str) -> list[tuple[int, str, LineRead]]:
    """Every line that holds something (a card or an error), with its number and text."""
    rows = []
    for number, raw in numbered(text):
        read = read_line(raw)
        if read is not None:
            rows.append((number, raw.strip(), read))
    return rows


def take_name_line(
    rows: list[tuple[int, str, LineRead]], *, strict: bool = True
) -> tuple[str | None, list[tuple[int, str, LineRead]]]:
    """Two leading quantity-less lines (name, identity): the first is the deck name.

    ``strict=False`` (NetrunnerDB's export, whose first line is always the name) takes the
    first line as the name whatever it holds, when the second is quantity-less.
    """
    if len(rows) >= 2 and _bare(rows[1][2]) and (not strict or _bare(rows[0][2])):
        return rows[0][1], rows[1:]
    return None, rows


def _bare(read: LineRead) -> bool:
    return read.error is None and read.quantity is None


class PlainTextParser:
    """``3x Title`` lists, however they were typed or pasted."""

    format = "text"
    strict_name = True

    def parse(self, text: str, source: str) -> RawDeck:
        """Read every line; a leading name line is kept as the deck name."""
        name, rows = take_name_line(read_rows(text), strict=self.strict_name)
        collector = LineCollector(source)
        for number, _, read in rows:
            collector.add(number, read)
        return collector.deck(self.format, name)
