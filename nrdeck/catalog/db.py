"""The in-memory card database and its indexes, built from a facts-only card document.

The document is described by ``records.FactsDocument`` and written and read by
``nrdeck.cards.document``; this module holds the decoded records and their indexes.
"""

from __future__ import annotations

import datetime as dt
import threading
from collections.abc import Iterable, Iterator, Mapping, ValuesView
from typing import TYPE_CHECKING, Any

import msgspec

from nrdeck.catalog.derived import ByKey, Choices, Derived, Lazy, LooseTitles
from nrdeck.catalog.records import (
    Card,
    CardPool,
    CardSet,
    Cycle,
    DataInfo,
    Faction,
    Format,
    FormatSnapshot,
    Named,
    Printing,
    Restriction,
    UnknownRule,
)
from nrdeck.catalog.ruletables import RuleTables
from nrdeck.catalog.schema import FactsDocument, TitlesLoader
from nrdeck.catalog.store import (
    CardEntry,
    CatalogFile,
    TableView,
    Texts,
    Translated,
    decoder,
    entries_of,
    printings_of,
    records,
    restrictions_of,
    small_of,
)
from nrdeck.catalog.titlekeys import fold_accents, loose_title, normalise_title

if TYPE_CHECKING:
    from nrdeck.catalog.translations import Translations

Ids = tuple[str, ...]  # card ids
# keys of the data that nrdeck once recorded as not understood and now reads
UNDERSTOOD_KEYS = frozenset({("restriction", "max_3_point_agendas")})


class CardDB:
    """Cards, printings, sets, formats and restrictions with lookup indexes.

    ``tables`` are nrdeck's own rule tables (corrections, errata, agenda caps), loaded with the
    card data; ``unknown_rules`` are the data's keys nrdeck does not understand.
    ``titles`` loads the cards' titles in other languages: called on the first title the
    English titles do not know (``translations``), never for a list written in English.
    Every index of the database is built on first use and kept beside it, in ``derived``
    (nrdeck/catalog/derived.py): this class says how each is built.
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
        stored: StoredLookups | None = None,
        restriction_formats: Mapping[str, str] | None = None,
    ) -> None:
        # read-only lookups (a catalogue's decode each record on first use): never mutated
        self.cards: Mapping[str, Card] = _by_key(cards, "id")
        self.printings: Mapping[str, Printing] = _by_key(printings, "code")
        self.sets: dict[str, CardSet] = {s.id: s for s in sets}
        self.cycles: dict[str, Cycle] = {c.id: c for c in cycles}
        self.factions: dict[str, Faction] = {f.id: f for f in factions}
        self.types: dict[str, Named] = {t.id: t for t in types}
        self.subtypes: dict[str, Named] = {s.id: s for s in subtypes}
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
        self.stored = stored
        self._restriction_formats = restriction_formats
        self.derived = self._derived()

    # -- lazily built indexes ---------------------------------------------------
    def _derived(self) -> Derived:
        """How each index is built (each on first use: nrdeck/catalog/derived.py)."""
        lock = threading.RLock()
        stored = self.stored
        cards, sets, pools = self.cards, self.sets, self.card_pools
        return Derived(
            lock=lock,
            printings_by_card=Lazy(lambda: _printings_index(self.printings), lock),
            # a catalogue's title indexes were built when it was compiled
            exact_titles=Lazy(
                lambda: stored.exact_titles if stored else exact_title_index(cards), lock
            ),
            titles=Lazy(lambda: stored.titles if stored else normalised_title_index(cards), lock),
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

    def _loose_titles(self) -> LooseTitles:
        if self.stored is not None:
            file = self.stored.file
            return records(file.loose, tuple[str, ...]), records(file.squashed, tuple[str, ...])
        return loose_indexes(self.cards.values())

    def _suggestion_choices(self) -> Choices:
        stored = self.stored
        if stored is not None and stored.file.suggestions.nbytes:
            found: Choices = msgspec.msgpack.decode(stored.file.suggestions, type=Choices)
            return found
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
        card_id = self._exact_titles.get(title) or self._by_title.get(
            normalise_title(title) if normalised is None else normalised
        )
        return self.cards[card_id] if card_id else None

    def translations(self) -> Translations:
        """The titles in other languages and their indexes, loaded on first use; a note on
        where they come from (when not from this data) joins the data's warnings, once."""
        return self.derived.translations()

    def _translations(self) -> Translations:
        from nrdeck.catalog.translations import Translations  # only lists not in English need it

        stored = self.stored.file.translations if self.stored is not None else None
        if stored is not None and stored.nbytes:  # the catalogue's, indexed when compiled
            return Translations(decoder(Translated)(stored), self.cards)
        doc, note = self.titles() if self.titles is not None else (None, "")
        if note:
            self.info = msgspec.structs.replace(self.info, warnings=(*self.info.warnings, note))
        return Translations(doc, self.cards)

    def title_index(self) -> Mapping[str, str]:
        """Normalised title -> card id, for resolution passes."""
        return self._by_title

    def _codes_of(self, card_id: str) -> tuple[str, ...] | list[str]:
        """The card's printing codes, in code order."""
        if self.stored is not None:
            entry = self.stored.entries.get(card_id)
            return entry.printings if entry is not None else ()
        return self._printings_of.get(card_id, [])

    def printings_of(self, card_id: str) -> list[Printing]:
        """Every printing of a card, ordered by code."""
        return [self.printings[c] for c in self._codes_of(card_id)]

    def sets_of(self, card_id: str) -> frozenset[str]:
        """The ids of every set that prints the card (each card's found once per database)."""
        return self.derived.sets_by_card[card_id]

    def _sets_of(self, card_id: str) -> frozenset[str]:
        if self.stored is not None:
            entry = self.stored.entries.get(card_id)
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
        if self.stored is not None:
            found = records(self.stored.file.subtypes, tuple[str, ...]).get(subtype)
            return found or ()
        return tuple(sorted(c.id for c in self.cards.values() if subtype in c.subtypes))

    def restrictions_filed_under(self, format_id: str) -> tuple[Restriction, ...]:
        """The ban lists the data files under a format (a catalogue knows each list's format
        without decoding the others), in id order."""
        return self.derived.filed_under[format_id]

    def _filed_under(self, format_id: str) -> tuple[Restriction, ...]:
        heads = self._restriction_formats
        if heads is None:
            found = [r for r in self.restrictions.values() if r.format_id == format_id]
            return tuple(sorted(found, key=lambda r: r.id))
        return tuple(self.restrictions[i] for i in sorted(heads) if heads[i] == format_id)

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
    def from_catalog(
        cls, file: CatalogFile, info: DataInfo | None = None, tables: RuleTables | None = None
    ) -> CardDB:
        """The database a catalogue holds: its small lists decoded, its cards, printings and
        ban lists decoded one by one on first use, its title indexes read in place."""
        small = small_of(file)
        entries = entries_of(file)
        stored = StoredLookups(
            entries, Texts(TableView(file.exact_titles)), Texts(TableView(file.titles)), file
        )
        return cls(
            cards=_Cards(entries),
            printings=printings_of(file),
            sets=small.sets,
            cycles=small.cycles,
            factions=small.factions,
            types=small.types,
            subtypes=small.subtypes,
            formats=(f.record() for f in small.formats),
            card_pools=small.card_pools,
            restrictions=restrictions_of(file),
            info=info,
            tables=tables,
            unknown_rules=file.unknown_rules,
            text_facts=file.text_facts,
            stored=stored,
            restriction_formats=small.restriction_formats,
        )


class _Cards(Mapping[str, Card]):
    """The cards of a catalogue's entries."""

    def __init__(self, entries: Mapping[str, CardEntry]) -> None:
        self._entries = entries

    def __getitem__(self, key: str) -> Card:
        return self._entries[key].card

    def values(self) -> ValuesView[Card]:
        """Every card in id order (the entries walked in place, each decoded once)."""
        return _CardValues(self)

    def __contains__(self, key: object) -> bool:
        return key in self._entries

    def __iter__(self) -> Iterator[str]:
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)


class _CardValues(ValuesView[Card]):
    def __init__(self, cards: _Cards) -> None:
        super().__init__(cards)
        self._cards = cards

    def __iter__(self) -> Iterator[Card]:
        return (entry.card for entry in self._cards._entries.values())


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


def exact_title_index(cards: Mapping[str, Card]) -> dict[str, str]:
    """Title as printed -> card id (first card wins, as in the normalised index)."""
    index: dict[str, str] = {}
    for card in cards.values():
        index.setdefault(card.title, card.id)
    return index


def loose_indexes(cards: Iterable[Card]) -> tuple[dict[str, Ids], dict[str, Ids]]:
    """Every title (stripped, faces) without punctuation -> card ids, and without white
    space too (the second resolution pass)."""
    loose: dict[str, set[str]] = {}
    squashed: dict[str, set[str]] = {}
    for card in cards:
        for title in {card.title, card.stripped_title, *card.face_titles}:
            key = loose_title(title)
            loose.setdefault(key, set()).add(card.id)
            squashed.setdefault(key.replace(" ", ""), set()).add(card.id)
    return (
        {k: tuple(sorted(v)) for k, v in loose.items()},
        {k: tuple(sorted(v)) for k, v in squashed.items()},
    )


def suggestion_choices(cards: Iterable[Card]) -> Choices:
    """The English titles "did you mean" chooses from, sorted, and the same accent-folded."""
    choices = sorted({c.title for c in cards})
    return choices, [fold_accents(t) for t in choices]


def most_commas(cards: Iterable[Card]) -> int:
    """The most commas in any title of the cards (titles, stripped titles, faces)."""
    titles = (t for c in cards for t in (c.title, c.stripped_title, *c.face_titles))
    return max((t.count(",") for t in titles), default=0)


def normalised_title_index(cards: Mapping[str, Card]) -> dict[str, str]:
    """Normalised title, stripped title and face titles -> card id (first card wins)."""
    index: dict[str, str] = {}
    for card in cards.values():
        index.setdefault(normalise_title(card.title), card.id)
        if card.stripped_title != card.title:
            index.setdefault(normalise_title(card.stripped_title), card.id)
        for face in card.face_titles:
            index.setdefault(normalise_title(face), card.id)
    return index


class StoredLookups:
    """What a catalogue gives a database beyond its records: each card's printings and
    sets, and the English title indexes (built when the catalogue was compiled)."""

    def __init__(
        self,
        entries: Mapping[str, CardEntry],
        exact_titles: Mapping[str, str],
        titles: Mapping[str, str],
        file: CatalogFile,
    ) -> None:
        self.entries = entries
        self.exact_titles = exact_titles
        self.titles = titles
        self.file = file


def _by_key(records: Iterable[Any] | Mapping[str, Any], key: str) -> Mapping[str, Any]:
    """Records by their key: a mapping as it is (a catalogue's), else a dict."""
    if isinstance(records, Mapping):
        return records
    return {getattr(r, key): r for r in records}
