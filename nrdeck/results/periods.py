"""What `nrdeck data periods` and ``nrdeck.in_force`` return: a format's periods as values."""

from __future__ import annotations

import datetime as dt

import msgspec

from nrdeck.catalog.records import DataInfo
from nrdeck.catalog.ruletables import AgendaCap


class SetRelease(msgspec.Struct, frozen=True):
    """A set of the period's pool released during the period, and when its cards are legal."""

    set_id: str
    name: str
    released: dt.date  # legal at casual events (corrected where nrdeck's table says so)
    # legal at competitive events: the second Friday after (docs/reference/legality.md §4)
    competitive: dt.date


class Change(msgspec.Struct, frozen=True):
    """One thing a period changed from the period before it (docs/reference/legality.md
    §4, "What changed").

    ``kind``: ``banned``, ``unbanned``, ``restricted``, ``unrestricted`` (a card: ``subject``
    is its id, ``name`` its title); ``points``, ``universal-influence``, ``global-penalty`` (a
    card's value, ``before`` and ``after``: None where it had none); ``set-in``, ``set-out``
    (a set of the pool); ``agenda-cap`` (Startup's cap, ``before``/``after`` its max copies,
    ``min_points`` the points an agenda is worth to count, None where no cap).
    """

    kind: str
    subject: str = ""
    name: str = ""
    before: int | None = None
    after: int | None = None
    min_points: int | None = None


CHANGE_KINDS = (
    "banned",
    "unbanned",
    "restricted",
    "unrestricted",
    "points",
    "universal-influence",
    "global-penalty",
    "set-in",
    "set-out",
    "agenda-cap",
)


class FormatPeriod(msgspec.Struct, frozen=True):
    """One period of a format on nrdeck's corrected timeline: what is in force from ``start``
    until ``end`` (excluded; None: still in force)."""

    format_id: str
    format_name: str
    start: dt.date
    end: dt.date | None
    snapshot_id: str  # "" for a community format's period (it has no snapshot)
    card_pool_id: str
    card_pool_name: str
    restriction_id: str | None  # the ban list in force (None: none)
    restriction_name: str | None  # NetrunnerDB's name of it
    restriction_nsg_name: str | None = None  # Null Signal Games' name, where it differs
    restriction_source: str | None = None  # where a community format's list comes from
    agenda_cap: AgendaCap | None = None  # Startup: at most N agendas worth M or more points
    agenda_cap_rule: str = ""  # the list whose cap it is
    corrections: tuple[str, ...] = ()  # nrdeck's corrections to the data this period uses
    releases: tuple[SetRelease, ...] = ()  # the pool's sets released during the period
    warnings: tuple[str, ...] = ()  # rules of its list nrdeck does not apply; a cap borrowed
    # on the answer for a date long after the card data's own: lists since are unknown to it
    stale_data: str | None = None
    changes: tuple[Change, ...] = ()  # from the period before (none for the first)

    def covers(self, day: dt.date) -> bool:
        """True when the period is in force on the day."""
        return self.start <= day and (self.end is None or day < self.end)


class FormatPeriods(msgspec.Struct, frozen=True):
    """A format's whole corrected timeline, and the period in force on ``as_of``."""

    format_id: str
    format_name: str
    as_of: dt.date
    periods: tuple[FormatPeriod, ...]
    in_force: FormatPeriod | None  # on as_of (None: before the format's first period)
    data: DataInfo
    warnings: tuple[str, ...] = ()  # nrdeck's own tables naming what the data lacks
    stale_data: str | None = None
    format_note: str | None = None  # the card data's format used, not a shipped file's
