"""Choosing what is in force: one selection value, one entry point for every kind of format."""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

import msgspec
from msgspec.structs import replace

from nrdeck.catalog import CardDB
from nrdeck.rules.calendar import CASUAL_TIER, InForce, check_tier, select_builtin

if TYPE_CHECKING:
    from nrdeck.rules.formatfiles import FormatSource


class Selection(msgspec.Struct, frozen=True):
    """What the options ask for: a format, a date, maybe a snapshot, ban list or format file.

    ``today`` is given by the caller (the core never reads the clock): without ``as_of`` or a
    snapshot it is the date checked. ``format_file``, a house or community format
    (``--format-file``, or ``--format astro``: a file nrdeck ships), comes as the table the
    caller read from it, and is checked against the card data here. ``tier``: ``casual``
    (sets legal on release) or ``competitive`` (docs/reference/legality.md §4). ``community_ids``:
    the community formats nrdeck ships, for "did you mean" when ``format_id`` names no format.
    """

    today: dt.date
    format_id: str = "standard"
    as_of: dt.date | None = None
    snapshot_id: str | None = None
    banlist_id: str | None = None
    format_file: FormatSource | None = None
    tier: str = CASUAL_TIER
    community_ids: tuple[str, ...] = ()
    format_given: bool = False  # --format given on purpose: a format file must agree with it


def select(db: CardDB, selection: Selection) -> InForce:
    """What is in force: the period, pool, ban list, date and extras the selection names."""
    check_tier(selection.tier)
    source = selection.format_file
    if source is None:
        return _builtin(db, selection)
    if source.shipped:
        from nrdeck.rules.formatfiles import gives_way, official_note

        if gives_way(db, source):  # the card data's own format wins over the shipped file
            found = _builtin(db, selection)
            noted = replace(found.period, format_note=official_note(db, source))
            return replace(found, period=noted)
    # a format file's machinery is imported only when a file is read (a gateway: start-up)
    from nrdeck.rules.formatfiles import select_from_file

    return select_from_file(
        db,
        source,
        selection.format_id,
        today=selection.today,
        as_of=selection.as_of,
        snapshot_id=selection.snapshot_id,
        banlist_id=selection.banlist_id,
        tier=selection.tier,
        format_given=selection.format_given,
    )


def _builtin(db: CardDB, selection: Selection) -> InForce:
    return select_builtin(
        db,
        selection.format_id,
        today=selection.today,
        as_of=selection.as_of,
        snapshot_id=selection.snapshot_id,
        banlist_id=selection.banlist_id,
        tier=selection.tier,
        community_ids=selection.community_ids,
    )
