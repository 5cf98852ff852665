"""Where a format file says what: its text, the line of a key or value, and the values read.

TOML keeps no positions, so a value's line is found in the text, inside its table
(``[lists.x]``, the nth ``[[periods]]``). Every reader here raises a usage error of one line
naming the file, the line and the key (``Field``).
"""

from __future__ import annotations

import contextlib
import datetime as dt
import re
from collections.abc import Mapping
from typing import Any

import msgspec

from nrdeck.errors import UsageError

# compiled on first use (re caches it): a check without a format file pays nothing
_HEADER = r"^\s*\[\[?\s*([^\]]*?)\s*\]\]?\s*(#.*)?$"
_HOUSE_TABLES = ("agenda_cap", "points")  # a house format's own tables: keys named bare


class FormatSource(msgspec.Struct, frozen=True):
    """A format file as the app read it: where it is, its text, its parsed table; ``shipped``:
    one of the community formats nrdeck ships (``data/formats/``), not a user's file."""

    path: str
    text: str
    table: Mapping[str, Any]
    shipped: bool = False

    @property
    def format_id(self) -> str | None:
        """The id the file gives its format (``id = "core"``), if it gives one."""
        found = self.table.get("id")
        return found if isinstance(found, str) else None

    def where(self, needle: str, section: str | None = None, nth: int = 0) -> str:
        """'file:line' of the line giving ``needle`` (a key or a value) in a table.

        TOML keeps no positions: the line is found in the text, inside ``section`` (the
        ``nth`` table with that header, ``lists.x`` or ``periods``) when there is one.
        """
        line = self.line_of(needle, section, nth)
        return f"{self.path}:{line}" if line else self.path

    def line_of(self, needle: str, section: str | None = None, nth: int = 0) -> int | None:
        """The 1-based line (None: not found), searched as ``where`` says."""
        lines = self.text.splitlines()
        start, end = _section(lines, section, nth) if section else (0, len(lines))
        quoted = (f'"{needle}"', f"'{needle}'")
        for test in (
            lambda t: any(q in t for q in quoted),
            lambda t: t.lstrip().startswith(needle),
            lambda t: needle in t,
        ):
            found = next((n for n in range(start, end) if test(lines[n])), None)
            if found is not None:
                return found + 1
        return None if section is None else self.line_of(needle)


def _section(lines: list[str], section: str, nth: int) -> tuple[int, int]:
    """The lines of the ``nth`` table headed ``[section]`` or ``[[section]]`` (whole file if
    there is none: the table may be written with dotted keys)."""
    wanted = section.replace('"', "").replace("'", "").replace(" ", "")
    seen = -1
    for number, text in enumerate(lines):
        found = re.match(_HEADER, text)
        if found and found.group(1).replace('"', "").replace("'", "").replace(" ", "") == wanted:
            seen += 1
            if seen == nth:
                after = (n for n in range(number + 1, len(lines)) if re.match(_HEADER, lines[n]))
                return number, next(after, len(lines))
    return 0, len(lines)


class Field(msgspec.Struct, frozen=True):
    """Where a value of the file is: its table (for the line) and its key (for the message)."""

    source: FormatSource
    key: str
    section: str | None = None
    nth: int = 0

    @property
    def label(self) -> str:
        """'lists.astro_ban_list_26_02.banned', 'periods[2].from', 'max_copies' (the keys of
        a house format's own tables, [agenda_cap] and [points], bare as they have always been)."""
        if self.section is None or self.section in _HOUSE_TABLES:
            return self.key
        table = f"{self.section}[{self.nth + 1}]" if self.section == "periods" else self.section
        return f"{table}.{self.key}"

    def error(self, message: str, needle: str | None = None, hint: str | None = None) -> UsageError:
        """'FILE:LINE: message' (the line of ``needle``, else of the key); the message names
        the key (``label``)."""
        where = self.source.where(needle or self.key, self.section, self.nth)
        return UsageError(f"{where}: {message}", hint=hint)

    def wrong(self, what: str, hint: str | None = None) -> UsageError:
        """'FILE:LINE: periods[2].from must be a date'."""
        return self.error(f"{self.label} {what}", hint=hint)

    def unknown(self, what: str, value: str, hint: str | None = None) -> UsageError:
        """ "FILE:LINE: unknown card 'Hedge Fnud' in lists.x.banned" (the line of the value)."""
        return self.error(f"unknown {what} {value!r} in {self.label}", needle=value, hint=hint)

    def at(self, key: str) -> Field:
        """Another key of the same table."""
        return msgspec.structs.replace(self, key=key)


def text(field: Field, value: Any) -> str:
    """A non-empty string."""
    if not isinstance(value, str) or not value.strip():
        raise field.wrong("must be text", hint=f'e.g. {field.key} = "…"')
    return value.strip()


def whole(field: Field, value: Any, least: int = 0) -> int:
    """A whole number ≥ ``least``."""
    if not isinstance(value, int) or isinstance(value, bool) or value < least:
        raise field.wrong(f"must be a whole number ≥ {least}")
    return value


def texts(field: Field, value: Any) -> list[str]:
    """A list of strings."""
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise field.wrong("must be a list of text", hint=f'e.g. {field.key} = ["…"]')
    return value


def date(field: Field, value: Any) -> dt.date:
    """A TOML date (2026-02-18), or text holding one."""
    if isinstance(value, str):
        with contextlib.suppress(ValueError):
            value = dt.date.fromisoformat(value)
    if not isinstance(value, dt.date) or isinstance(value, dt.datetime):
        raise field.wrong("must be a date", hint=f"e.g. {field.key} = 2026-02-18")
    return value


def table(field: Field, value: Any, keys: frozenset[str]) -> Mapping[str, Any]:
    """A table whose keys are all known (the first unknown one is named)."""
    if not isinstance(value, dict):
        raise field.wrong("must be a table")
    unknown = sorted(set(value) - keys)
    if unknown:
        where = Field(field.source, unknown[0], field.section, field.nth)
        label = f" in {field.section}" if field.section else ""
        raise where.error(
            f"unknown key {unknown[0]!r}{label}",
            hint=f"known keys there: {', '.join(sorted(keys))}; see docs/community-formats.md",
        )
    return value
