"""nrdeck's own rule tables (``data/``), loaded with the cards and handed to the rules.

Facts nrdeck keeps beside NetrunnerDB's data, each entry with its source or reason:
corrections to the format data (``corrections.json``), dated errata to cards' deckbuilding
facts (``errata.json``), Startup's agenda cap for sources that lack it (``agenda_caps.json``),
card ids renamed upstream (``moved_ids.json``) and the names Null Signal Games publishes for
ban lists where NetrunnerDB's differ (``list_names.json``). The card-data loaders decode them
strictly into these records (``CardDB.tables``); the rules never read a file.
"""

import datetime as dt
from collections.abc import Callable
from typing import Literal, TypeVar

import msgspec

T = TypeVar("T")


class SnapshotDate(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A snapshot whose start date the data has wrong."""

    snapshot_id: str
    data_date: dt.date  # what the data says (the fix is skipped once the data changes)
    date: dt.date
    reason: str


class ExcludedSnapshot(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A snapshot filed under a format it is not a period of."""

    snapshot_id: str
    reason: str


class SetReleaseDate(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A set legal from another date than its release date in the data."""

    set_id: str
    data_date: dt.date
    date: dt.date
    reason: str


class LateRestrictions(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Why a ban list that starts after its snapshot applies from its own date."""

    reason: str = ""


class PoolGrowth(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Which formats' pools grow with releases between rotations, and by which set types."""

    formats: frozenset[str] = frozenset()
    set_types: frozenset[str] = frozenset()
    reason: str = ""


class PoolAddition(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Cycles a card pool lacks in the data, part of it from each of their sets' release."""

    card_pool_id: str
    card_cycle_ids: tuple[str, ...]
    reason: str


class Corrections(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The documented corrections to the format data (``data/corrections.json``)."""

    about: str = ""
    snapshot_dates: tuple[SnapshotDate, ...] = ()
    excluded_snapshots: tuple[ExcludedSnapshot, ...] = ()
    set_release_dates: tuple[SetReleaseDate, ...] = ()
    late_restrictions: LateRestrictions = LateRestrictions()
    pool_growth: PoolGrowth = PoolGrowth()
    pool_additions: tuple[PoolAddition, ...] = ()

    def snapshot_date(self, snapshot_id: str, data_date: dt.date) -> SnapshotDate | None:
        """The date fix for a snapshot, unless the data no longer has the wrong date."""
        return next(
            (
                f
                for f in self.snapshot_dates
                if f.snapshot_id == snapshot_id and f.data_date == data_date
            ),
            None,
        )

    def excluded(self, snapshot_id: str) -> str | None:
        """Why a snapshot is not a period of its format (None: it is one)."""
        return next(
            (e.reason for e in self.excluded_snapshots if e.snapshot_id == snapshot_id), None
        )

    def set_release(self, set_id: str, data_date: dt.date | None) -> SetReleaseDate | None:
        """The legality date fix for a set, unless the data no longer has the wrong date."""
        return next(
            (f for f in self.set_release_dates if f.set_id == set_id and f.data_date == data_date),
            None,
        )

    def pool_additions_of(self, pool_id: str) -> tuple[PoolAddition, ...]:
        """The additions to one card pool."""
        return tuple(a for a in self.pool_additions if a.card_pool_id == pool_id)


class Erratum(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A card's deckbuilding fact as it was between two dates (``until`` excluded)."""

    card_id: str
    property: Literal["deck_limit"]  # the Card field it replaces
    value: int
    text: str  # the errata's wording, as printed in its source
    from_: dt.date = msgspec.field(name="from")
    until: dt.date | None = None  # None: still in force
    source: str = ""

    def in_force(self, day: dt.date) -> bool:
        """True on the days the errata applies."""
        return self.from_ <= day and (self.until is None or day < self.until)

    def describe(self) -> str:
        """'errata "Limit 1 per deck." from 2016-07-18 until 2025-04-04 (FFG FAQ 3.1, …)'."""
        until = f" until {self.until}" if self.until else ""
        return f'errata "{self.text}" from {self.from_}{until} ({self.source})'


class Errata(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The dated errata table (``data/errata.json``)."""

    about: str = ""
    errata: tuple[Erratum, ...] = ()

    def of_card(self, card_id: str) -> tuple[Erratum, ...]:
        """A card's errata, oldest first."""
        return tuple(sorted((e for e in self.errata if e.card_id == card_id), key=_start))


class AgendaCap(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """At most ``max_copies`` agenda copies worth ``min_points`` or more, under a list."""

    min_points: int
    max_copies: int


class ListCap(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The agenda cap a ban list sets, with the list's start date and the source."""

    restriction_id: str
    format_id: str
    date: dt.date  # the list's start: a newer list not in the table takes the latest earlier
    cap: AgendaCap
    source: str


class AgendaCaps(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Caps on high-value agendas per ban list (``data/agenda_caps.json``)."""

    about: str = ""
    lists: tuple[ListCap, ...] = ()

    def of_list(self, restriction_id: str) -> ListCap | None:
        """The table's entry for this list."""
        return next((c for c in self.lists if c.restriction_id == restriction_id), None)


class MovedCard(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A card NetrunnerDB renamed: the same card (the same printings) under a new id."""

    old: str
    new: str
    printings: tuple[str, ...]
    source: str


class MovedIds(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Card ids renamed upstream (``data/moved_ids.json``)."""

    about: str = ""
    cards: tuple[MovedCard, ...] = ()

    def other_names(self, card_id: str) -> tuple[str, ...]:
        """The card's other ids: its new id for an old one, its old ids for a new one."""
        return tuple(
            m.new if m.old == card_id else m.old for m in self.cards if card_id in (m.old, m.new)
        )


class ListAlias(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A name Null Signal Games publishes for a ban list whose name in the data differs."""

    restriction_id: str
    format_id: str
    name: str  # as Null Signal Games publishes it: 'Startup Balance Update 26.04'
    source: str


class ClassicOnly(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Lists filed under a format only for NetrunnerDB's classic site (by their id's ending)."""

    id_suffix: str
    reason: str


class ListNames(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Ban list names of nrdeck's own (``data/list_names.json``)."""

    about: str = ""
    aliases: tuple[ListAlias, ...] = ()
    classic_only: tuple[ClassicOnly, ...] = ()

    def alias_of(self, restriction_id: str) -> ListAlias | None:
        """Null Signal Games' name for the list, when the table has one."""
        return next((a for a in self.aliases if a.restriction_id == restriction_id), None)

    def is_classic_only(self, restriction_id: str) -> bool:
        """True for a copy filed under a format only for NetrunnerDB's classic site."""
        return any(restriction_id.endswith(c.id_suffix) for c in self.classic_only)


class RuleTableError(ValueError):
    """A rule table that cannot be decoded: the name of its file, and what is wrong."""

    def __init__(self, name: str, detail: str) -> None:
        super().__init__(f"{name}: {detail}")
        self.name = name
        self.detail = detail


class RuleTables(msgspec.Struct, frozen=True):
    """Every table of nrdeck's own that the rules use."""

    corrections: Corrections = Corrections()
    errata: Errata = Errata()
    agenda_caps: AgendaCaps = AgendaCaps()
    moved_ids: MovedIds = MovedIds()
    list_names: ListNames = ListNames()

    @classmethod
    def read(cls, read: Callable[[str], bytes]) -> "RuleTables":
        """The tables, decoded strictly from their files (``read``: a file's bytes by its
        name, ``corrections.json``...); RuleTableError naming the file that cannot be."""
        return cls(
            corrections=_decoded(read, "corrections.json", Corrections),
            errata=_decoded(read, "errata.json", Errata),
            agenda_caps=_decoded(read, "agenda_caps.json", AgendaCaps),
            moved_ids=_decoded(read, "moved_ids.json", MovedIds),
            list_names=_decoded(read, "list_names.json", ListNames),
        )


def _start(erratum: Erratum) -> dt.date:
    return erratum.from_


def _decoded(read: Callable[[str], bytes], name: str, kind: type[T]) -> T:
    """The table in the file ``name`` (msgspec's message names the bad field)."""
    try:
        return msgspec.json.decode(read(name), type=kind)
    except msgspec.DecodeError as exc:  # ValidationError is one
        raise RuleTableError(name, str(exc)) from exc


__all__ = ["AgendaCap", "Corrections", "Erratum", "ListAlias", "RuleTableError", "RuleTables"]
