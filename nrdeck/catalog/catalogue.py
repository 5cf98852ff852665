"""The card catalogue's file: an SQLite database beside a card document (``cards.sqlite``).

A check needs a few dozen of the data's 2,000 cards and 2,500 printings, the ban lists of its
format, and the titles it reads. The JSON document (``cards.json``) is decoded whole; the
catalogue holds the same records in tables keyed by what a check looks up (cards with their
printings, printings, ban lists, cards by subtype, the title indexes and the titles in other
languages), so a run reads and decodes only what it needs; what a run reads whole (the sets,
formats, card pools..., the titles "did you mean" chooses from) is one row of ``lists`` each.
docs/reference/catalogue.md describes every table.

Each row ends with a checksum of its other columns (``sqlitefile.row_checksum``), checked
when the row is read: SQLite checks the file's structure, not the bytes of a value. The
``meta`` table says what the file is (``FORMAT``, ``SCHEMA``), names the document it was
built from, and counts every table's rows; ``keys`` holds the keys of the tables whose
missing keys are checked.
"""

from __future__ import annotations

from pathlib import Path

FORMAT = "nrdeck-card-catalogue"
SCHEMA = 1
SUFFIX = ".sqlite"  # 'cards.json' -> 'cards.sqlite'

# Every table's columns, in order; the last one is each row's checksum. The key comes first.
_COLUMNS = {
    "meta": "key value checksum",
    "lists": "name records checksum",
    "cards": "id title side faction type sets printings record checksum",
    "printings": "code card_id set_id position quantity checksum",
    "restrictions": "id name format_id date_start record checksum",
    "subtype_cards": "subtype card_ids checksum",
    "exact_titles": "title card_id checksum",
    "titles": "key card_id checksum",
    "loose_titles": "key card_id checksum",
    "squashed_titles": "key card_id checksum",
    "card_titles": "language card_id title faces checksum",
    "names": "language kind id name checksum",
    "other_titles": "key language card_id checksum",
    "other_loose_titles": "key language card_id checksum",
    "keys": "name key checksum",
}
TABLES = {name: tuple(columns.split()) for name, columns in _COLUMNS.items()}
# Each table's primary key (the first column unless said here)
KEYS = {
    "keys": ("name", "key"),
    "loose_titles": ("key", "card_id"),
    "squashed_titles": ("key", "card_id"),
    "card_titles": ("language", "card_id"),
    "names": ("language", "kind", "id"),
    "other_titles": ("key", "language", "card_id"),
    "other_loose_titles": ("key", "language", "card_id"),
}
INTEGERS = frozenset({"position", "quantity", "checksum"})
# The columns that may hold NULL (none), as table.column
NULLABLE = frozenset({"card_titles.title", "card_titles.faces"})
# The tables looked up by key whose every key ``keys`` holds too, so that a key's absence is
# checked (a row is never missed because its key was damaged)
LISTED = ("cards", "printings", "restrictions", "subtype_cards")


def catalogue_path(document: Path) -> Path:
    """Where a document's catalogue lives: ``cards.json`` -> ``cards.sqlite``."""
    return document.with_name(document.name.removesuffix(".json") + SUFFIX)


def document_sha256(document: bytes) -> str:
    """What names a document's bytes in a catalogue: their SHA-256, hexadecimal."""
    import hashlib  # only a catalogue's writer, or a check of a pinned file, needs it

    return hashlib.sha256(document).hexdigest()


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
