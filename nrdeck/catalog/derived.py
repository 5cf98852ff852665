"""What is derived from a card database: one object beside it (``CardDB.derived``), one field
per index, each built on first use, once, whichever thread asks first.

The database's records never change once it is made, so an index built from them is good for
as long as the database lives, and dies with it. A field is a ``Lazy`` (the whole index, built
on the first read) or a ``ByKey`` (built key by key: a catalogue decodes only what a run asks
for). Every build runs under the one lock of its ``Derived``, checked again once the lock is
held, so two threads never build an index twice and a reader never sees half of one; a
build may read another field (the lock is re-entrant). Nothing else in nrdeck keeps answers
about a database: what depends on a question as well (a format, a title asked) is a bounded
``functools.lru_cache`` on a pure function (docs/design/memory.md).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Container, Hashable, Mapping
from typing import TYPE_CHECKING, Generic, TypeVar

import msgspec

from nrdeck.catalog.records import Restriction

if TYPE_CHECKING:
    from nrdeck.catalog.translations import Translations

T = TypeVar("T")
K = TypeVar("K", bound=Hashable)
V = TypeVar("V")
Choices = tuple[list[str], list[str]]  # sorted titles, and the same accent-folded
# titles without punctuation -> card ids, and the same without white space
LooseTitles = tuple[Mapping[str, tuple[str, ...]], Mapping[str, tuple[str, ...]]]


class Lazy(Generic[T]):
    """A value built on its first read (``lazy()``), once, under its owner's lock (never
    None: None is what it holds until then)."""

    __slots__ = ("_build", "_lock", "_value")

    def __init__(self, build: Callable[[], T], lock: threading.RLock) -> None:
        self._build = build
        self._lock = lock
        self._value: T | None = None

    def __call__(self) -> T:
        value = self._value
        if value is None:
            with self._lock:
                value = self._value
                if value is None:
                    value = self._value = self._build()
        return value


class ByKey(dict[K, V]):
    """An index built key by key: ``index[key]`` builds the key's value on first ask, under
    its owner's lock, and keeps it when the key is one of the database's (``known``): it
    never holds more than one value per key of the database, whatever a run asks."""

    def __init__(self, build: Callable[[K], V], lock: threading.RLock, known: Container[K]) -> None:
        super().__init__()
        self._build = build
        self._lock = lock
        self._known = known

    def __missing__(self, key: K) -> V:
        with self._lock:
            if key in self:  # built by another thread meanwhile
                return dict.__getitem__(self, key)
            value = self._build(key)
            if key in self._known:
                dict.__setitem__(self, key, value)
            return value


class Derived(msgspec.Struct, frozen=True):
    """Every index of one card database (what each holds: ``CardDB``'s methods that read it).

    Made by the database itself (``CardDB.derived``), which says how each is built; all share
    ``lock``. Read-only to everyone else: ``rules/`` and ``sim/`` read these, and write none.
    """

    lock: threading.RLock
    printings_by_card: Lazy[Mapping[str, list[str]]]  # card id -> printing codes, code order
    exact_titles: Lazy[Mapping[str, str]]  # title as printed -> card id
    titles: Lazy[Mapping[str, str]]  # normalised title, stripped title, faces -> card id
    loose_titles: Lazy[LooseTitles]  # titles without punctuation (then spaces) -> card ids
    sorted_loose_titles: Lazy[list[str]]  # the loose titles in order (prefix search)
    suggestion_choices: Lazy[Choices]  # what "did you mean" chooses from
    most_commas_in_a_title: Lazy[int]  # in any title, stripped title or face title
    translations: Lazy[Translations]  # the titles in other languages
    sets_by_card: ByKey[str, frozenset[str]]  # card id -> every set that prints it
    pool_sets: ByKey[str, frozenset[str]]  # card pool id -> its sets and its cycles' sets
    pool_cards: ByKey[str, frozenset[str]]  # card pool id -> its cards
    subtype_cards: ByKey[str, tuple[str, ...]]  # subtype id -> its cards, in id order
    filed_under: ByKey[str, tuple[Restriction, ...]]  # format id -> its ban lists, id order
    set_quantities: ByKey[str, Mapping[str, int]]  # set id -> card id -> copies in a box
