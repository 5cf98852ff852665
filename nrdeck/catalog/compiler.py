"""Compiling a card document (and its titles in other languages) into a catalogue.

The indexes are made by the same functions a database builds them with when it has no
catalogue (``db``, ``titles``, ``translations``), so a check finds the same cards either way.
Deterministic: every table is sorted by key, every map encoded with sorted keys.
"""

from __future__ import annotations

from collections.abc import Iterable

from nrdeck.catalog.db import (
    exact_title_index,
    loose_indexes,
    normalised_title_index,
    suggestion_choices,
)
from nrdeck.catalog.records import Card, Printing
from nrdeck.catalog.schema import FactsDocument, TitlesDocument
from nrdeck.catalog.store import (
    CATALOG_FORMAT,
    CATALOG_SCHEMA,
    CardEntry,
    CatalogFile,
    Small,
    Table,
    Translated,
    encode,
    encoded_items,
    make_table,
    sealed,
)
from nrdeck.catalog.titlekeys import TITLE_KEYS
from nrdeck.catalog.translations import (
    header_names,
    language_title_index,
    loose_language_index,
    set_names,
)


def compile_catalog(doc: FactsDocument, stamp: str, titles: TitlesDocument | None) -> bytes:
    """The catalogue of ``doc`` (whose bytes ``stamp`` identifies), with ``titles``' titles in
    other languages when given."""
    cards = {c.id: c for c in doc.cards}
    loose, squashed = loose_indexes(cards.values())
    file = CatalogFile(
        format=CATALOG_FORMAT,
        schema_version=CATALOG_SCHEMA,
        document=stamp,
        origin=doc.origin,
        text_facts=doc.text_facts,
        unknown_rules=doc.unknown_rules,
        small=memoryview(
            encode(
                Small(
                    sets=doc.sets,
                    cycles=doc.cycles,
                    factions=doc.factions,
                    types=doc.types,
                    subtypes=doc.subtypes,
                    formats=doc.formats,
                    card_pools=doc.card_pools,
                    restriction_formats={r.id: r.format_id for r in doc.restrictions},
                )
            )
        ),
        cards=make_table(encoded_items(_entries(doc.cards, doc.printings))),
        printings=make_table(encoded_items((p.code, p) for p in doc.printings)),
        restrictions=make_table(encoded_items((r.id, r) for r in doc.restrictions)),
        exact_titles=_texts(exact_title_index(cards)),
        titles=_texts(normalised_title_index(cards)),
        loose=make_table(encoded_items(loose.items())),
        squashed=make_table(encoded_items(squashed.items())),
        subtypes=make_table(encoded_items(_by_subtype(cards.values()).items())),
        suggestions=memoryview(encode(suggestion_choices(cards.values()))),
        translations=memoryview(_translated(titles, cards) if titles is not None else b""),
    )
    return sealed(encode(file))


def _entries(cards: Iterable[Card], printings: Iterable[Printing]) -> Iterable[tuple[str, object]]:
    """(card id, CardEntry): each card with its printing codes and their sets, code order."""
    codes: dict[str, list[Printing]] = {}
    for printing in sorted(printings, key=lambda p: p.code):
        codes.setdefault(printing.card_id, []).append(printing)
    for card in cards:
        found = codes.get(card.id, [])
        sets = tuple(sorted({p.set_id for p in found}))
        yield card.id, CardEntry(card, tuple(p.code for p in found), sets)


def _by_subtype(cards: Iterable[Card]) -> dict[str, tuple[str, ...]]:
    """Subtype id -> the ids of the cards with it, sorted."""
    found: dict[str, list[str]] = {}
    for card in cards:
        for subtype in card.subtypes:
            found.setdefault(subtype, []).append(card.id)
    return {k: tuple(sorted(v)) for k, v in found.items()}


def _texts(index: dict[str, str]) -> Table:
    return make_table((key, value.encode("utf-8")) for key, value in index.items())


def _translated(titles: TitlesDocument, cards: dict[str, Card]) -> bytes:
    """The titles in other languages and their indexes, hits on cards the data has."""
    languages = dict(titles.languages)
    exact = (
        titles.index
        if titles.keys == TITLE_KEYS and titles.index
        else language_title_index(languages, cards)
    )
    return encode(
        Translated(
            origin=titles.origin,
            exact=make_table(encoded_items(exact.items())),
            loose=make_table(encoded_items(loose_language_index(exact).items())),
            languages=make_table(encoded_items(languages.items())),
            headers=tuple(sorted(set(header_names(languages)))),
            set_names=tuple(sorted(set(set_names(languages)))),
        )
    )
