"""The stored card document's shape: what nrdeck writes and reads, not what it checks with.

The facts-only card document (the bundled snapshot, the cache, a pinned ``--data`` file) and
the titles document beside it: ``nrdeck.cards.document`` writes and reads them (their
envelopes and versions are its own), and ``FactsDocument`` decodes a document straight into
the records of ``cards`` (which every reader of the card data uses), strictly (a missing,
unknown or mistyped field is an error), in one C pass.
"""

import datetime as dt

import msgspec

from nrdeck.catalog.records.cards import (
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
    text_facts: int = 0  # the rule's version when the cards carry the facts read from text


class TitlesDocument(msgspec.Struct, frozen=True, omit_defaults=True):
    """The titles document written beside a card document (``<name>.titles.json``).

    Kept apart from the card document so that reading English lists never decodes it: it is
    read on the first title the English titles do not know. ``index`` holds every title
    already normalised (-> (language, card id) pairs), made with version ``keys`` of
    nrdeck's title normalisation (``nrdeck.catalog.indexed_titles`` makes it); with another
    version, or none, the titles are indexed again when read.
    """

    format: str
    schema_version: int
    languages: dict[str, LanguageTitles]
    origin: Origin = Origin()
    index: dict[str, tuple[tuple[str, str], ...]] = {}
    keys: int = 0
