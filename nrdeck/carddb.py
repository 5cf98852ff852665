"""The in-memory card database and its indexes, built from a facts-only card document.

The document (see ``nrdeck.model.CardDocument``) is validated once where it enters (``data
build``, ``data import``, ``data update``); loading it here builds the records of
``nrdeck.cardrecords`` without re-validation, and cards and printings only when first used,
so start-up stays fast.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, ItemsView, Iterable, Iterator, Mapping, ValuesView
from typing import Any, TypeVar

from nrdeck.cardrecords import (
    CARD_KEYS,
    IDENTITY_TYPES,
    PRINTING_KEYS,
    Card,
    CardPool,
    CardSet,
    Cost,
    Cycle,
    DataInfo,
    Faction,
    Format,
    FormatSnapshot,
    Named,
    Printing,
    Restriction,
    card_from_raw,
    check_keys,
    format_from_raw,
    pool_from_raw,
    printing_from_raw,
    restriction_from_raw,
    set_from_raw,
)
from nrdeck.textnorm import normalise_title

__all__ = [
    "DOCUMENT_FORMAT",
    "DOCUMENT_SCHEMA",
    "IDENTITY_TYPES",
    "Card",
    "CardDB",
    "CardPool",
    "CardSet",
    "Cost",
    "Cycle",
    "DataInfo",
    "Faction",
    "Format",
    "FormatSnapshot",
    "LazyRecords",
    "Named",
    "Printing",
    "Restriction",
]

# The facts document's envelope (nrdeck.model.CardDocument writes it; loading checks it)
DOCUMENT_FORMAT = "nrdeck-card-data"
DOCUMENT_SCHEMA = 1


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
        check_keys(cards.values(), CARD_KEYS, "card")
        check_keys(printings.values(), PRINTING_KEYS, "printing")
        db = cls.__new__(cls)
        db.cards = LazyRecords(cards, card_from_raw)
        db.printings = LazyRecords(printings, printing_from_raw)
        db._setup(
            sets=(set_from_raw(s) for s in doc["sets"]),
            cycles=(Cycle(**c) for c in doc["cycles"]),
            factions=(Faction(**f) for f in doc["factions"]),
            types=(Named(**t) for t in doc.get("types", [])),
            subtypes=(Named(**s) for s in doc.get("subtypes", [])),
            formats=(format_from_raw(f) for f in doc["formats"]),
            card_pools=(pool_from_raw(p) for p in doc["card_pools"]),
            restrictions=(restriction_from_raw(r) for r in doc["restrictions"]),
            info=info,
        )
        return db


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
