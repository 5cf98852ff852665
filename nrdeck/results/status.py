"""What ``nrdeck data status`` reports: the card data in use, what is in force today, and the
state of each of nrdeck's corrections for that data."""

from __future__ import annotations

import datetime as dt
from typing import Literal

import msgspec

State = Literal["applied", "fixed-upstream", "target-missing"]


class CorrectionState(msgspec.Struct, frozen=True):
    """One correction entry and whether the data in use needs it."""

    kind: str  # "snapshot date", "excluded snapshot", "set release", "pool addition"
    target: str  # the id it corrects
    state: State
    detail: str  # what the data has, in a few words

    def describe(self) -> str:
        """'snapshot date standard_30: not applied, the data has 2025-04-24 (fixed upstream)'."""
        words = {
            "applied": "applied",
            "fixed-upstream": "not applied, fixed upstream",
            "target-missing": "not applied, nothing to correct",
        }
        return f"{self.kind} {self.target}: {words[self.state]} ({self.detail})"


class FormatStatus(msgspec.Struct, frozen=True):
    """A format's period in force today (the corrected timeline), and what the data marks active."""

    format_id: str
    name: str
    snapshot_id: str | None  # in force today; None before the format's first period
    card_pool_id: str | None
    restriction_id: str | None
    since: dt.date | None  # the period's start
    active_snapshot_id: str | None  # what the data marks active (it lags: never used to check)


class DataStatus(msgspec.Struct, frozen=True):
    """What ``data status`` shows."""

    description: str
    kind: str
    source: str
    dataset_date: str | None
    fetched_at: str | None
    path: str | None
    counts: dict[str, int]
    formats: tuple[FormatStatus, ...]
    corrections: tuple[CorrectionState, ...]
    warnings: tuple[str, ...]
    today: dt.date | None = None  # the date "in force today" means
