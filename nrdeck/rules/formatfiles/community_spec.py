"""A community format as the checks use it: its periods, pools and lists, each list with its
source (read from its file by ``community_file``)."""

from __future__ import annotations

import datetime as dt

import msgspec

from nrdeck.catalog.records import Restriction
from nrdeck.rules.calendar import HouseRules


class PoolSpec(msgspec.Struct, frozen=True):
    """A pool: sets and cycles, a NetrunnerDB pool, or every card legal in a format so far."""

    id: str
    name: str
    sets: frozenset[str] = frozenset()  # cycles expanded
    card_pool: str | None = None
    legal_in: str | None = None


class ListSpec(msgspec.Struct, frozen=True):
    """A community ban list, with where it comes from."""

    id: str
    name: str
    date: dt.date | None = None
    source: str = ""
    commit: str = ""
    banned: frozenset[str] = frozenset()
    banned_subtypes: frozenset[str] = frozenset()
    restricted: frozenset[str] = frozenset()
    warnings: tuple[str, ...] = ()  # cards the card data does not know (the list is newer)

    def provenance(self) -> str | None:
        """'URL at COMMIT' (the URL alone when it holds the commit), or None."""
        if self.source and self.commit and self.commit not in self.source:
            return f"{self.source} at {self.commit}"
        return self.source or (f"commit {self.commit}" if self.commit else None)

    def restriction(self, format_id: str, start: dt.date) -> Restriction:
        """The list as the checks use a ban list."""
        return Restriction(
            id=self.id,
            name=self.name,
            format_id=format_id,
            date_start=self.date or start,
            banned=self.banned,
            restricted=self.restricted,
            banned_subtypes=self.banned_subtypes,
        )


class PeriodSpec(msgspec.Struct, frozen=True):
    """One dated period: from its day until the next period's."""

    start: dt.date
    pool: PoolSpec
    list_id: str | None  # a list of the file, or of the card data; None: no list
    rules: HouseRules


class CommunityFormat(msgspec.Struct, frozen=True):
    """A checked community format: its periods in date order and its lists."""

    id: str
    name: str
    path: str
    periods: tuple[PeriodSpec, ...]
    lists: dict[str, ListSpec]
    source: str = ""
    commit: str = ""
    notes: str = ""

    def list_start(self, list_id: str) -> dt.date | None:
        """The list's own date, else the first day a period uses it."""
        found = self.lists.get(list_id)
        if found is not None and found.date is not None:
            return found.date
        return next((p.start for p in self.periods if p.list_id == list_id), None)
