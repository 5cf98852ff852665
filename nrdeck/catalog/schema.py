"""The stored card document's shape: what nrdeck writes and reads, not what it checks with.

The facts-only card document (the bundled snapshot, the cache, a pinned ``--data`` file) and
the titles document beside it, their envelopes and versions: ``nrdeck.cards.document``
writes and reads them, and ``FactsDocument`` decodes a document straight into the records
of ``records`` (which every reader of the card data uses), strictly (a missing, unknown or
mistyped field is an error), in one C pass. A new way of storing the card data replaces
this module; the records stay.
"""

import datetime as dt
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TypeVar

import msgspec

from nrdeck.catalog.records import (
    Card,
    CardPool,
    CardSet,
    Cycle,
    Faction,
    Format,
    FormatSnapshot,
    LanguageTitles,
    Named,
    Printing,
    Record,
    Restriction,
    UnknownRule,
)

# The document's envelope: what the file says it is (checked on every load)
DOCUMENT_FORMAT = "nrdeck-card-data"
DOCUMENT_SCHEMA = 1
# The version of the rule that reads card text into facts (docs/card-facts.md); a document
# records the version it was built with, 0 (absent) when it was built before the rule.
TEXT_FACTS = 1
# The titles document beside it: card titles and type names in other languages
TITLES_FORMAT = "nrdeck-card-titles"
TITLES_SCHEMA = 1
TITLES_SUFFIX = ".titles.json"


T = TypeVar("T")


def tuple_of(items: Iterable[T]) -> tuple[T, ...]:
    """``tuple(items)``, the empty tuple itself when there are none.

    On Python 3.10 ``tuple()`` of an empty generator is a new empty tuple, not ``()``, and
    msgspec's ``omit_defaults`` takes only ``()`` itself for a field's default ``()``: a
    document built on 3.10 said ``"face_titles":[]`` where one built on 3.11 leaves it out.
    Records that are written out are built with this, so a document's bytes never depend on
    the Python that built it.
    """
    return tuple(items) or ()


def titles_path(document: Path) -> Path:
    """Where the titles of a card document live: ``cards.json`` -> ``cards.titles.json``."""
    return document.with_name(document.name.removesuffix(".json") + TITLES_SUFFIX)


class Origin(msgspec.Struct, frozen=True):
    """Where a card document's facts came from."""

    source: str = "unknown"
    dataset_date: str | None = None
    url: str | None = None


class SnapshotEntry(Record, frozen=True):
    """A format snapshot as the document stores it (inside its format)."""

    id: str
    card_pool_id: str
    date_start: dt.date
    restriction_id: str | None = None
    active: bool = False


class FormatEntry(Record, frozen=True):
    """A format as the document stores it."""

    id: str
    name: str
    snapshots: tuple[SnapshotEntry, ...]

    def record(self) -> Format:
        """The Format record, each snapshot knowing its format."""
        snaps = tuple(
            FormatSnapshot(
                id=s.id,
                format_id=self.id,
                card_pool_id=s.card_pool_id,
                restriction_id=s.restriction_id,
                date_start=s.date_start,
                active=s.active,
            )
            for s in self.snapshots
        )
        return Format(id=self.id, name=self.name, snapshots=snaps)


class FactsDocument(msgspec.Struct, frozen=True, omit_defaults=True):
    """nrdeck's facts-only card document, decoded straight into records (typed, strict).

    Empty optional lists are left out when written (``omit_defaults``), so a document with
    nothing to record in them keeps the shape older nrdeck versions read; a document written
    before a field existed reads with its default (``text_facts`` 0: no facts from text).
    """

    format: str
    schema_version: int
    cards: list[Card]
    printings: list[Printing]
    sets: list[CardSet]
    cycles: list[Cycle]
    factions: list[Faction]
    formats: list[FormatEntry]
    card_pools: list[CardPool]
    restrictions: list[Restriction]
    types: list[Named] = []
    subtypes: list[Named] = []
    origin: Origin = Origin()
    unknown_rules: list[UnknownRule] = []
    text_facts: int = 0  # TEXT_FACTS when the cards carry the facts read from their text


class Envelope(msgspec.Struct):
    """Only a document's envelope: what a damaged or foreign file is read as."""

    format: object = None
    schema_version: object = None


class TitlesDocument(msgspec.Struct, frozen=True, omit_defaults=True):
    """The titles document written beside a card document (``<name>.titles.json``).

    Kept apart from the card document so that reading English lists never decodes it: it is
    read on the first title the English titles do not know. ``index`` holds every title
    already normalised (-> (language, card id) pairs), made with version ``keys`` of
    nrdeck's title normalisation (``titlekeys.TITLE_KEYS``); with another version, or none,
    the titles are indexed again when read.
    """

    format: str
    schema_version: int
    languages: dict[str, LanguageTitles]
    origin: Origin = Origin()
    index: dict[str, tuple[tuple[str, str], ...]] = {}
    keys: int = 0


# What a titles loader gives: the titles (None: none to be had), and a note saying where they
# come from when not from the card data in use ("" when they do)
TitlesLoaded = tuple[TitlesDocument | None, str]
TitlesLoader = Callable[[], TitlesLoaded]
