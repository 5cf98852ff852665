"""The in-memory card database and its indexes, built from a facts-only card document.

The document (see ``nrdeck.model.CardDocument``) is validated once where it enters (``data
build``, ``data import``, ``data update``); loading it here builds plain frozen dataclasses
without re-validation, so start-up stays fast.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, ItemsView, Iterable, Iterator, Mapping, ValuesView
from dataclasses import dataclass, field
from typing import Any, TypeVar

from nrdeck.textnorm import normalise_title

# The facts document's envelope (nrdeck.model.CardDocument writes it; loading checks it)
DOCUMENT_FORMAT = "nrdeck-card-data"
DOCUMENT_SCHEMA = 1
IDENTITY_TYPES = frozenset({"corp_identity", "runner_identity"})
Cost = int | str | None  # an int, "X", or None (no cost)


def _date(value: str | None) -> dt.date | None:
    return dt.date.fromisoformat(value) if value else None


@dataclass(frozen=True, slots=True)
class Card:
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


@dataclass(frozen=True, slots=True)
class Printing:
    """One card in one set, keyed by its 5-digit code (a string: leading zeros matter)."""

    code: str
    card_id: str
    set_id: str
    position: int
    quantity: int


@dataclass(frozen=True, slots=True)
class CardSet:
    """A pack, deluxe, core set or booster."""

    id: str
    name: str
    cycle_id: str
    type: str | None
    date_release: dt.date | None
    legacy_code: str | None = None
    position: int | None = None
    size: int | None = None


@dataclass(frozen=True, slots=True)
class Cycle:
    """A card cycle (a group of sets)."""

    id: str
    name: str
    legacy_code: str | None = None
    position: int | None = None


@dataclass(frozen=True, slots=True)
class Faction:
    """A faction of one side."""

    id: str
    name: str
    side: str
    is_mini: bool = False


@dataclass(frozen=True, slots=True)
class Named:
    """A card type or subtype: an id and a display name (types carry a side)."""

    id: str
    name: str
    side: str | None = None


@dataclass(frozen=True, slots=True)
class FormatSnapshot:
    """A dated snapshot of a format: a card pool and optionally a restriction."""

    id: str
    format_id: str
    card_pool_id: str
    restriction_id: str | None
    date_start: dt.date
    active: bool = False


@dataclass(frozen=True, slots=True)
class Format:
    """A format and its snapshots, in the data's order."""

    id: str
    name: str
    snapshots: tuple[FormatSnapshot, ...]

    @property
    def active_snapshot(self) -> FormatSnapshot | None:
        """The snapshot the data marks active."""
        return next((s for s in self.snapshots if s.active), None)


@dataclass(frozen=True, slots=True)
class CardPool:
    """The sets (and cycles, and explicit cards) a format's snapshot allows."""

    id: str
    name: str
    format_id: str
    card_cycle_ids: tuple[str, ...] = ()
    card_set_ids: tuple[str, ...] = ()
    cards: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Restriction:
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


@dataclass(frozen=True, slots=True)
class DataInfo:
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


V = TypeVar("V")


class LazyRecords(Mapping[str, V]):
    """A read-only mapping of trusted raw records, each turned into its object on first use.

    Loading the database then costs only the JSON parse: a deck check builds the few dozen
    cards it touches, and ``values()``/``items()`` build the rest once.
    """

    __slots__ = ("_built", "_complete", "_make", "_raw")

    def __init__(self, raw: dict[str, Mapping[str, Any]], make: Callable[[Mapping[str, Any]], V]):
        self._raw = raw
        self._make = make
        self._built: dict[str, V] = {}
        self._complete = False

    def __getitem__(self, key: str) -> V:
        try:
            return self._built[key]
        except KeyError:
            value = self._built[key] = self._make(self._raw[key])
            return value

    def get(self, key: str, default: Any = None) -> Any:
        """The object for key, or default."""
        return self[key] if key in self._raw else default

    def __contains__(self, key: object) -> bool:
        return key in self._raw

    def __iter__(self) -> Iterator[str]:
        return iter(self._raw)

    def __len__(self) -> int:
        return len(self._raw)

    def _all(self) -> dict[str, V]:
        if not self._complete:
            self._built = {k: self[k] for k in self._raw}
            self._complete = True
        return self._built

    def values(self) -> ValuesView[V]:
        """Every object, in the document's order (built once)."""
        return self._all().values()

    def items(self) -> ItemsView[str, V]:
        """(id, object) pairs, in the document's order (built once)."""
        return self._all().items()

    def raw(self) -> Iterable[Mapping[str, Any]]:
        """The raw records, for indexes that need only a few fields."""
        return self._raw.values()


class CardDB:
    """Cards, printings, sets, formats and restrictions with lookup indexes.

    The title index and the printings-by-card index are built on first use.
    """

    def __init__(
        self,
        *,
        cards: Iterable[Card],
        printings: Iterable[Printing],
        sets: Iterable[CardSet],
        cycles: Iterable[Cycle],
        factions: Iterable[Faction],
        types: Iterable[Named] = (),
        subtypes: Iterable[Named] = (),
        formats: Iterable[Format] = (),
        card_pools: Iterable[CardPool] = (),
        restrictions: Iterable[Restriction] = (),
        info: DataInfo | None = None,
    ) -> None:
        self.cards: Mapping[str, Card] = {c.id: c for c in cards}
        self.printings: Mapping[str, Printing] = {p.code: p for p in printings}
        self._setup(
            sets, cycles, factions, types, subtypes, formats, card_pools, restrictions, info
        )

    def _setup(
        self,
        sets: Iterable[CardSet],
        cycles: Iterable[Cycle],
        factions: Iterable[Faction],
        types: Iterable[Named],
        subtypes: Iterable[Named],
        formats: Iterable[Format],
        card_pools: Iterable[CardPool],
        restrictions: Iterable[Restriction],
        info: DataInfo | None,
    ) -> None:
        self.sets: dict[str, CardSet] = {s.id: s for s in sets}
        self.cycles: dict[str, Cycle] = {c.id: c for c in cycles}
        self.factions: dict[str, Faction] = {f.id: f for f in factions}
        self.types: dict[str, Named] = {t.id: t for t in types}
        self.subtypes: dict[str, Named] = {s.id: s for s in subtypes}
        self.formats: dict[str, Format] = {f.id: f for f in formats}
        self.card_pools: dict[str, CardPool] = {p.id: p for p in card_pools}
        self.restrictions: dict[str, Restriction] = {r.id: r for r in restrictions}
        self.info = info or DataInfo(kind="memory", source="in-memory")
        self.snapshots: dict[str, FormatSnapshot] = {
            s.id: s for f in self.formats.values() for s in f.snapshots
        }
        self._printings_index: dict[str, list[str]] | None = None
        self._title_index: dict[str, str] | None = None
        self._pool_sets: dict[str, frozenset[str]] = {}
        self._pool_cards: dict[str, frozenset[str]] = {}

    # -- lazily built indexes ---------------------------------------------------
    def _printing_rows(self) -> Iterable[tuple[str, str, str]]:
        """(code, card id, set id) of every printing, without building Printing objects."""
        if isinstance(self.printings, LazyRecords):
            return ((p["code"], p["card_id"], p["set_id"]) for p in self.printings.raw())
        return ((p.code, p.card_id, p.set_id) for p in self.printings.values())

    @property
    def _printings_of(self) -> dict[str, list[str]]:
        if self._printings_index is None:
            index: dict[str, list[str]] = {}
            for code, card_id, _ in sorted(self._printing_rows()):
                index.setdefault(card_id, []).append(code)
            self._printings_index = index
        return self._printings_index

    @property
    def _by_title(self) -> dict[str, str]:
        if self._title_index is None:
            self._title_index = _title_index(self.cards)
        return self._title_index

    # -- lookups -----------------------------------------------------------
    def card(self, card_id: str) -> Card:
        """The card with this id (KeyError when unknown)."""
        return self.cards[card_id]

    def card_by_code(self, code: str) -> Card | None:
        """The card of a printing code ('01110' -> Hedge Fund), or None."""
        printing = self.printings.get(code)
        return self.cards[printing.card_id] if printing else None

    def card_by_title(self, title: str) -> Card | None:
        """The card whose normalised title, stripped title or face title matches."""
        card_id = self._by_title.get(normalise_title(title))
        return self.cards[card_id] if card_id else None

    def title_index(self) -> Mapping[str, str]:
        """Normalised title -> card id, for resolution passes."""
        return self._by_title

    def printings_of(self, card_id: str) -> list[Printing]:
        """Every printing of a card, ordered by code."""
        return [self.printings[c] for c in self._printings_of.get(card_id, [])]

    def sets_of(self, card_id: str) -> frozenset[str]:
        """The ids of every set that prints the card."""
        return frozenset(p.set_id for p in self.printings_of(card_id))

    def release_date(self, card_id: str) -> dt.date | None:
        """The earliest release date among the card's printings."""
        dates = [self.sets[p.set_id].date_release for p in self.printings_of(card_id)]
        known = [d for d in dates if d is not None]
        return min(known) if known else None

    def identities(self) -> list[Card]:
        """Every identity card."""
        return [c for c in self.cards.values() if c.is_identity]

    # -- card pools --------------------------------------------------------
    def pool_sets(self, pool_id: str) -> frozenset[str]:
        """The pool's ``card_set_ids`` plus every set of each of its cycles."""
        if pool_id not in self._pool_sets:
            pool = self.card_pools[pool_id]
            cycles = set(pool.card_cycle_ids)
            in_cycles = {s.id for s in self.sets.values() if s.cycle_id in cycles}
            self._pool_sets[pool_id] = frozenset(pool.card_set_ids) | in_cycles
        return self._pool_sets[pool_id]

    def cards_in_sets(self, set_ids: Iterable[str]) -> frozenset[str]:
        """Every card with a printing in one of the sets (no Printing objects built)."""
        wanted = frozenset(set_ids)
        rows = self._printing_rows()
        return frozenset(card_id for _, card_id, set_id in rows if set_id in wanted)

    def pool_cards(self, pool_id: str) -> frozenset[str]:
        """Every card with a printing in one of the pool's sets, plus its explicit cards."""
        if pool_id not in self._pool_cards:
            cards = self.cards_in_sets(self.pool_sets(pool_id))
            self._pool_cards[pool_id] = cards | frozenset(self.card_pools[pool_id].cards)
        return self._pool_cards[pool_id]

    def snapshots_of(self, format_id: str) -> tuple[FormatSnapshot, ...]:
        """A format's snapshots in the data's order (not corrected: see rules.timeline)."""
        return self.formats[format_id].snapshots

    def counts(self) -> dict[str, int]:
        """How many of each kind of record the database holds."""
        return {
            "cards": len(self.cards),
            "printings": len(self.printings),
            "sets": len(self.sets),
            "cycles": len(self.cycles),
            "formats": len(self.formats),
            "snapshots": len(self.snapshots),
            "card_pools": len(self.card_pools),
            "restrictions": len(self.restrictions),
        }

    # -- construction from a facts document -------------------------------
    @classmethod
    def from_document(cls, doc: Mapping[str, Any], info: DataInfo | None = None) -> CardDB:
        """Build the database from a trusted facts document (no re-validation).

        Cards and printings stay raw until used (see ``LazyRecords``); their keys are checked
        here so that a damaged document fails now (ValueError), not in the middle of a check.
        """
        cards = {c["id"]: c for c in doc["cards"]}
        printings = {p["code"]: p for p in doc["printings"]}
        _check_keys(cards.values(), _CARD_KEYS, "card")
        _check_keys(printings.values(), _PRINTING_KEYS, "printing")
        db = cls.__new__(cls)
        db.cards = LazyRecords(cards, _card)
        db.printings = LazyRecords(printings, _printing)
        db._setup(
            sets=(_set(s) for s in doc["sets"]),
            cycles=(Cycle(**c) for c in doc["cycles"]),
            factions=(Faction(**f) for f in doc["factions"]),
            types=(Named(**t) for t in doc.get("types", [])),
            subtypes=(Named(**s) for s in doc.get("subtypes", [])),
            formats=(_format(f) for f in doc["formats"]),
            card_pools=(_pool(p) for p in doc["card_pools"]),
            restrictions=(_restriction(r) for r in doc["restrictions"]),
            info=info,
        )
        return db


_CARD_KEYS = (
    frozenset(f for f in Card.__dataclass_fields__),
    frozenset(("id", "title", "stripped_title", "side", "faction", "type")),
)
_PRINTING_KEYS = (
    frozenset(Printing.__dataclass_fields__),
    frozenset(Printing.__dataclass_fields__),
)


def _check_keys(
    records: Iterable[Mapping[str, Any]], keys: tuple[frozenset[str], frozenset[str]], what: str
) -> None:
    """Every record has the required keys and no unknown one (ValueError otherwise)."""
    allowed, required = keys
    for record in records:
        present = record.keys()
        if not (required <= present <= allowed):
            extra = sorted(present - allowed) or sorted(required - present)
            raise ValueError(f"{what} {record.get('id') or record.get('code')}: bad keys {extra}")


def _title_index(cards: Mapping[str, Card]) -> dict[str, str]:
    """Normalised title, stripped title and face titles -> card id (first card wins)."""
    rows: Iterable[tuple[str, str, str, Iterable[str]]]
    if isinstance(cards, LazyRecords):
        rows = (
            (c["id"], c["title"], c["stripped_title"], c.get("face_titles", ()))
            for c in cards.raw()
        )
    else:
        rows = ((c.id, c.title, c.stripped_title, c.face_titles) for c in cards.values())
    index: dict[str, str] = {}
    for card_id, title, stripped, faces in rows:
        index.setdefault(normalise_title(title), card_id)
        if stripped != title:
            index.setdefault(normalise_title(stripped), card_id)
        for face in faces:
            index.setdefault(normalise_title(face), card_id)
    return index


def _card(d: Mapping[str, Any]) -> Card:
    return Card(
        **{
            **d,
            "subtypes": tuple(d.get("subtypes", ())),
            "face_titles": tuple(d.get("face_titles", ())),
        }
    )


def _printing(d: Mapping[str, Any]) -> Printing:
    return Printing(**d)


def _set(d: Mapping[str, Any]) -> CardSet:
    return CardSet(**{**d, "date_release": _date(d.get("date_release"))})


def _format(d: Mapping[str, Any]) -> Format:
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


def _pool(d: Mapping[str, Any]) -> CardPool:
    return CardPool(
        id=d["id"],
        name=d["name"],
        format_id=d["format_id"],
        card_cycle_ids=tuple(d.get("card_cycle_ids", ())),
        card_set_ids=tuple(d.get("card_set_ids", ())),
        cards=tuple(d.get("cards", ())),
    )


def _restriction(d: Mapping[str, Any]) -> Restriction:
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
