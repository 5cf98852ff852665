"""nrdeck's own rule tables (``data/``): corrections to the format data, loaded with the cards.

The tables are facts nrdeck keeps beside NetrunnerDB's data. They are decoded strictly into
these records by the card-data loaders and handed to the rules with the card database
(``CardDB.tables``); the rules never read a file.
"""

from __future__ import annotations

import datetime as dt

import msgspec


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


class Corrections(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The documented corrections to the format data (``data/corrections.json``)."""

    about: str = ""
    snapshot_dates: tuple[SnapshotDate, ...] = ()
    excluded_snapshots: tuple[ExcludedSnapshot, ...] = ()
    set_release_dates: tuple[SetReleaseDate, ...] = ()
    late_restrictions: LateRestrictions = LateRestrictions()
    pool_growth: PoolGrowth = PoolGrowth()

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


class RuleTables(msgspec.Struct, frozen=True):
    """Every table of nrdeck's own that the rules use."""

    corrections: Corrections = Corrections()


def decode_corrections(raw: bytes) -> Corrections:
    """``data/corrections.json`` as records (msgspec errors name the bad field)."""
    return msgspec.json.decode(raw, type=Corrections)
