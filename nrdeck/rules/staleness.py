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
        f"the date checked ({day}) is {(day - known).days} days after the card data's date "
        f"({known}, {info.describe()}): ban lists, rotations and sets published since are "
        "unknown to it; run 'nrdeck data update'"
    )
