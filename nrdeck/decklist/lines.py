"""The line machinery every text-like decklist reader shares: one line read, collected.

Accepted card lines: ``3x Title``, ``3 Title``, ``3× Title``, ``Title x3``, ``Title ×3``
(quantities 1–99), full-width forms too (``３ｘ Title``: a line is read in Unicode NFKC).
Set names in parentheses, influence dots, restricted marks, ``[...]`` suffixes, bullets
and trailing ``#`` / ``//`` comments are ignored; blank lines, comment lines, type headers
(``Event (12)``; in other languages, resolution skips them) and NetrunnerDB footer lines
are skipped. A line
without a quantity may be the identity (resolution decides); anything else unreadable
becomes a ``parse-error`` problem with its line number.

Every pattern here runs in time linear in the line, so a hostile line costs no more than
a long one: a ``[...]`` group cannot hold a ``[`` (an unclosed one is not rescanned from
every later ``[``), optional groups take their own white space, and the quantity patterns
run on cleaned lines, whose white space is folded to single spaces. A deck is read up to
``MAX_LINES`` lines.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import TypeVar

import msgspec

from nrdeck.catalog import compatible, fold_case
from nrdeck.deck import RawDeck, RawLine
from nrdeck.problems import Location, Problem, Severity
from nrdeck.quoting import excerpt

MAX_QUANTITY = 99
MAX_LINES = 10_000  # lines (or card entries) read from one decklist: no deck comes near
T = TypeVar("T")
_MARKS = str.maketrans(dict.fromkeys("•●○◦★☆♘✪", " "))  # influence dots, restricted marks
# Patterns are compiled (and cached by ``re``) on first use. The ones most lines never need
# run only when the line holds what they look for, so most decks compile few of them.
_BRACKETS = r"\[[^\[\]]*\]"
_COMMENT = r"\s(?:#|//).*$"
_BULLET = r"^[*+\-]\s+"
_ID_LABEL = r"^(?:identity|id)\s*:\s+"  # case-insensitive
_I_LETTERS = "iIıİ"  # what a case-insensitive "i" matches
# The type headers decklists group cards under ("Event (12)"), as case-folded names
_TYPE_HEADERS = frozenset(
    f"{name}{plural}"
    for name in (
        "agenda", "asset", "operation", "upgrade", "barrier", "code gate", "codegate", "event",
        "resource", "icebreaker", "program",
    )
    for plural in ("", "s")
) | {"identity", "sentry", "sentries", "ice", "other", "multi", "mixed", "hardware"}  # fmt: skip
_FOOTER = (  # case-insensitive
    r"^(?:\d+\s+influence spent|\d+\s+agenda points|\d+\s+cards\s*(?:\(.*\))?$"
    r"|cards up to\b|deck built on\b|warning:|influence spent\b|agenda points\b"
    r"|total cards\b)"
)
# One of these is in every footer (case-folded)
_FOOTER_WORDS = ("influence spent", "agenda points", "cards", "deck built on", "warning:")
_NEGATIVE = r"^[-−]\d+|[xX×]\s*[-−]\d+$"
REMEMBERED_LINE = 200  # characters: a longer line's read is not remembered
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
    """Drop influence dots, ``[...]`` suffixes, trailing comments; fold white space and
    compatibility forms (full-width digits, parentheses, the ideographic space)."""
    text = compatible(text).replace("\t", " ").replace("\xa0", " ")
    text = text.translate(_MARKS)
    if "[" in text:
        text = re.sub(_BRACKETS, " ", text)
    if "#" in text or "//" in text:
        text = re.sub(_COMMENT, "", " " + text)
    return " ".join(text.split())


def is_comment(text: str) -> bool:
    """Comment lines: ``#`` and ``//``."""
    return text.startswith(("#", "//"))


def is_skipped(text: str) -> bool:
    """Headers like ``Event (12)`` and NetrunnerDB's footer lines."""
    folded = fold_case(text)
    return _is_type_header(folded) or _is_footer(text, folded)


def _is_footer(text: str, folded: str) -> bool:
    """NetrunnerDB's footer lines: ``49 cards (min 45)``, ``Deck built on …``."""
    return any(w in folded for w in _FOOTER_WORDS) and bool(re.match(_FOOTER, text, re.I))


def _is_type_header(folded: str) -> bool:
    """A card type, maybe counted, maybe with a colon: ``Events``, ``Code Gate (3):``."""
    name = folded.removesuffix(":").rstrip()
    if name.endswith(")"):
        name, _, count = name[:-1].rpartition("(")
        if not count.isdecimal():
            return False
        name = name.rstrip()
    return name in _TYPE_HEADERS


def read_line(raw: str) -> LineRead | None:
    """Read one line: None for lines to skip, else a card or an error.

    The reads of short lines are remembered (the last 4,096, in an ``lru_cache``): the decks
    of a folder or an event write the same lines again ('3 Hedge Fund'); a long line is read
    each time, so a run of hostile input holds at most 4,096 lines of ``REMEMBERED_LINE``
    characters.
    """
    if len(raw) > REMEMBERED_LINE:
        return _read_line(raw)
    return _read_short_line(raw)


@lru_cache(maxsize=4096)
def _read_short_line(raw: str) -> LineRead | None:
    return _read_line(raw)


def _read_line(raw: str) -> LineRead | None:
    text = clean(raw)
    if not text or is_comment(text) or is_skipped(text):
        return None
    if ("-" in text or "−" in text) and re.search(_NEGATIVE, text):
        return LineRead(
            error=f"negative quantity in {excerpt(text)}: quantities are 1–{MAX_QUANTITY}"
        )
    if text[:1] in "*+-":
        text = re.sub(_BULLET, "", text)
    if text[:1] in _I_LETTERS:
        text = re.sub(_ID_LABEL, "", text, flags=re.I)
    if not any(ch.isalnum() for ch in text):
        return LineRead(error=f"no card name in {excerpt(raw.strip())}")
    digits, title = split_quantity(text)
    if not any(ch.isalnum() for ch in title):
        return LineRead(error=f"no card name after the quantity in {excerpt(text)}")
    if digits is None:
        return LineRead(title=title)
    quantity = quantity_value(digits)
    if quantity is None or not 1 <= quantity <= MAX_QUANTITY:
        shown = digits if len(digits) <= 12 else f"{digits[:12]}… ({len(digits):,} digits)"
        return LineRead(
            error=f"quantity {shown} of {excerpt(title)} is not between 1 and {MAX_QUANTITY}"
        )
    return LineRead(quantity=quantity, title=title)


def quantity_value(digits: str) -> int | None:
    """The number ``digits`` write; None when it is too long to be any quantity."""
    significant = digits.lstrip("0") or "0"
    return int(significant) if len(significant) <= 9 else None


def split_quantity(text: str) -> tuple[str | None, str]:
    """``3x Title`` / ``Title x3`` -> ('3', 'Title'); no quantity -> (None, text).

    ``text`` is a cleaned line (see ``clean``): on runs of white space the trailing-quantity
    pattern would back-track.
    """
    for pattern in _LEADING:
        match = pattern.match(text)
        if match:
            return match.group(1), match.group(2).strip()
    match = _TRAILING.match(text)
    if match:
        return match.group(2), match.group(1).strip()
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

    def capped(self, items: Sequence[T], what: str, line: int | None = None) -> Sequence[T]:
        """The first ``MAX_LINES`` items; when there are more, a parse-error says so."""
        if len(items) > MAX_LINES:
            self.error(
                line,
                f"{self.source} has {len(items):,} {what}, more than any decklist (at most "
                f"{MAX_LINES:,}): those after the first {MAX_LINES:,} were not read",
            )
        return items[:MAX_LINES]

    def lines_of(self, text: str) -> Iterable[tuple[int, str]]:
        """The first ``MAX_LINES`` lines, numbered from 1 (CRLF, CR and LF line ends)."""
        return enumerate(self.capped(text.splitlines(), "lines", MAX_LINES + 1), start=1)

    def deck(self, fmt: str, name: str | None = None) -> RawDeck:
        """The collected raw deck."""
        return RawDeck(
            source=self.source,
            format=fmt,
            lines=tuple(self.lines),
            name=name,
            problems=tuple(self.problems),
        )


class LineFinder:
    """Line numbers of a document's successive items (JSON keys, XML ids), searched onward.

    Each search starts where the last one was found, and after ``MAX_MISSES`` items not
    found the rest get no line: numbering a whole document stays linear in its length.
    """

    MAX_MISSES = 8

    def __init__(self, text: str) -> None:
        self.text = text
        self.at = 0
        self.line = 1
        self.misses = 0

    def line_of(self, needle: str) -> int | None:
        """The line of ``needle``'s next occurrence; None when not found."""
        if self.misses >= self.MAX_MISSES or not needle:
            return None
        found = self.text.find(needle, self.at)
        if found < 0:
            self.misses += 1
            return None
        self.line += self.text.count("\n", self.at, found)
        line = self.line
        self.at = found + len(needle)  # the next item is further on, even with the same text
        self.line += needle.count("\n")
        return line


def read_rows(lines: Iterable[tuple[int, str]]) -> list[tuple[int, str, LineRead]]:
    """Every numbered line that holds something (a card or an error), with its text."""
    rows = []
    for number, raw in lines:
        read = read_line(raw)
        if read is not None:
            rows.append((number, raw.strip(), read))
    return rows


def take_name_line(
    rows: list[tuple[int, str, LineRead]], *, strict: bool = True
) -> tuple[str | None, list[tuple[int, str, LineRead]]]:
    """Two leading quantity-less lines (name, identity): the first is the deck name.

    ``strict=False`` (NetrunnerDB's export, whose first line is always the name) takes the
    first line as the name whatever it holds, when the second is quantity-less. A counted
    line (``Ereignis (14)``: a section header in a language this reader does not know) is
    neither a name nor the identity, and is passed over.
    """
    if len(rows) < 2 or (strict and (not _bare(rows[0][2]) or _counted(rows[0][2]))):
        return None, rows
    second = next((row for row in rows[1:] if not _counted(row[2])), None)
    if second is not None and _bare(second[2]):
        return rows[0][1], rows[1:]
    return None, rows


def _bare(read: LineRead) -> bool:
    return read.error is None and read.quantity is None


def _counted(read: LineRead) -> bool:
    """A quantity-less line that ends with a count in parentheses: 'Ereignis (14)'."""
    text = read.title.rstrip().removesuffix(":").rstrip()
    return _bare(read) and text.endswith(")") and text[:-1].rpartition("(")[2].strip().isdecimal()
