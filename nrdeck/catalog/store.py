"""The card catalogue as stored for lookup: ``cards.catalog`` beside a card document.

A check needs a few dozen of the data's 2,000 cards and 2,500 printings, one ban list, and the
titles it reads. The JSON document (``cards.json``) is decoded whole; the catalogue is compiled
from it (by ``data build``, ``import`` and ``update``) so that a run finds what it needs
without decoding the rest: each kind of record is a sorted table of keys with one encoded
record per key, looked up by binary search over the bytes and decoded on first use; the
title indexes a check reads (exact, normalised, loose, and the titles in other languages)
are built once, when the catalogue is compiled, not on every run.

The catalogue records the document it was compiled from (its size and CRC-32): one whose
document has changed since is not used. The file ends with a CRC-32 of the rest (see
``sealed`` and ``read_catalog``). Written deterministically (sorted keys, sorted
tables): the same document gives the same bytes on every Python.
"""

import sys
import zlib
from array import array
from bisect import bisect_left
from collections.abc import (
    Callable,
    Hashable,
    ItemsView,
    Iterable,
    Iterator,
    Mapping,
    Sequence,
    ValuesView,
)
from pathlib import Path
from typing import Any, Generic, TypeVar

import msgspec

from nrdeck.catalog.records import (
    Card,
    CardPool,
    CardSet,
    Cycle,
    Faction,
    Named,
    Printing,
    Restriction,
    UnknownRule,
)
from nrdeck.catalog.schema import FormatEntry, Origin

CATALOG_FORMAT = "nrdeck-card-catalog"
CATALOG_SCHEMA = 2  # 2: a CRC-32 of the rest ends the file
CATALOG_SUFFIX = ".catalog"
MAX_REMEMBERED = 1 << 16  # answers a Remembered keeps
T = TypeVar("T")
K = TypeVar("K", bound=Hashable)
_ENCODER = msgspec.msgpack.Encoder(order="deterministic")


def catalog_path(document: Path) -> Path:
    """Where a document's catalogue lives: ``cards.json`` -> ``cards.catalog``."""
    return document.with_name(document.name.removesuffix(".json") + CATALOG_SUFFIX)


def document_stamp(data: bytes) -> str:
    """What identifies a document's bytes: its size and CRC-32 ('739185:1a2b3c4d')."""
    return f"{len(data)}:{zlib.crc32(data):08x}"


def encode(value: object) -> bytes:
    """MessagePack, deterministic (sorted map keys), as every part of a catalogue."""
    return _ENCODER.encode(value)


def sealed(body: bytes) -> bytes:
    """A catalogue file: its encoded body, then the body's CRC-32 (4 bytes, little-endian)."""
    return body + zlib.crc32(body).to_bytes(4, "little")


class Remembered(dict[K, T]):
    """Answers a run has worked out, by question, so that a run of many decks works each out
    once: at most ``MAX_REMEMBERED`` (emptied when full), so that a run of hostile input costs
    the work again, never memory."""

    def remember(self, key: K, value: T) -> T:
        """Keep ``value`` as the answer for ``key``, and give it back."""
        if len(self) >= MAX_REMEMBERED:
            self.clear()
        self[key] = value
        return value


class DamagedCatalog(ValueError):
    """A record of a catalogue cannot be read: the file was damaged after it was compiled."""


_EMPTY = memoryview(b"")


class Table(msgspec.Struct, frozen=True, array_like=True):
    """Keys and values, sorted by key: the keys' UTF-8 bytes one after the other, the values'
    bytes likewise, and where each ends (little-endian 32-bit offsets). Read in place: each
    part is a view of the catalogue's own bytes, never a copy."""

    keys: memoryview = _EMPTY
    key_ends: memoryview = _EMPTY
    values: memoryview = _EMPTY
    value_ends: memoryview = _EMPTY


def make_table(items: Iterable[tuple[str, bytes]]) -> Table:
    """A table of (key, value bytes), sorted by key (a key given twice: the first wins)."""
    found: dict[bytes, bytes] = {}
    for key, value in items:
        found.setdefault(key.encode("utf-8"), value)
    keys, key_ends, values, value_ends = bytearray(), array("I"), bytearray(), array("I")
    for encoded in sorted(found):
        keys += encoded
        key_ends.append(len(keys))
        values += found[encoded]
        value_ends.append(len(values))
    return Table(memoryview(bytes(keys)), _le(key_ends), memoryview(bytes(values)), _le(value_ends))


def _le(offsets: "array[int]") -> memoryview:
    if sys.byteorder == "big":
        offsets = array("I", offsets)
        offsets.byteswap()
    return memoryview(offsets.tobytes())


def _offsets(data: memoryview) -> Sequence[int]:
    """The 32-bit offsets a table stores, read in place where the machine is little-endian."""
    if sys.byteorder == "little" and data.nbytes % 4 == 0:
        return data.cast("B").cast("I")
    found = array("I")
    found.frombytes(data)
    if sys.byteorder == "big":
        found.byteswap()
    return found


class TableView(Mapping[str, memoryview]):
    """A table read in place: ``view[key]`` is the key's value bytes, found by binary search
    over the keys' bytes (UTF-8 sorts as code points do); no object is made per key until it
    is asked for."""

    def __init__(self, table: Table) -> None:
        self._keys = table.keys
        self._key_ends = _offsets(table.key_ends)
        self._values = table.values
        self._value_ends = _offsets(table.value_ends)
        self._found: Remembered[str, int | None] = Remembered()  # positions (None: absent)

    def __len__(self) -> int:
        return len(self._key_ends)

    def _key(self, index: int) -> bytes:
        start = self._key_ends[index - 1] if index else 0
        return bytes(self._keys[start : self._key_ends[index]])

    def _value(self, index: int) -> memoryview:
        start = self._value_ends[index - 1] if index else 0
        return self._values[start : self._value_ends[index]]

    def index(self, key: str) -> int | None:
        """The position of ``key`` (None when the table does not have it)."""
        try:
            return self._found[key]
        except KeyError:
            pass
        wanted = key.encode("utf-8", "surrogatepass")
        at = bisect_left(_Keys(self), wanted)
        return self._found.remember(key, at if at < len(self) and self._key(at) == wanted else None)

    def __getitem__(self, key: str) -> memoryview:
        at = self.index(key) if isinstance(key, str) else None
        if at is None:
            raise KeyError(key)
        return self._value(at)

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and self.index(key) is not None

    def __iter__(self) -> Iterator[str]:
        return (self._key(i).decode("utf-8") for i in range(len(self)))

    def keys_from(self, prefix: str) -> Iterator[str]:
        """The keys that begin with ``prefix``, in order."""
        wanted = prefix.encode("utf-8", "surrogatepass")
        for at in range(bisect_left(_Keys(self), wanted), len(self)):
            key = self._key(at)
            if not key.startswith(wanted):
                return
            yield key.decode("utf-8")


class _Keys:
    """A table's keys as a sequence of bytes, for ``bisect``."""

    __slots__ = ("view",)

    def __init__(self, view: TableView) -> None:
        self.view = view

    def __len__(self) -> int:
        return len(self.view)

    def __getitem__(self, index: int) -> bytes:
        return self.view._key(index)


class Records(Mapping[str, T], Generic[T]):
    """Records by key from a table, each decoded the first time it is asked for."""

    def __init__(self, view: TableView, decode: Callable[[memoryview], T]) -> None:
        self._view = view
        self._decode = decode
        self._done: dict[str, T] = {}

    def __getitem__(self, key: str) -> T:
        try:
            return self._done[key]
        except KeyError:
            return self._decoded(key, self._view[key])

    def _decoded(self, key: str, raw: memoryview) -> T:
        """The record of ``key`` from its stored bytes, remembered."""
        try:
            found = self._done[key] = self._decode(raw)
        except (msgspec.DecodeError, UnicodeDecodeError) as exc:  # ValidationError is one
            raise DamagedCatalog(f"the record of {key!r} cannot be read ({exc})") from exc
        return found

    def __contains__(self, key: object) -> bool:
        return key in self._done or key in self._view

    def __iter__(self) -> Iterator[str]:
        return iter(self._view)

    def __len__(self) -> int:
        return len(self._view)

    def keys_from(self, prefix: str) -> Iterator[str]:
        """The keys that begin with ``prefix``, in order."""
        return self._view.keys_from(prefix)

    def values(self) -> ValuesView[T]:
        """Every record in key order, each decoded once (walked in place, not looked up)."""
        return _Values(self)

    def items(self) -> ItemsView[str, T]:
        """Every (key, record) in key order, each decoded once."""
        return _Items(self)

    def _walk(self) -> Iterator[tuple[str, T]]:
        view, done = self._view, self._done
        for index in range(len(view)):
            key = view._key(index).decode("utf-8")
            found = done.get(key)
            yield key, self._decoded(key, view._value(index)) if found is None else found


class _Values(ValuesView[T]):
    def __init__(self, owner: Records[T]) -> None:
        super().__init__(owner)
        self._owner = owner

    def __iter__(self) -> Iterator[T]:
        return (value for _, value in self._owner._walk())


class _Items(ItemsView[str, T]):
    def __init__(self, owner: Records[T]) -> None:
        super().__init__(owner)
        self._owner = owner

    def __iter__(self) -> Iterator[tuple[str, T]]:
        return self._owner._walk()


class Texts(Mapping[str, str]):
    """A table whose values are text (a card id): ``texts[title]``."""

    def __init__(self, view: TableView) -> None:
        self._view = view

    def __getitem__(self, key: str) -> str:
        try:
            return str(self._view[key], "utf-8")
        except UnicodeDecodeError as exc:
            raise DamagedCatalog(f"the text of {key!r} cannot be read ({exc})") from exc

    def __contains__(self, key: object) -> bool:
        return key in self._view

    def __iter__(self) -> Iterator[str]:
        return iter(self._view)

    def __len__(self) -> int:
        return len(self._view)


class CardEntry(msgspec.Struct, frozen=True, array_like=True):
    """A card as the catalogue stores it: the card, its printing codes and their sets."""

    card: Card
    printings: tuple[str, ...] = ()
    sets: tuple[str, ...] = ()


class Small(msgspec.Struct, frozen=True):
    """The data's small record lists, decoded whole: sets, cycles, factions, type and
    subtype names, formats with their snapshots, card pools."""

    sets: list[CardSet] = []
    cycles: list[Cycle] = []
    factions: list[Faction] = []
    types: list[Named] = []
    subtypes: list[Named] = []
    formats: list[FormatEntry] = []
    card_pools: list[CardPool] = []
    restriction_formats: dict[str, str] = {}  # ban list id -> its format id


class CatalogFile(msgspec.Struct, frozen=True):
    """A catalogue: what it is, the document it was compiled from, and its sections."""

    format: str
    schema_version: int
    document: str  # document_stamp of the JSON document it was compiled from
    origin: Origin = Origin()
    text_facts: int = 0
    unknown_rules: list[UnknownRule] = []
    small: memoryview = _EMPTY  # a Small
    cards: Table = Table()  # card id -> CardEntry
    printings: Table = Table()  # code -> Printing
    restrictions: Table = Table()  # id -> Restriction
    exact_titles: Table = Table()  # title as printed -> card id
    titles: Table = Table()  # normalised title (stripped, faces) -> card id
    loose: Table = Table()  # punctuation dropped -> card ids (MessagePack list)
    squashed: Table = Table()  # and white space -> card ids
    subtypes: Table = Table()  # subtype id -> the ids of the cards with it (MessagePack list)
    suggestions: memoryview = _EMPTY  # (sorted titles, the same accent-folded): "did you mean"
    translations: memoryview = _EMPTY  # a Translated (empty: no titles in other languages)


class Translated(msgspec.Struct, frozen=True):
    """The titles in other languages, as the catalogue stores them."""

    origin: Origin = Origin()
    exact: Table = Table()  # normalised title -> (language, card id) pairs (MessagePack)
    loose: Table = Table()  # punctuation (and white space) dropped -> pairs
    languages: Table = Table()  # language -> its LanguageTitles (MessagePack)
    headers: tuple[str, ...] = ()  # type and subtype names, normalised, every language
    set_names: tuple[str, ...] = ()  # set names as the data spells them, every language


def decoder(kind: type[T]) -> Callable[[memoryview], T]:
    """Decode one stored value of ``kind``."""
    return msgspec.msgpack.Decoder(kind).decode


def read_catalog(data: bytes, *, verify: bool = True) -> CatalogFile | None:
    """The catalogue in ``data``, or None when it is not one this nrdeck reads (another
    schema, damaged): the caller falls back to the document it was compiled from.

    ``verify``: check the body against its CRC-32 (every catalogue but the one shipped inside
    nrdeck, whose size is checked: a CRC-32 of it is a measurable part of a check's start-up,
    docs/design/startup.md).
    """
    body = memoryview(data)[:-4]
    if len(data) < 4 or (verify and zlib.crc32(body) != int.from_bytes(data[-4:], "little")):
        return None
    try:
        found = msgspec.msgpack.decode(body, type=CatalogFile)
    except (msgspec.DecodeError, ValueError):
        return None
    if found.format != CATALOG_FORMAT or found.schema_version != CATALOG_SCHEMA:
        return None
    return found


def records(table: Table, kind: type[T]) -> Records[T]:
    """A table's records, each decoded on first use."""
    return Records(TableView(table), decoder(kind))


def restrictions_of(file: CatalogFile) -> Records[Restriction]:
    """The catalogue's ban lists, each decoded on first use."""
    return records(file.restrictions, Restriction)


def entries_of(file: CatalogFile) -> Records[CardEntry]:
    """The catalogue's cards with their printings and sets, each decoded on first use."""
    return records(file.cards, CardEntry)


def printings_of(file: CatalogFile) -> Records[Printing]:
    """The catalogue's printings, each decoded on first use."""
    return records(file.printings, Printing)


def small_of(file: CatalogFile) -> Small:
    """The small record lists, decoded."""
    return decoder(Small)(file.small) if file.small.nbytes else Small()


def encoded_items(pairs: Iterable[tuple[str, Any]]) -> Iterator[tuple[str, bytes]]:
    """(key, value) as (key, MessagePack of value)."""
    return ((key, encode(value)) for key, value in pairs)
