"""The card catalogue's file, an SQLite database beside a card document (``cards.sqlite``),
and reading it into the records every reader uses.

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
built from, and counts every table's rows and each format's ban lists; ``keys`` holds the
keys of the tables whose missing keys are checked.

The file is opened read-only, only when it is a regular file (``sqlitefile``). A damaged
catalogue (``DamagedCatalog``) is passed over for the JSON document it was built from: see
``lookups``. Annotations are evaluated (no ``from __future__ import annotations``): msgspec
decodes this module's structs without evaluating strings.
"""

from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any, TypeVar

import msgspec

from nrdeck.catalog.records import (
    Card,
    CardPool,
    CardSet,
    Cycle,
    Faction,
    FormatEntry,
    LanguageTitles,
    Named,
    Origin,
    Printing,
    Restriction,
    UnknownRule,
)
from nrdeck.catalog.sqlitefile import DamagedCatalog, Row, SqliteFile, connect, row_checksum
from nrdeck.catalog.titlekeys import Choices

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
# The tables looked up by key whose every key ``keys`` holds too, so that a key's absence is
# checked (a row is never missed because its key was damaged)
LISTED = ("cards", "printings", "restrictions", "subtype_cards")

T = TypeVar("T")
Hit = tuple[str, str]  # (language, card id)
_SELECT = {name: f"SELECT {', '.join(columns)} FROM {name}" for name, columns in TABLES.items()}
_SELECT_CARDS = "SELECT " + ", ".join(f"c.{c}" for c in TABLES["cards"])


class CardEntry:
    """A card as the catalogue stores it: the card, its printings (code order) and the ids of
    the sets that print it. (A plain class: defining a Struct costs start-up time, and none
    is decoded into this.)"""

    __slots__ = ("card", "printings", "sets")

    def __init__(self, card: Card, printings: tuple[Printing, ...], sets: tuple[str, ...]):
        self.card = card
        self.printings = printings
        self.sets = sets


class Lists(msgspec.Struct, frozen=True):
    """The small record lists a database holds whole, as the document holds them."""

    sets: list[CardSet]
    cycles: list[Cycle]
    factions: list[Faction]
    formats: list[FormatEntry]
    card_pools: list[CardPool]
    unknown_rules: list[UnknownRule]


class Stamp:
    """What a catalogue says of the document it was built from: its SHA-256 and size."""

    __slots__ = ("sha256", "size")

    def __init__(self, sha256: str, size: int) -> None:
        self.sha256 = sha256
        self.size = size


def catalogue_path(document: Path) -> Path:
    """Where a document's catalogue lives: ``cards.json`` -> ``cards.sqlite``."""
    return document.with_name(document.name.removesuffix(".json") + SUFFIX)


def document_sha256(document: bytes) -> str:
    """What names a document's bytes in a catalogue: their SHA-256, hexadecimal."""
    import hashlib  # only a catalogue's writer, or a check of a pinned file, needs it

    return hashlib.sha256(document).hexdigest()


def open_catalogue(path: Path, *, immutable: bool = False) -> "Catalogue | None":
    """The catalogue at ``path``, opened read-only (None: nothing there; another program's
    file or another version of nrdeck's catalogue). DamagedCatalog when what is there cannot
    be read: not a regular file (a FIFO, a device, a folder), or not a database SQLite reads.

    ``immutable``: a file nobody changes in place (the bundled one, the cache's, written under
    a new name and renamed), which SQLite then reads without locking it.
    """
    connection = connect(path, immutable=immutable)
    if connection is None:
        return None
    catalogue = Catalogue(path, connection)
    try:
        meta = catalogue.meta
    except DamagedCatalog:
        catalogue.close()
        raise
    if meta.get("format") != FORMAT or meta.get("schema_version") != str(SCHEMA):
        catalogue.close()
        return None
    return catalogue


class Catalogue(SqliteFile):
    """An open catalogue file. Every row read is checked against its checksum, every table
    read whole against its row count, and every key missing from a table that ``keys`` holds
    against that list: DamagedCatalog when one is not as written."""

    _meta: dict[str, str] | None = None
    _counts: dict[str, int] | None = None
    _filed: dict[str, int] | None = None

    @property
    def meta(self) -> dict[str, str]:
        """What the catalogue is and what it was built from (the meta table)."""
        if self._meta is None:
            self._meta = {key: value for key, value, _ in self.rows(_SELECT["meta"])}
        return self._meta

    def stamp(self) -> Stamp:
        """The document the catalogue was built from."""
        meta = self.meta
        try:
            return Stamp(meta["document_sha256"], int(meta["document_size"]))
        except (KeyError, ValueError) as exc:
            raise DamagedCatalog(f"the meta table names no document ({exc})") from exc

    def origin(self, key: str = "origin") -> Origin | None:
        """Where the document (``titles_origin``: its titles) came from; None: not said."""
        text = self.meta.get(key)
        return None if text is None else _decoded_json(Origin, text)

    def languages(self) -> tuple[str, ...]:
        """The languages the catalogue has titles in (none: it has no titles document's)."""
        return tuple(self._languages())

    def _languages(self) -> dict[str, tuple[int, int]]:
        """Each language's rows in ``card_titles`` and in ``names``."""
        text = self.meta.get("languages")
        found: dict[str, tuple[int, int]] = (
            {} if text is None else _decoded_json(dict[str, tuple[int, int]], text)
        )
        return found

    def text_facts(self) -> int:
        """The version of the rule the cards' facts were read from their text with."""
        try:
            return int(self.meta.get("text_facts", "0"))
        except ValueError as exc:
            raise DamagedCatalog(f"the meta table cannot be read ({exc})") from exc

    def intact(self) -> bool:
        """True when SQLite's ``quick_check`` finds nothing wrong, every row of every table
        matches its checksum and every table has its rows (DamagedCatalog: what does not)."""
        self.check(TABLES)
        for table in TABLES:
            if table != "meta":
                self._whole(table, "")
        return True

    def count(self, table: str) -> int:
        """How many rows ``table`` has."""
        return self._count(table)

    def keys(self, table: str) -> list[str]:
        """Every key of ``table`` (its first column), in order."""
        return list(dict.fromkeys(row[0] for row in self._whole(table)))

    def has(self, table: str, key: str) -> bool:
        """True when ``table`` has a row of this key (its first column): the key matching is
        what is read, so the row's checksum need not be."""
        if not _bindable(key):
            return False
        sql = f"SELECT count(*) FROM {table} WHERE {TABLES[table][0]} = ?"
        return bool(self.plain(sql, (key,))[0][0]) or self._absent(table, key)

    # -- records --------------------------------------------------------------------
    def card(self, card_id: str) -> CardEntry | None:
        """The card with this id, with its sets and printings (None: no such card)."""
        return _first(self._keyed("cards", card_id), _entry)

    def cards(self) -> list[CardEntry]:
        """Every card, in id order."""
        return [_entry(row) for row in self._whole("cards")]

    def titled(self, index: str, key: str) -> CardEntry | None:
        """The card ``key`` names in ``index`` (``exact_titles`` or ``titles``), read with its
        title in one query (None: the index has no such title)."""
        if not _bindable(key):
            return None
        column = TABLES[index][0]
        titles = ", ".join(f"t.{c}" for c in TABLES[index])
        sql = f"{_SELECT_CARDS}, {titles} FROM {index} t LEFT JOIN cards c ON c.id = t.card_id"
        rows = self.plain(f"{sql} WHERE t.{column} = ?", (key,))
        if not rows:
            return None
        width = len(TABLES["cards"])
        card, title = rows[0][:width], rows[0][width:]
        _checked(title, index)
        if card[0] is None:  # the index names a card the table has not: one of them is damaged
            raise DamagedCatalog(f"the card {title[1]!r} that {index} names is missing")
        return _entry(_checked(card, "cards"))

    def printing(self, code: str) -> Printing | None:
        """The printing with this code (None: none)."""
        return _first(self._keyed("printings", code), _printing)

    def printings(self) -> list[Printing]:
        """Every printing, in code order."""
        return [_printing(row) for row in self._whole("printings")]

    def filed_with(self, restriction_id: str) -> list[Restriction]:
        """The ban lists filed under the format of the list with this id, in id order, that
        list among them (none: no such list); their number checked against the meta table's."""
        if not _bindable(restriction_id):
            return []
        select = "SELECT format_id FROM restrictions WHERE id = ?"
        rows = self._filed_rows(f"format_id = ({select})", restriction_id)
        if not rows:
            self._absent("restrictions", restriction_id)
        elif restriction_id not in (row[0] for row in rows):
            raise DamagedCatalog(f"the ban list {restriction_id!r} is missing")
        return [_restriction(row) for row in rows]

    def restrictions(self) -> list[Restriction]:
        """Every ban list, in id order."""
        return [_restriction(row) for row in self._whole("restrictions")]

    def filed_under(self, format_id: str) -> list[Restriction]:
        """The ban lists filed under a format, in id order, their number checked against the
        meta table's (a list whose format was damaged is not missed)."""
        if not _bindable(format_id):
            return []
        rows = self._filed_rows("format_id = ?", format_id)
        if not rows and self._filed_count(format_id):
            raise DamagedCatalog(f"the ban lists filed under {format_id!r} are missing")
        return [_restriction(row) for row in rows]

    def lists(self) -> Lists:
        """The small record lists a database is built with: sets, cycles, factions, formats
        (with their snapshots), card pools, the keys not understood."""
        names = ("sets", "cycles", "factions", "formats", "card_pools")
        wanted = (*names, "unknown_rules")
        marks = ", ".join("?" * len(wanted))
        rows = self.rows(f"{_SELECT['lists']} WHERE name IN ({marks})", wanted)
        found = {name: records for name, records, _ in rows}
        if len(found) != len(wanted):
            raise DamagedCatalog("the lists are not all there")
        text = "{" + ",".join(f'"{name}":{found[name]}' for name in wanted) + "}"
        lists: Lists = _decoded_json(Lists, text)
        return lists

    def kinds(self, name: str) -> list[Named]:
        """The card types (``types``) or subtypes (``subtypes``), read when first asked for."""
        found: list[Named] = _decoded_json(list[Named], self._list(name))
        return found

    # -- the indexes ---------------------------------------------------------------------
    def card_id(self, index: str, key: str) -> str | None:
        """The card ``key`` names in ``index`` (``exact_titles`` or ``titles``)."""
        rows = self._keyed(index, key)
        return str(rows[0][1]) if rows else None

    def card_ids(self, index: str, key: str) -> tuple[str, ...]:
        """The cards ``key`` names in ``index`` (``loose_titles``, ``squashed_titles``, or
        ``subtype_cards``), in id order."""
        if index == "subtype_cards":
            rows = self._keyed(index, key)
            found: tuple[str, ...] = _decoded_json(tuple[str, ...], rows[0][1]) if rows else ()
            return found
        return tuple(row[1] for row in self._keyed(index, key, " ORDER BY card_id"))

    def loose_keys_from(self, prefix: str) -> list[str]:
        """The keys of the loose index that begin with ``prefix``, in order."""
        if not prefix or not _bindable(prefix):
            return []
        sql = _SELECT["loose_titles"] + " WHERE key >= ?"
        upper = _after(prefix)
        if upper is None:
            rows = self.rows(sql + " ORDER BY key, card_id", (prefix,))
        else:
            rows = self.rows(sql + " AND key < ? ORDER BY key, card_id", (prefix, upper))
        return list(dict.fromkeys(row[0] for row in rows if row[0].startswith(prefix)))

    def suggestions(self) -> Choices:
        """The English titles "did you mean" chooses from (sorted), and the same folded."""
        found: Choices = _decoded_json(tuple[list[str], list[str]], self._list("suggestions"))
        return found

    # -- the titles in other languages ------------------------------------------------
    def language(self, code: str) -> LanguageTitles | None:
        """One language's titles and names (None: the catalogue has none in it)."""
        expected = self._languages().get(code)
        if expected is None:
            return None
        cards: dict[str, str] = {}
        faces: dict[str, tuple[str, ...]] = {}
        rows = self._keyed("card_titles", code, " ORDER BY card_id")
        for _, card_id, title, face_titles, _ in rows:
            if title is not None:
                cards[card_id] = title
            if face_titles is not None:
                faces[card_id] = _decoded_json(tuple[str, ...], face_titles)
        names: dict[str, dict[str, str]] = {"type": {}, "subtype": {}, "set": {}}
        named = self._keyed("names", code, " ORDER BY kind, id")
        for _, kind, name_id, name, _ in named:
            names.setdefault(kind, {})[name_id] = name
        if (len(rows), len(named)) != tuple(expected):
            raise DamagedCatalog(f"the titles in {code!r} are not all there")
        return LanguageTitles(cards, faces, names["type"], names["subtype"], names["set"])

    def hits(self, index: str, key: str) -> tuple[Hit, ...]:
        """The (language, card id) pairs ``key`` names in ``index`` (``other_titles`` or
        ``other_loose_titles``), sorted."""
        rows = self._keyed(index, key, " ORDER BY language, card_id")
        return tuple((row[1], row[2]) for row in rows)

    def names(self, name: str) -> frozenset[str]:
        """Every name of the list ``name`` (``headers`` or ``set_names``)."""
        return frozenset(_decoded_json(list[str], self._list(name)))

    # -- reading and checking ----------------------------------------------------------
    def _keyed(self, table: str, key: str, order: str = "") -> list[Row]:
        """The rows of ``table`` whose first column is ``key``; none where ``keys`` holds the
        key for the table is damage."""
        if not _bindable(key):
            return []
        rows = self.rows(f"{_SELECT[table]} WHERE {TABLES[table][0]} = ?{order}", (key,))
        if not rows:
            self._absent(table, key)
        return rows

    def _absent(self, table: str, key: str) -> bool:
        """False, after checking that ``keys`` does not hold ``key`` for the table
        (DamagedCatalog when it does: its row is missing)."""
        if table in LISTED:
            sql = "SELECT count(*) FROM keys WHERE name = ? AND key = ?"
            if self.plain(sql, (table, key))[0][0]:
                raise DamagedCatalog(f"the row of {key!r} in {table} is missing")
        return False

    def _filed_rows(self, where: str, key: str) -> list[Row]:
        """The rows of the ban lists of one format (``where`` picks it by ``key``), their
        number checked against the meta table's count of the format's lists."""
        rows = self.rows(f"{_SELECT['restrictions']} WHERE {where} ORDER BY id", (key,))
        if rows:
            format_id = rows[0][2]
            if len(rows) != self._filed_count(format_id) or any(r[2] != format_id for r in rows):
                raise DamagedCatalog(f"the ban lists filed under {format_id!r} are not all there")
        return rows

    def _filed_count(self, format_id: str) -> int:
        """How many ban lists the catalogue was written with under a format."""
        if self._filed is None:
            self._filed = _decoded_json(dict[str, int], self.meta.get("filed_under", ""))
        return self._filed.get(format_id, 0)

    def _list(self, name: str) -> str:
        """The JSON array of the list ``name`` (``lists``)."""
        rows = self.rows(_SELECT["lists"] + " WHERE name = ?", (name,))
        if not rows:
            raise DamagedCatalog(f"the list of {name} is missing")
        return str(rows[0][1])

    def _whole(self, table: str, order: str | None = None) -> list[Row]:
        """Every row of ``table`` (in key order unless ``order`` says), their number checked."""
        if order is None:
            order = f" ORDER BY {', '.join(KEYS.get(table, TABLES[table][:1]))}"
        rows = self.rows(_SELECT[table] + order)
        if len(rows) != self._count(table):
            raise DamagedCatalog(f"{table} has {len(rows)} rows, not {self._count(table)}")
        return rows

    def _count(self, table: str) -> int:
        """The number of rows the catalogue was written with in ``table``."""
        if self._counts is None:
            self._counts = _decoded_json(dict[str, int], self.meta.get("counts", "{}"))
        found = self._counts.get(table)
        if found is None:
            raise DamagedCatalog(f"the meta table has no count of {table}")
        return found


def _first(rows: list[Row], make: Callable[[Row], T]) -> T | None:
    return make(rows[0]) if rows else None


def _checked(row: Row, table: str) -> Row:
    """The row, when it matches its checksum (its last column)."""
    if row_checksum(row[:-1]) != row[-1]:
        raise DamagedCatalog(f"a row of {table} does not match its checksum")
    return row


def _entry(row: Row) -> CardEntry:
    """A row of ``cards`` as the card, its printings and its sets."""
    sets: tuple[str, ...] = _decoded_json(tuple[str, ...], row[5])
    printings: tuple[Printing, ...] = _decoded_json(tuple[Printing, ...], row[6])
    return CardEntry(_decoded_json(Card, row[7]), printings, sets)


def _printing(row: Row) -> Printing:
    code, card_id, set_id, position, quantity, _ = row
    return Printing(code=code, card_id=card_id, set_id=set_id, position=position, quantity=quantity)


def _restriction(row: Row) -> Restriction:
    found: Restriction = _decoded_json(Restriction, row[4])
    return found


def _decoded_json(kind: Any, text: str) -> Any:
    try:
        return _decoder(kind).decode(text)
    except msgspec.DecodeError as exc:  # ValidationError is one
        raise DamagedCatalog(f"a record cannot be read ({exc})") from exc


@lru_cache(maxsize=32)
def _decoder(kind: Any) -> msgspec.json.Decoder[Any]:
    """A decoder for one kind of value, made once: msgspec reads the type when the decoder
    is made, not for each value. Kept for 32 kinds (the catalogue reads about a dozen)."""
    return msgspec.json.Decoder(kind)


def _bindable(text: str) -> bool:
    """True for text SQLite can be asked about (a lone surrogate is in no catalogue)."""
    if text.isascii():
        return True
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _after(prefix: str) -> str | None:
    """The first text after every text that begins with ``prefix``, in code point order
    (None: there is none)."""
    stem = prefix.rstrip("\U0010ffff")
    if not stem:
        return None
    following = ord(stem[-1]) + 1
    return stem[:-1] + chr(0xE000 if 0xD800 <= following <= 0xDFFF else following)
