"""Stale card data: a date checked long after the data's own date is never silently current."""

from __future__ import annotations

import datetime as dt

from nrdeck.catalog import DataInfo

STALE_AFTER_DAYS = 90


def stale_data(info: DataInfo, day: dt.date) -> str | None:
    """A warning when ``day`` is more than 90 days after what the data can know (else None),
    with the advice that fits how the data was chosen (docs/reference/legality.md §4)."""
    facts = stale_facts(info, day, info.describe())
    return None if facts is None else f"{facts}; {refresh_advice(info)}"


def stale_facts(info: DataInfo, day: dt.date, described: str) -> str | None:
    """What ``stale_data`` says, without the advice (``described``: the data, as named)."""
    known = info.known_as_of()
    if known is None or (day - known).days <= STALE_AFTER_DAYS:
        return None
    return (
        f"the card data ({described}) is {(day - known).days} days older than the date "
        f"checked ({day}): ban lists, rotations and sets published since {known} are unknown "
        "to it"
    )


def refresh_advice(info: DataInfo) -> str:
    """What gets newer card data, the way this data was chosen: ``data update`` where the
    cache is used; a newer nrdeck or a rebuilt file where it is not (the hook, the Action)."""
    if info.kind == "file":
        return (
            f"rebuild the pinned file ('nrdeck data build --from <netrunner-cards-json "
            f"checkout> --out {info.path}'); 'nrdeck data update' does not change it"
        )
    if info.kind == "bundled" and info.hermetic:
        return (
            "a newer nrdeck bundles newer data (raise the pre-commit hook's rev or the GitHub "
            "Action's pinned commit), or pass --data with a file from 'nrdeck data build'; "
            "'nrdeck data update' does not change a run without the cache"
        )
    if info.kind == "cache" and not info.downloaded:
        return "run 'nrdeck data update', or 'nrdeck data import' a newer checkout"
    return "run 'nrdeck data update'"
