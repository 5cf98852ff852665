"""Format files: the keys of every format file, the rules its top level sets, a house format.

A file without ``[[periods]]`` is a house format (a built-in format or a card pool plus its
own lists; read here, selected by ``house``). A file with ``[[periods]]`` is a community
format with its own dated pools and lists (read by ``community_file``, whose
``read_format_file`` is the one entry for both). Both are one shape
(docs/format-file.schema.json); the app reads and parses the TOML, and the rules check the
parsed table against the card data. Every mistake is a usage error of one line naming the
file, the line and the key; nothing of a bad file is ever used.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import msgspec

from nrdeck.catalog import CardDB
from nrdeck.catalog.ruletables import AgendaCap
from nrdeck.errors import UsageError
from nrdeck.rules.calendar import HouseRules
from nrdeck.rules.formatfiles.source import Field, FormatSource, text, texts, whole

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
# patterns compiled on first use (re caches them): a check without a format file pays nothing
_ID = r"^[a-z0-9][a-z0-9_]*$"


class HouseFormat(msgspec.Struct, frozen=True):
    """A checked house format: its rules, and what it builds on."""

    rules: HouseRules
    source: FormatSource
    base: str | None = None
    card_pool: str | None = None
    banlist: str | None = None


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
                "set id",
                given,
                hint="a NetrunnerDB set id such as system_gateway; card data older than the set "
                "does not have it: run 'nrdeck data update'",
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
