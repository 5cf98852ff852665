"""Writing a card document (and its titles in other languages) into a catalogue file.

The indexes are made by the same functions a database builds them with when it has no
catalogue (``db``, ``titles``, ``translations``), so a check finds the same cards either way.
Deterministic: every table's rows are inserted in key order, the indexes made after them, so
the same document gives the same content (and, with the same SQLite, the same bytes).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path

import msgspec

from nrdeck.catalog.reading import FORMAT, KEYS, LISTED, SCHEMA, TABLES, document_sha256
from nrdeck.catalog.records import Card, FactsDocument, LanguageTitles, Printing, TitlesDocument
from nrdeck.catalog.sqlitefile import Row, SqliteFile
from nrdeck.catalog.titlekeys import (
    TITLE_KEYS,
    exact_title_index,
    loose_indexes,
    normalised_title_index,
    suggestion_choices,
)
from nrdeck.catalog.translations import (
    header_names,
    language_title_index,
    loose_language_index,
    set_names,
)

# The columns of integers (every other holds text), and those that may hold NULL (none), as
# table.column
INTEGERS = frozenset({"position", "quantity", "checksum"})
NULLABLE = frozenset({"card_titles.title", "card_titles.faces"})
APPLICATION_ID = 0x6E72646B  # 'nrdk': what the file is, for tools that read SQLite's header
_ENCODE = msgspec.json.Encoder(order="sorted").encode  # as the document: sets sorted


def write_catalogue(
    path: Path, doc: FactsDocument, document: bytes, titles: TitlesDocument | None
) -> None:
    """Write the catalogue of ``doc`` (whose bytes are ``document``) into the new, empty file
    at ``path``, with ``titles``' titles in other languages when given, and check it with
    SQLite's ``quick_check``. OSError when it cannot be written or does not check out.

    The caller makes ``path`` (a temporary file beside the catalogue's place) and renames it
    into place once this returns.
    """
    tables = {name: _by_key(name, rows) for name, rows in _rows(doc, document, titles).items()}
    tables["keys"] = [(name, row[0]) for name in LISTED for row in tables[name]]
    counts = {name: len(tables.get(name, ())) for name in TABLES if name != "meta"}
    filed = Counter(str(row[2]) for row in tables["restrictions"])  # ban lists by format
    more = [("counts", _json(counts)), ("filed_under", _json(filed))]
    tables["meta"] = _by_key("meta", [*tables["meta"], *more])
    SqliteFile.write(
        path, schema_statements(), tables, application_id=APPLICATION_ID, version=SCHEMA
    )


def _by_key(table: str, rows: Iterable[Row]) -> list[Row]:
    """The rows in key order, one per key (a key given twice: the last row wins, as in a
    database built from the document)."""
    columns = TABLES[table]
    at = [columns.index(c) for c in KEYS.get(table, columns[:1])]
    found = {tuple(row[i] for i in at): row for row in rows}
    return [found[key] for key in sorted(found)]


def _rows(
    doc: FactsDocument, document: bytes, titles: TitlesDocument | None
) -> dict[str, Iterable[Row]]:
    """Every table's rows (without checksums)."""
    cards = {c.id: c for c in doc.cards}
    loose, squashed = loose_indexes(cards.values())
    lists: dict[str, object] = {
        "sets": doc.sets,
        "cycles": doc.cycles,
        "factions": doc.factions,
        "types": doc.types,
        "subtypes": doc.subtypes,
        "formats": doc.formats,
        "card_pools": doc.card_pools,
        "unknown_rules": doc.unknown_rules,
        "suggestions": suggestion_choices(cards.values()),
    }
    tables: dict[str, Iterable[Row]] = {
        "meta": _meta(doc, document, titles),
        "cards": _cards(cards, doc.printings),
        "printings": [(p.code, p.card_id, p.set_id, p.position, p.quantity) for p in _codes(doc)],
        "restrictions": [
            (r.id, r.name, r.format_id, r.date_start.isoformat(), _json(r))
            for r in doc.restrictions
        ],
        "subtype_cards": _subtype_cards(cards),
        "exact_titles": exact_title_index(cards).items(),
        "titles": normalised_title_index(cards).items(),
        "loose_titles": _pairs(loose),
        "squashed_titles": _pairs(squashed),
    }
    if titles is not None:
        translated, names = _translated(titles, cards)
        tables |= translated
        lists |= names
    tables["lists"] = [(name, _json(records)) for name, records in lists.items()]
    return tables


def _meta(doc: FactsDocument, document: bytes, titles: TitlesDocument | None) -> Iterator[Row]:
    yield "format", FORMAT
    yield "schema_version", str(SCHEMA)
    yield "document_sha256", document_sha256(document)
    yield "document_size", str(len(document))
    yield "origin", _json(doc.origin)
    yield "text_facts", str(doc.text_facts)
    if titles is not None:
        yield "titles_origin", _json(titles.origin)
        yield "languages", _json(_language_counts(titles.languages))


def _cards(cards: Mapping[str, Card], printings: Iterable[Printing]) -> Iterator[Row]:
    """Each card with the ids of the sets that print it and its printings (code order)."""
    codes: dict[str, list[Printing]] = {}
    for printing in _by_code(printings):
        codes.setdefault(printing.card_id, []).append(printing)
    for card in cards.values():
        found = codes.get(card.id, [])
        sets = sorted({p.set_id for p in found})
        yield (
            card.id,
            card.title,
            card.side,
            card.faction,
            card.type,
            _json(sets),
            _json(found),
            _json(card),
        )


def _codes(doc: FactsDocument) -> list[Printing]:
    """The printings by code (a code given twice: the last wins, as in a database)."""
    return _by_code(doc.printings)


def _by_code(printings: Iterable[Printing]) -> list[Printing]:
    found = {p.code: p for p in printings}
    return [found[code] for code in sorted(found)]


def _subtype_cards(cards: Mapping[str, Card]) -> Iterator[Row]:
    """Each subtype any card has, with the ids of the cards that have it (id order)."""
    found: dict[str, set[str]] = {}
    for card in cards.values():
        for subtype in card.subtypes:
            found.setdefault(subtype, set()).add(card.id)
    return ((subtype, _json(sorted(ids))) for subtype, ids in found.items())


def _pairs(index: Mapping[str, tuple[str, ...]]) -> Iterator[Row]:
    return ((key, card_id) for key, ids in index.items() for card_id in ids)


def _translated(
    titles: TitlesDocument, cards: Mapping[str, Card]
) -> tuple[dict[str, Iterable[Row]], dict[str, object]]:
    """The titles in other languages and their indexes (hits on cards the data has), and the
    lists read whole: the section headers and the set names of every language."""
    languages = dict(titles.languages)
    exact = (
        titles.index
        if titles.keys == TITLE_KEYS and titles.index
        else language_title_index(languages, cards)
    )
    tables: dict[str, Iterable[Row]] = {
        "card_titles": _card_titles(languages),
        "names": _names(languages),
        "other_titles": _hits(exact),
        "other_loose_titles": _hits(loose_language_index(exact)),
    }
    names: dict[str, object] = {
        "headers": sorted(set(header_names(languages))),
        "set_names": sorted(set(set_names(languages))),
    }
    return tables, names


def _language_counts(languages: Mapping[str, LanguageTitles]) -> dict[str, list[int]]:
    """Each language's rows in ``card_titles`` and in ``names``."""
    return {
        lang: [
            len(titles.cards.keys() | titles.faces.keys()),
            len(titles.types) + len(titles.subtypes) + len(titles.sets),
        ]
        for lang, titles in languages.items()
    }


def _card_titles(languages: Mapping[str, LanguageTitles]) -> Iterator[Row]:
    for lang, titles in languages.items():
        for card_id in titles.cards.keys() | titles.faces.keys():
            faces = titles.faces.get(card_id)
            yield lang, card_id, titles.cards.get(card_id), _json(faces) if faces else None


def _names(languages: Mapping[str, LanguageTitles]) -> Iterator[Row]:
    for lang, titles in languages.items():
        for kind, names in (("type", titles.types), ("subtype", titles.subtypes)):
            yield from ((lang, kind, key, name) for key, name in names.items())
        yield from ((lang, "set", key, name) for key, name in titles.sets.items())


def _hits(index: Mapping[str, tuple[tuple[str, str], ...]]) -> Iterator[Row]:
    return ((key, lang, card_id) for key, hits in index.items() for lang, card_id in hits)


def _json(value: object) -> str:
    return _ENCODE(value).decode("utf-8")


def schema_statements() -> list[str]:
    """The statements that create every table."""
    return [_create_table(name, columns) for name, columns in TABLES.items()]


def _create_table(name: str, columns: tuple[str, ...]) -> str:
    parts = [f"{c} {_kind(name, c)}" for c in columns]
    key = KEYS.get(name, columns[:1])
    return f"CREATE TABLE {name} ({', '.join(parts)}, PRIMARY KEY ({', '.join(key)})) WITHOUT ROWID"


def _kind(table: str, column: str) -> str:
    kind = "INTEGER" if column in INTEGERS else "TEXT"
    return kind if f"{table}.{column}" in NULLABLE else f"{kind} NOT NULL"
