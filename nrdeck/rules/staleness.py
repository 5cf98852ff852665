"""Stale card data: a date checked long after the data's own date is never silently current."""

from __future__ import annotations

import datetime as dt

from nrdeck.cardrecords import DataInfo

STALE_AFTER_DAYS = 90


def stale_data(info: DataInfo, day: dt.date) -> str | None:
    """A warning when ``day`` is more than 90 days after what the data can know (else None)."""
    known = info.known_as_of()
    if known is None or (day - known).days <= STALE_AFTER_DAYS:
        return None
    return (
        f"the card data ({info.describe()}) is {(day - known).days} days older than the date "
        f"checked ({day}): ban lists, rotations and sets published since {known} are unknown "
        "to it; run 'nrdeck data update'"
    )
