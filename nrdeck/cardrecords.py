"""The card database's records: cards, printings, sets, formats, restrictions.

Frozen ``msgspec`` structs (defining one costs a fraction of a dataclass, which keeps start-up
fast), and the builders that make them from a trusted facts document without re-validation.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping
from typing import Any

import msgspec
from msgspec import field

IDENTITY_TYPES = frozenset({"corp_identity", "runner_identity"})
Cost = int | str | None  # an int, "X", or None (no cost)


def _date(value: str | None) -> dt.date | None:
    return dt.date.fromisoformat(value) if value else None


class Card(msgspec.Struct, frozen=True):
    """An abstract card (all its printings share these facts)."""

    id: str
    title: str
    stripped_title: str
    side: str
    faction: str
    type: str
    subtypes: tuple[str, ...] = ()
    cost: Cost = None
    influence_cost: int | None = None
    deck_limit: int = 3
    agenda_points: int | None = None
    advancement_requirement: Cost = None
    minimum_deck_size: int | None = None
    influence_limit: int | None = None
    base_link: int | None = None
    is_unique: bool = False
    layout: str = "normal"
    face_titles: tuple[str, ...] = ()

    @property
    def is_identity(self) -> bool:
        """True for Corp and Runner identities."""
        return self.type in IDENTITY_TYPES

    def has_subtype(self, subtype: str) -> bool:
        """True when the card carries the subtype id (e.g. 'current', 'alliance')."""
        return subtype in self.subtypes


class Printing(msgspec.Struct, frozen=True):
    """One card in one set, keyed by its 5-digit code (a string: leading zeros matter)."""

    code: str
    card_id: str
    set_id: str
    position: int
    quantity: int


class CardSet(msgspec.Struct, frozen=True):
    """A pack, deluxe, core set or booster."""

    id: str
    name: str
    cycle_id: str
    type: str | None
    date_release: dt.date | None
    legacy_code: str | None = None
    position: int | None = None
    size: int | None = None


class Cycle(msgspec.Struct, frozen=True):
    """A card cycle (a group of sets)."""

    id: str
    name: str
    legacy_code: str | None = None
    position: int | None = None


class Faction(msgspec.Struct, frozen=True):
    """A faction of one side."""

    id: str
    name: str
    side: str
    is_mini: bool = False


class Named(msgspec.Struct, frozen=True):
    """A card type or subtype: an id and a display name (types carry a side)."""

    id: str
    name: str
    side: str | None = None


class FormatSnapshot(msgspec.Struct, frozen=True):
    """A dated snapshot of a format: a card pool and optionally a restriction."""

    id: str
    format_id: str
    card_pool_id: str
    restriction_id: str | None
    date_start: dt.date
    active: bool = False


class Format(msgspec.Struct, frozen=True):
    """A format and its snapshots, in the data's order."""

    id: str
    name: str
    snapshots: tuple[FormatSnapshot, ...]

    @property
    def active_snapshot(self) -> FormatSnapshot | None:
        """The snapshot the data marks active."""
        return next((s for s in self.snapshots if s.active), None)


class CardPool(msgspec.Struct, frozen=True):
    """The sets (and cycles, and explicit cards) a format's snapshot allows."""

    id: str
    name: str
    format_id: str
    card_cycle_ids: tuple[str, ...] = ()
    card_set_ids: tuple[str, ...] = ()
    cards: tuple[str, ...] = ()


class Restriction(msgspec.Struct, frozen=True):
    """A ban list / MWL with every mechanic the data has used."""

    id: str
    name: str
    format_id: str
    date_start: dt.date
    banned: frozenset[str] = frozenset()
    restricted: frozenset[str] = frozenset()
    universal_faction_cost: Mapping[str, int] = field(default_factory=dict)
    global_penalty: Mapping[str, int] = field(default_factory=dict)
    points: Mapping[str, int] = field(default_factory=dict)
    point_limit: int | None = None
    banned_subtypes: frozenset[str] = frozenset()


class DataInfo(msgspec.Struct, frozen=True):
    """Where card data came from: named in every report."""

    kind: str  # "bundled", "cache", "file"
    source: str  # "netrunner-cards-json", "NetrunnerDB v3 API", ...
    dataset_date: str | None = None
    fetched_at: str | None = None
    url: str | None = None
    path: str | None = None
    warnings: tuple[str, ...] = ()  # fallbacks taken while loading (printed to stderr)

    def describe(self) -> str:
        """A short phrase: 'bundled snapshot of 2025-09-17', 'NetrunnerDB, fetched …'."""
        if self.kind == "bundled":
            return f"bundled snapshot of {self.dataset_date or 'unknown date'}"
        if self.kind == "cache" and self.fetched_at:
            return f"{self.source}, fetched {self.fetched_at[:10]} (cache)"
        if self.kind == "file":
            return f"pinned file {self.path} ({self.source} of {self.dataset_date or '?'})"
        return f"{self.source} of {self.dataset_date or 'unknown date'} ({self.kind})"


CARD_KEYS = (
    frozenset(f for f in Card.__struct_fields__),
    frozenset(("id", "title", "stripped_title", "side", "faction", "type")),
)
PRINTING_KEYS = (
    frozenset(Printing.__struct_fields__),
    frozenset(Printing.__struct_fields__),
)


def check_keys(
    records: Iterable[Mapping[str, Any]], keys: tuple[frozenset[str], frozenset[str]], what: str
) -> None:
    """Every record has the required keys and no unknown one (ValueError otherwise)."""
    allowed, required = keys
    for record in records:
        present = record.keys()
        if not (required <= present <= allowed):
            extra = sorted(present - allowed) or sorted(required - present)
            raise ValueError(f"{what} {record.get('id') or record.get('code')}: bad keys {extra}")


def card_from_raw(d: Mapping[str, Any]) -> Card:
    return Card(
        **{
            **d,
            "subtypes": tuple(d.get("subtypes", ())),
            "face_titles": tuple(d.get("face_titles", ())),
        }
    )


def printing_from_raw(d: Mapping[str, Any]) -> Printing:
    return Printing(**d)


def set_from_raw(d: Mapping[str, Any]) -> CardSet:
    return CardSet(**{**d, "date_release": _date(d.get("date_release"))})


def format_from_raw(d: Mapping[str, Any]) -> Format:
    snaps = tuple(
        FormatSnapshot(
            id=s["id"],
            format_id=d["id"],
            card_pool_id=s["card_pool_id"],
            restriction_id=s.get("restriction_id"),
            date_start=dt.date.fromisoformat(s["date_start"]),
            active=bool(s.get("active", False)),
        )
        for s in d["snapshots"]
    )
    return Format(id=d["id"], name=d["name"], snapshots=snaps)


def pool_from_raw(d: Mapping[str, Any]) -> CardPool:
    return CardPool(
        id=d["id"],
        name=d["name"],
        format_id=d["format_id"],
        card_cycle_ids=tuple(d.get("card_cycle_ids", ())),
        card_set_ids=tuple(d.get("card_set_ids", ())),
        cards=tuple(d.get("cards", ())),
    )


def restriction_from_raw(d: Mapping[str, Any]) -> Restriction:
    return Restriction(
        id=d["id"],
        name=d["name"],
        format_id=d["format_id"],
        date_start=dt.date.fromisoformat(d["date_start"]),
        banned=frozenset(d.get("banned", ())),
        restricted=frozenset(d.get("restricted", ())),
        universal_faction_cost=dict(d.get("universal_faction_cost", {})),
        global_penalty=dict(d.get("global_penalty", {})),
        points=dict(d.get("points", {})),
        point_limit=d.get("point_limit"),
        banned_subtypes=frozenset(d.get("banned_subtypes", ())),
    )
