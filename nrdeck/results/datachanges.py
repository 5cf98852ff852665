"""What changed between two card documents (``nrdeck data compare``, ``data build --report``):
the report a maintainer reads before a new snapshot lands."""

from __future__ import annotations

import datetime as dt

import msgspec

from nrdeck.results.periods import FormatPeriod


class NamedId(msgspec.Struct, frozen=True):
    """An id and what the data calls it (a format, list, set or card added or removed)."""

    id: str
    name: str


class Retitled(msgspec.Struct, frozen=True):
    """A card whose title changed (same id)."""

    id: str
    before: str
    after: str


class Renamed(msgspec.Struct, frozen=True):
    """A card the new data has under another id (found by a printing code they share)."""

    before: str
    after: str
    title: str


class ListEdit(msgspec.Struct, frozen=True):
    """A ban list both documents have, whose contents changed: ``what`` says how."""

    id: str
    name: str
    what: tuple[str, ...]


class SetDate(msgspec.Struct, frozen=True):
    """A set whose release date changed."""

    id: str
    name: str
    before: dt.date | None
    after: dt.date | None


class ActiveMark(msgspec.Struct, frozen=True):
    """The snapshot NetrunnerDB's data marks active in a format, where it moved (the mark
    lags behind the calendar; nrdeck never chooses by it)."""

    format_id: str
    before: str | None
    after: str | None


class StartupCap(msgspec.Struct, frozen=True):
    """A Startup list new in the data, its cap in the data and in nrdeck's table."""

    id: str
    name: str
    data: int | None  # max_3_point_agendas in the card data
    table: int | None  # data/agenda_caps.json's max copies (None: no entry)


class DataChanges(msgspec.Struct, frozen=True):
    """Everything a maintainer must read about a new card document, next to the old one."""

    before: str  # the old document, described
    after: str
    before_date: str | None
    after_date: str | None
    formats_added: tuple[NamedId, ...] = ()
    formats_removed: tuple[NamedId, ...] = ()
    periods_added: tuple[FormatPeriod, ...] = ()  # each with what it changed (.changes)
    lists_added: tuple[NamedId, ...] = ()
    lists_removed: tuple[NamedId, ...] = ()
    lists_changed: tuple[ListEdit, ...] = ()
    sets_added: tuple[NamedId, ...] = ()
    sets_removed: tuple[NamedId, ...] = ()
    set_dates: tuple[SetDate, ...] = ()
    cards_added: tuple[NamedId, ...] = ()
    cards_removed: tuple[NamedId, ...] = ()
    cards_retitled: tuple[Retitled, ...] = ()
    ids_renamed: tuple[Renamed, ...] = ()
    printings_added: int = 0
    startup_caps: tuple[StartupCap, ...] = ()
    active_marks: tuple[ActiveMark, ...] = ()
    unknown_keys: tuple[str, ...] = ()  # keys the new data has that nrdeck does not apply
    warnings: tuple[str, ...] = ()  # nrdeck's own tables next to the new data

    @property
    def changed(self) -> bool:
        """True when anything but the documents' dates changed."""
        return any(
            getattr(self, field)
            for field in self.__struct_fields__
            if field not in ("before", "after", "before_date", "after_date", "warnings")
        )
