"""What a database reads from its catalogue, with the JSON document to fall back on.

A database read from a catalogue asks it for each record and index entry on first use
(``CatalogueLookups.ask``). Should the catalogue prove damaged (``DamagedCatalog``: SQLite's
error, a row whose checksum does not match), the question is asked again of the database the
JSON document gives (``DocumentSource``), and so is every later one: the run goes on with the
same answers, and the warning its fallback gives is said once.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Generic, TypeVar

from nrdeck.catalog.derived import Lazy
from nrdeck.catalog.reading import CardEntry, Catalogue, Hit
from nrdeck.catalog.records import Card, LanguageTitles, Named, Origin, Printing, Restriction
from nrdeck.catalog.sqlitefile import DamagedCatalog

T = TypeVar("T")

if TYPE_CHECKING:  # types for the type checker only: a Protocol costs start-up time
    from typing import Protocol

    from nrdeck.catalog.documentsource import Database
    from nrdeck.catalog.titlekeys import Choices

    # What gives the database the JSON document falls back to, and the warning that says so
    Fallback = Callable[[DamagedCatalog], tuple[Database, str]]

    class Source(Protocol):
        """What a database reads from its catalogue (or, once it is damaged, from the JSON)."""

        def card(self, card_id: str) -> CardEntry | None: ...
        def cards(self) -> list[CardEntry]: ...
        def titled(self, index: str, key: str) -> CardEntry | None: ...
        def printing(self, code: str) -> Printing | None: ...
        def printings(self) -> list[Printing]: ...
        def filed_with(self, restriction_id: str) -> list[Restriction]: ...
        def restrictions(self) -> list[Restriction]: ...
        def filed_under(self, format_id: str) -> list[Restriction]: ...
        def kinds(self, name: str) -> list[Named]: ...
        def count(self, table: str) -> int: ...
        def has(self, table: str, key: str) -> bool: ...
        def keys(self, table: str) -> list[str]: ...
        def card_id(self, index: str, key: str) -> str | None: ...
        def card_ids(self, index: str, key: str) -> tuple[str, ...]: ...
        def loose_keys_from(self, prefix: str) -> list[str]: ...
        def suggestions(self) -> Choices: ...
        def language(self, code: str) -> LanguageTitles | None: ...
        def hits(self, index: str, key: str) -> tuple[Hit, ...]: ...
        def names(self, table: str) -> frozenset[str]: ...


class CatalogueLookups:
    """A database's catalogue, and the JSON document it falls back to when damaged.

    ``warn``: what to do with the fallback's warning (the database adds it to its warnings).
    Also what ``Translations`` reads the titles in other languages from.
    """

    def __init__(self, catalogue: Catalogue, fallback: Fallback, warn: Callable[[str], None]):
        self.catalogue = catalogue
        self.source: Source = catalogue
        self._fallback = fallback
        self._warn = warn
        self.origin: Origin | None = catalogue.origin("titles_origin")
        self.codes = catalogue.languages()
        self.has_languages = bool(self.codes)
        self._names: dict[str, frozenset[str]] = {}
        self._switching = threading.Lock()

    @property
    def damaged(self) -> bool:
        """True once the catalogue proved damaged (the JSON document answers since)."""
        return self.source is not self.catalogue

    def ask(self, question: Callable[[Source], T]) -> T:
        """The catalogue's answer, else (damaged) the JSON document's."""
        try:
            return question(self.source)
        except DamagedCatalog as exc:
            with self._switching:  # threads that find it damaged at once: one fallback
                if not self.damaged:
                    from nrdeck.catalog.documentsource import DocumentSource

                    db, warning = self._fallback(exc)
                    self.source = DocumentSource(db)
                    self._warn(warning)
        return question(self.source)  # the document's (DamagedCatalog again: it fails too)

    # -- what Translations reads ----------------------------------------------------
    def language(self, code: str) -> LanguageTitles | None:
        """One language's titles and names."""
        return self.ask(lambda s: s.language(code))

    def hits(self, index: str, key: str) -> tuple[Hit, ...]:
        """What ``key`` names in the exact or loose index of the other languages."""
        return self.ask(lambda s: s.hits(index, key))

    def names(self, table: str) -> frozenset[str]:
        """The section headers or set names of every language (read once)."""
        found = self._names.get(table)
        if found is None:
            found = self._names[table] = self.ask(lambda s: s.names(table))
        return found


R = TypeVar("R")


class Stored(Mapping[str, T], Generic[R, T]):
    """Records by key read from a catalogue on first use (each once), or walked in key order.

    ``get``: the record of a key and any read with it (none: no such key), ``walk``: every
    record in key order, ``key``: a record's key, ``view``: what the mapping gives of a
    record, ``table``: the catalogue's table.
    """

    def __init__(
        self,
        lookups: CatalogueLookups,
        table: str,
        get: Callable[[Source, str], list[R]],
        walk: Callable[[Source], list[R]],
        key: Callable[[R], str],
        view: Callable[[R], T],
    ) -> None:
        self._lookups = lookups
        self._table = table
        self._get = get
        self._walk = walk
        self._key = key
        self._view = view
        self._found: dict[str, R | None] = {}  # at most one per key of the table
        self._walked = False

    def record(self, key: str) -> R | None:
        """The stored record of ``key`` (None: none)."""
        try:
            return self._found[key]
        except KeyError:
            pass
        if self._walked:
            return None
        for record in self._lookups.ask(lambda s: self._get(s, key)):
            self.remember(record)
        return self._found.setdefault(key, None)

    def remember(self, record: R) -> R:
        """Keep a record read otherwise (with another record, by another key)."""
        self._found.setdefault(self._key(record), record)
        self._read(record)
        return record

    def _read(self, record: R) -> None:
        """What to do with a record once read (nothing: see ``StoredCards``)."""

    def __getitem__(self, key: str) -> T:
        found = self.record(key) if isinstance(key, str) else None
        if found is None:
            raise KeyError(key)
        return self._view(found)

    def __contains__(self, key: object) -> bool:
        if not isinstance(key, str):
            return False
        if key in self._found or self._walked:
            return self._found.get(key) is not None
        return self._lookups.ask(lambda s: s.has(self._table, key))

    def __iter__(self) -> Iterator[str]:
        self._walk_all()
        return iter(sorted(k for k, v in self._found.items() if v is not None))

    def _walk_all(self) -> None:
        if not self._walked:
            for record in self._lookups.ask(self._walk):
                self._found[self._key(record)] = record
                self._read(record)
            self._walked = True

    def __len__(self) -> int:
        if self._walked:
            return sum(1 for v in self._found.values() if v is not None)
        return self._lookups.ask(lambda s: s.count(self._table))


class StoredCards(Stored[CardEntry, Card]):
    """The catalogue's cards, each read with its printings (then known to ``printings``)."""

    def __init__(self, lookups: CatalogueLookups, printings: Stored[Printing, Printing]):
        super().__init__(
            lookups,
            "cards",
            lambda s, k: _listed(s.card(k)),
            lambda s: s.cards(),
            _entry_key,
            _entry_card,
        )
        self._printings = printings

    def titled(self, index: str, title: str) -> Card | None:
        """The card ``title`` names in ``index`` (``exact_titles`` or ``titles``)."""
        entry = self._lookups.ask(lambda s: s.titled(index, title))
        return None if entry is None else self.remember(entry).card

    def _read(self, record: CardEntry) -> None:
        for printing in record.printings:
            self._printings.remember(printing)


def stored_cards(lookups: CatalogueLookups, printings: Stored[Printing, Printing]) -> StoredCards:
    """The catalogue's cards (``record``: with their printings and sets)."""
    return StoredCards(lookups, printings)


class StoredBanLists(Stored[Restriction, Restriction]):
    """The catalogue's ban lists, read a format's at a time: what asks for one of a format's
    lists soon asks for the others (a check, for those of its format)."""

    def __init__(self, lookups: CatalogueLookups):
        self._formats: dict[str, tuple[Restriction, ...]] = {}  # format id -> its lists
        super().__init__(
            lookups, "restrictions", self._filed_with, lambda s: s.restrictions(), _id, _same
        )

    def filed_under(self, format_id: str) -> tuple[Restriction, ...]:
        """The ban lists filed under a format, in id order."""
        found = self._formats.get(format_id)
        if found is None:
            filed = self._lookups.ask(lambda s: s.filed_under(format_id))
            found = self._formats[format_id] = tuple(self.remember(r) for r in filed)
        return found

    def _filed_with(self, source: Source, key: str) -> list[Restriction]:
        """The lists filed under the format of the list ``key`` (none: no such list)."""
        filed = source.filed_with(key)
        if filed:
            self._formats.setdefault(filed[0].format_id, tuple(filed))
        return filed


class StoredKinds(Mapping[str, Named]):
    """The catalogue's card types or subtypes by id, read on first use (a check of a deck
    asks for neither; a card's history, stats and a format file's rules do)."""

    def __init__(self, lookups: CatalogueLookups, name: str) -> None:
        def read() -> dict[str, Named]:
            return {kind.id: kind for kind in lookups.ask(lambda s: s.kinds(name))}

        self._kinds = Lazy(read, threading.RLock())

    def __getitem__(self, key: str) -> Named:
        return self._kinds()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._kinds())

    def __len__(self) -> int:
        return len(self._kinds())


def stored_printings(lookups: CatalogueLookups) -> Stored[Printing, Printing]:
    """The catalogue's printings."""
    return Stored(
        lookups,
        "printings",
        lambda s, k: _listed(s.printing(k)),
        lambda s: s.printings(),
        _code,
        _same,
    )


def _listed(record: R | None) -> list[R]:
    return [] if record is None else [record]


def _entry_key(entry: CardEntry) -> str:
    return entry.card.id


def _entry_card(entry: CardEntry) -> Card:
    return entry.card


def _code(printing: Printing) -> str:
    return printing.code


def _id(restriction: Restriction) -> str:
    return restriction.id


def _same(record: T) -> T:
    return record
