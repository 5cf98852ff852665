"""Format files: the one reader of a format's TOML table, for house and community formats.

A file without ``[[periods]]`` is a house format (a built-in format or a card pool plus its
own lists; ``nrdeck.rules.house``). A file with ``[[periods]]`` is a community format with
its own dated pools and lists (``nrdeck.rules.community``, docs/community-formats.md). Both
are one shape (docs/format-file.schema.json); the app reads and parses the TOML, and this
module checks the parsed table against the card data. Every mistake is a usage error of one
line naming the file, the line and the key; nothing of a bad file is ever used.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import re
from collections.abc import Mapping
from typing import Any

import msgspec

from nrdeck.carddb import CardDB
from nrdeck.errors import UsageError
from nrdeck.rules.lookups import HouseRules
from nrdeck.ruletables import AgendaCap

# the keys of each table (the JSON Schema in docs/ lists the same: a test keeps them equal)
HOUSE_KEYS = frozenset(
    {"name", "base", "card_pool", "banlist", "banned", "restricted", "points", "point_limit"}
    | {"agenda_cap"}
)
RULE_KEYS = frozenset({"max_copies", "outside_pool", "exclude_sets", "banned_subtypes"})
ABOUT_KEYS = frozenset({"id", "source", "commit", "notes"})
DATED_KEYS = frozenset({"pools", "lists", "periods"})
TOP_KEYS = HOUSE_KEYS | RULE_KEYS | ABOUT_KEYS | DATED_KEYS
CAP_KEYS = ("min_points", "max_copies")
OUTSIDE_POOL = ("not-in-card-pool", "restricted")  # what a card from outside the pool is
MAX_NESTING = 32  # arrays and inline tables inside each other
# patterns compiled on first use (re caches them): a check without a format file pays nothing
_HEADER = r"^\s*\[\[?\s*([^\]]*?)\s*\]\]?\s*(#.*)?$"
_ID = r"^[a-z0-9][a-z0-9_]*$"
_HOUSE_TABLES = ("agenda_cap", "points")


class FormatSource(msgspec.Struct, frozen=True):
    """A format file as the app read it: where it is, its text, its parsed table."""

    path: str
    text: str
    table: Mapping[str, Any]

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


HouseSource = FormatSource  # the name house formats have always used


class HouseFormat(msgspec.Struct, frozen=True):
    """A checked house format: its rules, and what it builds on."""

    rules: HouseRules
    source: FormatSource
    base: str | None = None
    card_pool: str | None = None
    banlist: str | None = None


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


# -- values ------------------------------------------------------------------------------
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


def check_keys(source: FormatSource) -> Mapping[str, Any]:
    """The top-level table, its keys known."""
    unknown = sorted(set(source.table) - TOP_KEYS)
    if unknown:
        raise Field(source, unknown[0]).error(
            f"unknown key {unknown[0]!r}",
            hint=f"known keys: {', '.join(sorted(TOP_KEYS))}; see docs/community-formats.md",
        )
    return source.table


def card_ids(db: CardDB, field: Field, value: Any) -> frozenset[str]:
    """Card titles or ids, each known to the card data."""
    return frozenset(card_id(db, field, v) for v in texts(field, value))


def card_id(db: CardDB, field: Field, value: str) -> str:
    """A card title or id known to the card data (a usage error naming the line otherwise)."""
    card = db.card_by_id(value) or db.card_by_title(value)
    if card is None:
        raise field.unknown(
            "card", value, hint="use a card title as printed or a card id such as hedge_fund"
        )
    return card.id


def subtype_ids(db: CardDB, field: Field, value: Any) -> frozenset[str]:
    """Subtype ids or names (``current``, ``Current``), each one the card data has."""
    by_name = {s.name.casefold(): s.id for s in db.subtypes.values()}
    out = set()
    for given in texts(field, value):
        found = given if given in db.subtypes else by_name.get(given.casefold())
        if found is None:
            raise field.unknown("subtype", given, hint="use a subtype id such as current")
        out.add(found)
    return frozenset(out)


def set_ids(db: CardDB, field: Field, value: Any) -> frozenset[str]:
    """Set ids the card data has."""
    out = set()
    for given in texts(field, value):
        if given not in db.sets:
            raise field.unknown(
                "set id", given, hint="use NetrunnerDB set ids such as system_gateway, elevation"
            )
        out.add(given)
    return frozenset(out)


def format_id_of(source: FormatSource, doc: Mapping[str, Any], name: str) -> str:
    """The format's id: ``id`` (lower case, digits, underscores), else made from its name."""
    given = doc.get("id")
    if given is None:
        return "_".join(re.findall(r"\w+", name.casefold())) or "format"
    value = text(Field(source, "id"), given)
    if not re.match(_ID, value):
        raise Field(source, "id").wrong(
            f"{value!r} is not an id", hint="lower-case letters, digits and underscores"
        )
    return value


# -- the top-level rules, shared by house and community formats ----------------------------
def house_rules(db: CardDB, source: FormatSource, name: str) -> HouseRules:
    """What the file's top level adds in every period: lists, points, cap, copy limit…"""
    doc = source.table
    at = Field(source, "name")
    limit = doc.get("point_limit")
    return HouseRules(
        name=name,
        path=source.path,
        banned=card_ids(db, at.at("banned"), doc.get("banned", [])),
        restricted=card_ids(db, at.at("restricted"), doc.get("restricted", [])),
        points=_points(db, at.at("points"), doc.get("points", {})),
        point_limit=whole(at.at("point_limit"), limit) if limit is not None else None,
        agenda_cap=_agenda_cap(at.at("agenda_cap"), doc.get("agenda_cap")),
        banned_subtypes=subtype_ids(db, at.at("banned_subtypes"), doc.get("banned_subtypes", [])),
        max_copies=max_copies(at.at("max_copies"), doc.get("max_copies")),
        exclude_sets=set_ids(db, at.at("exclude_sets"), doc.get("exclude_sets", [])),
        outside_pool=outside_pool(at.at("outside_pool"), doc.get("outside_pool")),
    )


def max_copies(field: Field, value: Any) -> int | None:
    """A cap on every card's copies (1: singleton), or None."""
    return None if value is None else whole(field, value, least=1)


def outside_pool(field: Field, value: Any) -> bool:
    """True for ``outside_pool = "restricted"``; ``"not-in-card-pool"`` is the default."""
    if value is None:
        return False
    if value not in OUTSIDE_POOL:
        raise field.wrong(
            f"must be one of {', '.join(OUTSIDE_POOL)}", hint='e.g. outside_pool = "restricted"'
        )
    return bool(value == "restricted")


def _agenda_cap(field: Field, value: Any) -> AgendaCap | None:
    """``[agenda_cap] min_points = 3  max_copies = 4`` (both whole numbers)."""
    if value is None:
        return None
    if not isinstance(value, dict) or set(value) != set(CAP_KEYS):
        raise field.error(
            "[agenda_cap] needs exactly min_points and max_copies",
            hint="e.g. [agenda_cap] min_points = 3, max_copies = 4",
        )
    cap = Field(field.source, "", "agenda_cap")
    for key in CAP_KEYS:
        whole(cap.at(key), value[key])
    return AgendaCap(min_points=value["min_points"], max_copies=value["max_copies"])


def _points(db: CardDB, field: Field, value: Any) -> dict[str, int]:
    if not isinstance(value, dict):
        raise field.wrong("must be a table of card = number")
    out = {}
    for title, points in value.items():
        if not isinstance(points, int) or isinstance(points, bool) or points < 0:
            raise field.error(f"points for {title!r} must be a whole number ≥ 0", needle=title)
        out[card_id(db, field, title)] = points
    return out


def read_house(db: CardDB, source: FormatSource) -> HouseFormat:
    """A file without periods: a house format on a built-in format or a card pool."""
    doc = check_keys(source)
    name = format_name(source)
    for key in sorted(DATED_KEYS - {"periods"}):
        if key in doc:
            raise Field(source, key).error(
                f"{key}: pools and lists are used by [[periods]], and this file has none",
                hint="add [[periods]] (a community format) or remove it",
            )
    format_id_of(source, doc, name)
    for key in ("source", "commit", "notes"):
        if key in doc:
            text(Field(source, key), doc[key])
    return HouseFormat(
        rules=house_rules(db, source, name),
        source=source,
        base=_optional_id(source, doc, "base"),
        card_pool=_optional_id(source, doc, "card_pool"),
        banlist=_optional_id(source, doc, "banlist"),
    )


def format_name(source: FormatSource) -> str:
    """The file's ``name`` (a usage error without one)."""
    name = source.table.get("name")
    if not isinstance(name, str) or not name.strip():
        raise UsageError(f'{source.path}:1: name: the format file needs a name = "…"')
    return name.strip()


def _optional_id(source: FormatSource, doc: Mapping[str, Any], key: str) -> str | None:
    value = doc.get(key)
    if value is None:
        return None
    if not isinstance(value, str):
        raise Field(source, key).wrong("must be text (an id)")
    return value
