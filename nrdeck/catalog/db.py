"""The in-memory card database and its indexes, built from a facts-only card document, or read
from the catalogue beside it (``read_catalogue``: when it was built from the document as it
is, passed over for the document when damaged, with a warning).

The document is described by ``records.FactsDocument`` and written and read by
``nrdeck.cards.document``; this module holds the decoded records and their indexes.
"""

from __future__ import annotations

import datetime as dt
import threading
import weakref
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import msgspec

from nrdeck.catalog.derived import ByKey, Derived, Lazy, LooseTitles
from nrdeck.catalog.lookups import (
    CatalogueLookups,
    StoredBanLists,
    StoredCards,
    StoredKinds,
    stored_cards,
    stored_printings,
)
from nrdeck.catalog.reading import Catalogue, Stamp, catalogue_path, document_sha256, open_catalogue
from nrdeck.catalog.records import (
    Card,
    CardPool,
    CardSet,
    Cycle,
    DataInfo,
    Faction,
    FactsDocument,
    Format,
    FormatSnapshot,
    Named,
    Origin,
    Printing,
    Restriction,
    TitlesDocument,
    UnknownRule,
)
from nrdeck.catalog.ruletables import RuleTables
from nrdeck.catalog.sqlitefile import DamagedCatalog
from nrdeck.catalog.titlekeys import (
    Choices,
    exact_title_index,
    loose_indexes,
    normalise_title,
    normalised_title_index,
    suggestion_choices,
)

if TYPE_CHECKING:
    from nrdeck.catalog.lookups import Fallback
    from nrdeck.catalog.translations import Translations

# What a titles loader gives: the titles (None: none to be had), and a note saying where they
# come from when not from the card data in use ("" when they do)
TitlesLoaded = tuple[TitlesDocument | None, str]
TitlesLoader = Callable[[], TitlesLoaded]
# keys of the data that nrdeck once recorded as not understood and now reads
UNDERSTOOD_KEYS = frozenset({("restriction", "max_3_point_agendas")})


class CardDB:
    """Cards, printings, sets, formats and restrictions with lookup indexes.

    ``tables`` are nrdeck's own rule tables (corrections, errata, agenda caps), loaded with the
    card data; ``unknown_rules`` are the data's keys nrdeck does not understand.
    ``titles`` loads the cards' titles in other languages: called on the first title the
    English titles do not know (``translations``), never for a list written in English.
    Every index of the database is built on first use and kept beside it, in ``derived``
    (nrdeck/catalog/derived.py): this class says how each is built. ``catalogue``: what a
    database read from a catalogue file reads it through (None: built from records).
    """

    def __init__(
        self,
        *,
        cards: Iterable[Card] | Mapping[str, Card],
        printings: Iterable[Printing] | Mapping[str, Printing],
        sets: Iterable[CardSet],
        cycles: Iterable[Cycle],
        factions: Iterable[Faction],
        types: Iterable[Named] = (),
        subtypes: Iterable[Named] = (),
        formats: Iterable[Format] = (),
        card_pools: Iterable[CardPool] = (),
        restrictions: Iterable[Restriction] | Mapping[str, Restriction] = (),
        info: DataInfo | None = None,
        tables: RuleTables | None = None,
        unknown_rules: Iterable[UnknownRule] = (),
        text_facts: int = 0,
        text_facts_note: str = "",
    ) -> None:
        # read-only lookups (a catalogue's decode each record on first use): never mutated
        self.cards: Mapping[str, Card] = _by_key(cards, "id")
        self.printings: Mapping[str, Printing] = _by_key(printings, "code")
        self.sets: dict[str, CardSet] = {s.id: s for s in sets}
        self.cycles: dict[str, Cycle] = {c.id: c for c in cycles}
        self.factions: dict[str, Faction] = {f.id: f for f in factions}
        self.types: Mapping[str, Named] = _by_key(types, "id")
        self.subtypes: Mapping[str, Named] = _by_key(subtypes, "id")
        self.formats: dict[str, Format] = {f.id: f for f in formats}
        self.card_pools: dict[str, CardPool] = {p.id: p for p in card_pools}
        self.restrictions: Mapping[str, Restriction] = _by_key(restrictions, "id")
        self.info = info or DataInfo(kind="memory", source="in-memory")
        self.tables = _with_data_ids(tables or RuleTables(), self.cards)
        # a document written before nrdeck understood a key still records it: drop it
        self.unknown_rules: tuple[UnknownRule, ...] = tuple(
            r for r in unknown_rules if (r.kind, r.key) not in UNDERSTOOD_KEYS
        )
        # the version of the rule the cards' facts were read from their text with (0: none),
        # and where the facts come from when not from this data (said wherever they are used)
        self.text_facts = text_facts
        self.text_facts_note = text_facts_note
        self.snapshots: dict[str, FormatSnapshot] = {
            s.id: s for f in self.formats.values() for s in f.snapshots
        }
        self.titles: TitlesLoader | None = None
        self.catalogue: CatalogueLookups | None = None
        self._entries: StoredCards | None = None
        self._ban_lists: StoredBanLists | None = None
        self.derived = self._derived()

    # -- lazily built indexes ---------------------------------------------------
    def _derived(self) -> Derived:
        """How each index is built (each on first use: nrdeck/catalog/derived.py)."""
        lock = threading.RLock()
        cards, sets, pools = self.cards, self.sets, self.card_pools
        return Derived(
            lock=lock,
            printings_by_card=Lazy(lambda: _printings_index(self.printings), lock),
            # a catalogue's title indexes were made when it was written: looked up one by one
            exact_titles=Lazy(lambda: self._title_index("exact_titles"), lock),
            titles=Lazy(lambda: self._title_index("titles"), lock),
            loose_titles=Lazy(self._loose_titles, lock),
            sorted_loose_titles=Lazy(lambda: sorted(self.derived.loose_titles()[0]), lock),
            suggestion_choices=Lazy(self._suggestion_choices, lock),
            most_commas_in_a_title=Lazy(lambda: most_commas(cards.values()), lock),
            translations=Lazy(self._translations, lock),
            sets_by_card=ByKey(self._sets_of, lock, cards),
            pool_sets=ByKey(self._pool_sets, lock, pools),
            pool_cards=ByKey(self._pool_cards, lock, pools),
            subtype_cards=ByKey(self._cards_with_subtype, lock, self.subtypes),
            filed_under=ByKey(self._filed_under, lock, self.formats),
            set_quantities=ByKey(self._set_quantities, lock, sets),
        )

    @property
    def _printings_of(self) -> Mapping[str, list[str]]:
        return self.derived.printings_by_card()

    @property
    def _exact_titles(self) -> Mapping[str, str]:
        """Titles as printed -> card id: most decklists name cards exactly, and this index
        costs a fraction of normalising every title."""
        return self.derived.exact_titles()

    @property
    def _by_title(self) -> Mapping[str, str]:
        return self.derived.titles()

    def _title_index(self, index: str) -> Mapping[str, str]:
        """The exact (``exact_titles``) or normalised (``titles``) index of the titles."""
        if self.catalogue is not None:
            return _StoredTitles(self.catalogue, index)
        build = exact_title_index if index == "exact_titles" else normalised_title_index
        return build(self.cards)

    def _loose_titles(self) -> LooseTitles:
        """The loose indexes (a catalogue's: looked up one key at a time)."""
        lookups = self.catalogue
        if lookups is not None:
            return _StoredLoose(lookups, "loose_titles"), _StoredLoose(lookups, "squashed_titles")
        return loose_indexes(self.cards.values())

    def _suggestion_choices(self) -> Choices:
        lookups = self.catalogue
        if lookups is not None:  # made when the catalogue was written
            return lookups.ask(lambda s: s.suggestions())
        return suggestion_choices(self.cards.values())

    # -- lookups -----------------------------------------------------------
    def card(self, card_id: str) -> Card:
        """The card with this id (KeyError when unknown)."""
        return self.cards[card_id]

    def card_by_id(self, card_id: str) -> Card | None:
        """The card with this id, or with an id it had or has upstream (``moved_ids``)."""
        card = self.cards.get(card_id)
        if card is not None:
            return card
        others = self.tables.moved_ids.other_names(card_id)
        return next((self.cards[o] for o in others if o in self.cards), None)

    def card_by_code(self, code: str) -> Card | None:
        """The card of a printing code ('01110' -> Hedge Fund), or None."""
        printing = self.printings.get(code)
        return self.cards[printing.card_id] if printing else None

    def card_by_title(self, title: str, normalised: str | None = None) -> Card | None:
        """The card whose title matches as written, else normalised (stripped, face titles);
        ``normalised``: the title's ``normalise_title``, when already known."""
        if self._entries is not None:  # a catalogue's: each title read with its card
            key = normalise_title(title) if normalised is None else normalised
            return self._entries.titled("exact_titles", title) or self._entries.titled(
                "titles", key
            )
        card_id = self._exact_titles.get(title) or self._by_title.get(
            normalise_title(title) if normalised is None else normalised
        )
        return self.cards[card_id] if card_id else None

    def translations(self) -> Translations:
        """The titles in other languages and their indexes, loaded on first use; a note on
        where they come from (when not from this data) joins the data's warnings, once."""
        return self.derived.translations()

    def _translations(self) -> Translations:
        from nrdeck.catalog.translations import (  # only lists not in English need it
            DocumentTitles,
            Translations,
        )

        if self.catalogue is not None and self.catalogue.has_languages:
            return Translations(self.catalogue, self.cards)  # indexed when it was written
        doc, note = self.titles() if self.titles is not None else (None, "")
        if note:
            self.warn(note)
        return Translations(DocumentTitles(doc, self.cards), self.cards)

    def warn(self, warning: str) -> None:
        """Add a warning to the data's (said once, by the command that reads them)."""
        self.info = msgspec.structs.replace(self.info, warnings=(*self.info.warnings, warning))

    def title_index(self) -> Mapping[str, str]:
        """Normalised title -> card id, for resolution passes."""
        return self._by_title

    def _codes_of(self, card_id: str) -> list[str]:
        """The card's printing codes, in code order."""
        return self._printings_of.get(card_id, [])

    def printings_of(self, card_id: str) -> list[Printing]:
        """Every printing of a card, ordered by code."""
        if self._entries is not None:
            entry = self._entries.record(card_id)
            return list(entry.printings) if entry is not None else []
        return [self.printings[c] for c in self._codes_of(card_id)]

    def sets_of(self, card_id: str) -> frozenset[str]:
        """The ids of every set that prints the card (each card's found once per database)."""
        return self.derived.sets_by_card[card_id]

    def _sets_of(self, card_id: str) -> frozenset[str]:
        if self._entries is not None:
            entry = self._entries.record(card_id)
            return frozenset(entry.sets if entry is not None else ())
        return frozenset(self.printings[c].set_id for c in self._codes_of(card_id))

    def release_date(self, card_id: str) -> dt.date | None:
        """The earliest release date among the card's printings."""
        dates = [self.sets[p.set_id].date_release for p in self.printings_of(card_id)]
        known = [d for d in dates if d is not None]
        return min(known) if known else None

    def identities(self) -> list[Card]:
        """Every identity card."""
        return [c for c in self.cards.values() if c.is_identity]

    def unknown_keys(self, kind: str, record_id: str) -> tuple[str, ...]:
        """The keys of a restriction, snapshot or format that nrdeck does not understand."""
        return tuple(r.key for r in self.unknown_rules if r.kind == kind and r.id == record_id)

    # -- card pools --------------------------------------------------------
    def pool_sets(self, pool_id: str) -> frozenset[str]:
        """The pool's ``card_set_ids`` plus every set of each of its cycles."""
        return self.derived.pool_sets[pool_id]

    def _pool_sets(self, pool_id: str) -> frozenset[str]:
        pool = self.card_pools[pool_id]
        cycles = set(pool.card_cycle_ids)
        in_cycles = {s.id for s in self.sets.values() if s.cycle_id in cycles}
        return frozenset(pool.card_set_ids) | in_cycles

    def cards_in_sets(self, set_ids: Iterable[str]) -> frozenset[str]:
        """Every card with a printing in one of the sets."""
        wanted = frozenset(set_ids)
        return frozenset(p.card_id for p in self.printings.values() if p.set_id in wanted)

    def pool_cards(self, pool_id: str) -> frozenset[str]:
        """Every card with a printing in one of the pool's sets, plus its explicit cards."""
        return self.derived.pool_cards[pool_id]

    def _pool_cards(self, pool_id: str) -> frozenset[str]:
        cards = self.cards_in_sets(self.pool_sets(pool_id))
        return cards | frozenset(self.card_pools[pool_id].cards)

    def cards_with_subtype(self, subtype: str) -> tuple[str, ...]:
        """The ids of the cards with the subtype, in id order (a catalogue knows them without
        decoding every card)."""
        return self.derived.subtype_cards[subtype]

    def _cards_with_subtype(self, subtype: str) -> tuple[str, ...]:
        lookups = self.catalogue
        if lookups is not None:
            return lookups.ask(lambda s: s.card_ids("subtype_cards", subtype))
        return tuple(sorted(c.id for c in self.cards.values() if subtype in c.subtypes))

    def restrictions_filed_under(self, format_id: str) -> tuple[Restriction, ...]:
        """The ban lists the data files under a format, in id order."""
        return self.derived.filed_under[format_id]

    def _filed_under(self, format_id: str) -> tuple[Restriction, ...]:
        if self._ban_lists is not None:  # a catalogue's: only the format's are read
            return self._ban_lists.filed_under(format_id)
        found = [r for r in self.restrictions.values() if r.format_id == format_id]
        return tuple(sorted(found, key=lambda r: r.id))

    def quantities_in(self, set_id: str) -> Mapping[str, int]:
        """Card id -> how many copies of it one box of the set holds."""
        return self.derived.set_quantities[set_id]

    def _set_quantities(self, set_id: str) -> Mapping[str, int]:
        return {p.card_id: p.quantity for p in self.printings.values() if p.set_id == set_id}

    def snapshots_of(self, format_id: str) -> tuple[FormatSnapshot, ...]:
        """A format's snapshots in the data's order (not corrected: the rules' timeline is)."""
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
    def from_document(
        cls,
        doc: FactsDocument | Mapping[str, Any],
        info: DataInfo | None = None,
        tables: RuleTables | None = None,
    ) -> CardDB:
        """Build the database from a card document: decoded, or plain data to convert.

        Plain data goes through ``msgspec.convert`` (a ``msgspec.ValidationError`` names the
        first bad field); a ``FactsDocument`` is used as it is.
        """
        if not isinstance(doc, FactsDocument):
            doc = msgspec.convert(doc, FactsDocument)
        return cls(
            cards=doc.cards,
            printings=doc.printings,
            sets=doc.sets,
            cycles=doc.cycles,
            factions=doc.factions,
            types=doc.types,
            subtypes=doc.subtypes,
            formats=(f.record() for f in doc.formats),
            card_pools=doc.card_pools,
            restrictions=doc.restrictions,
            info=info,
            tables=tables,
            unknown_rules=doc.unknown_rules,
            text_facts=doc.text_facts,
        )

    @classmethod
    def from_catalogue(
        cls,
        catalogue: Catalogue,
        fallback: Fallback,
        info: DataInfo | None = None,
        tables: RuleTables | None = None,
    ) -> CardDB:
        """The database a catalogue holds: its small lists read now, its cards (each with its
        printings), printings and ban lists one by one on first use, its title indexes as
        written (DamagedCatalog when what is read now cannot be). ``fallback`` gives the
        database of the JSON document and what to warn, should the catalogue prove damaged
        later: the run goes on with it."""
        lists = catalogue.lists()
        db = cls(
            cards=(),
            printings=(),
            sets=lists.sets,
            cycles=lists.cycles,
            factions=lists.factions,
            formats=(f.record() for f in lists.formats),
            card_pools=lists.card_pools,
            info=info,
            unknown_rules=lists.unknown_rules,
            text_facts=catalogue.text_facts(),
        )
        lookups = db.catalogue = CatalogueLookups(catalogue, fallback, db.warn)
        db.types = StoredKinds(lookups, "types")
        db.subtypes = StoredKinds(lookups, "subtypes")
        weakref.finalize(db, catalogue.close)  # the file stays open while the database lives
        printings = stored_printings(lookups)
        db.cards = db._entries = stored_cards(lookups, printings)
        db.printings = printings
        db.restrictions = db._ban_lists = StoredBanLists(lookups)
        db.tables = _with_data_ids(tables or RuleTables(), db.cards)
        db.derived = db._derived()  # its indexes read from the catalogue, not from records
        return db


class _StoredTitles(Mapping[str, str]):
    """A title index of the catalogue: title -> card id, looked up one title at a time."""

    def __init__(self, lookups: CatalogueLookups, index: str) -> None:
        self._lookups = lookups
        self._index = index

    def __getitem__(self, key: str) -> str:
        found = self._lookups.ask(lambda s: s.card_id(self._index, key))
        if found is None:
            raise KeyError(key)
        return found

    def __iter__(self) -> Iterator[str]:
        return iter(self._lookups.ask(lambda s: s.keys(self._index)))

    def __len__(self) -> int:
        return self._lookups.ask(lambda s: s.count(self._index))


class _StoredLoose(Mapping[str, tuple[str, ...]]):
    """A loose title index of the catalogue: key -> card ids, looked up one key at a time."""

    def __init__(self, lookups: CatalogueLookups, index: str) -> None:
        self._lookups = lookups
        self._index = index

    def __getitem__(self, key: str) -> tuple[str, ...]:
        found = self._lookups.ask(lambda s: s.card_ids(self._index, key))
        if not found:
            raise KeyError(key)
        return found

    def __iter__(self) -> Iterator[str]:
        return iter(self._lookups.ask(lambda s: s.keys(self._index)))

    def __len__(self) -> int:
        return self._lookups.ask(lambda s: s.count(self._index))


def _with_data_ids(tables: RuleTables, cards: Mapping[str, Card]) -> RuleTables:
    """The tables with each card id they name as this data spells it (``moved_ids``)."""

    def data_id(card_id: str) -> str:
        if card_id in cards:
            return card_id
        return next((o for o in tables.moved_ids.other_names(card_id) if o in cards), card_id)

    errata = tables.errata.errata
    if all(e.card_id in cards for e in errata):
        return tables
    fixed = tuple(msgspec.structs.replace(e, card_id=data_id(e.card_id)) for e in errata)
    return msgspec.structs.replace(
        tables, errata=msgspec.structs.replace(tables.errata, errata=fixed)
    )


def _printings_index(printings: Mapping[str, Printing]) -> dict[str, list[str]]:
    """Card id -> its printing codes, in code order."""
    index: dict[str, list[str]] = {}
    for code in sorted(printings):
        index.setdefault(printings[code].card_id, []).append(code)
    return index


def most_commas(cards: Iterable[Card]) -> int:
    """The most commas in any title of the cards (titles, stripped titles, faces)."""
    titles = (t for c in cards for t in (c.title, c.stripped_title, *c.face_titles))
    return max((t.count(",") for t in titles), default=0)


def _by_key(records: Iterable[Any] | Mapping[str, Any], key: str) -> Mapping[str, Any]:
    """Records by their key: a mapping as it is (a catalogue's), else a dict."""
    if isinstance(records, Mapping):
        return records
    return {getattr(r, key): r for r in records}


# -- the catalogue beside a document --------------------------------------------------
def read_catalogue(
    document: Path,
    kind: str,
    tables: RuleTables | None,
    from_json: Callable[[], CardDB],
    *,
    failures: tuple[type[Exception], ...],
    fix: str,
    trusted: bool,
    sha256: str | None = None,
) -> CardDB | None:
    """The database of the catalogue beside ``document``, when it was built from the document
    as it is (None: no catalogue there, another nrdeck's, or the document changed since).

    A damaged catalogue is passed over for ``from_json``'s database (the document's), with a
    warning saying to ``fix`` it; so is one found damaged later in the run, when ``from_json``
    fails with one of ``failures`` the run stops (DamagedCatalog saying both). ``kind`` names
    the data in ``DataInfo``. ``trusted``: a document written with its catalogue by nrdeck
    itself (the bundled snapshot, a cached one), whose size is enough to tell them apart, and
    whose catalogue nobody changes in place; ``sha256``: the document's, when known (the
    cache's sidecar says it). Any other document's bytes are hashed and compared.
    """
    where = catalogue_path(document)

    def fallback(exc: DamagedCatalog) -> tuple[CardDB, str]:
        try:
            return from_json(), damaged_note(where, exc, fix)
        except failures as failed:  # the run cannot go on: the card data is damaged
            raise DamagedCatalog(f"{exc}; and {failed}") from failed

    try:
        catalogue = open_catalogue(where, immutable=trusted)
        if catalogue is None:
            return None
        try:
            if not _built_from(catalogue.stamp(), document, trusted, sha256):
                catalogue.close()
                return None
            info = _info(catalogue.origin() or Origin(), kind, document)
            return CardDB.from_catalogue(catalogue, fallback, info, tables)
        except DamagedCatalog:
            catalogue.close()
            raise
    except DamagedCatalog as exc:
        db = from_json()
        db.warn(damaged_note(where, exc, fix))
        return db


def _info(origin: Origin, kind: str, document: Path) -> DataInfo:
    """Where the catalogue's data came from: its document's origin."""
    return DataInfo(
        kind=kind,
        source=origin.source,
        dataset_date=origin.dataset_date,
        url=origin.url,
        path=str(document),
    )


def _built_from(stamp: Stamp, path: Path, trusted: bool, sha256: str | None) -> bool:
    """True when the catalogue's stamp names the document at ``path``."""
    try:
        if sha256 is not None:
            return stamp.sha256 == sha256 and stamp.size == path.stat().st_size
        if trusted:
            return stamp.size == path.stat().st_size
        return stamp.sha256 == document_sha256(path.read_bytes())
    except OSError:
        return False  # the document's own error is said when it is read


def damaged_note(where: Path, exc: DamagedCatalog, fix: str) -> str:
    """The warning that a damaged catalogue is passed over, with what to do about it."""
    return (
        f"{where}: the card catalogue is damaged ({exc}); the card data is read from the "
        f"JSON document beside it instead (slower): {fix}"
    )


def catalogue_intact(path: Path, sha256: str) -> bool:
    """True when the catalogue at ``path`` was built from the document whose SHA-256 is
    ``sha256`` and is whole: SQLite's check, every row's checksum, every table's rows."""
    try:
        catalogue = open_catalogue(path, immutable=True)
        if catalogue is None:
            return False
        try:
            return catalogue.stamp().sha256 == sha256 and catalogue.intact()
        finally:
            catalogue.close()
    except DamagedCatalog:
        return False
