"""Turning the options that choose what is in force into one ``Selection`` (check, stats, event).

A format file (``--format-file``, or the community format nrdeck ships that ``--format``
names) is read here (``nrdeck.app.formatfiles.shipped``) and handed to the rules, which check it
against the card data. A built-in format's name reads no file.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import TYPE_CHECKING

from nrdeck.app.formatfiles.shipped import (
    format_source,
    is_builtin,
    shipped_format_ids,
)
from nrdeck.app.inputs.options import SelectionOptions
from nrdeck.rules.selection import Selection

if TYPE_CHECKING:
    pass


def chosen(selection: Selection | SelectionOptions, today: dt.date | None = None) -> Selection:
    """The selection itself, or the one the options ask for (on ``today``, else the clock's)."""
    if isinstance(selection, Selection):
        return selection
    return make_selection(
        format_id=selection.format_id,
        as_of=selection.as_of,
        snapshot_id=selection.snapshot_id,
        banlist_id=selection.banlist_id,
        format_file=selection.format_file,
        tier=selection.tier,
        today=today,
        format_given=selection.format_given,
    )


def make_selection(
    *,
    format_id: str = "standard",
    as_of: dt.date | None = None,
    snapshot_id: str | None = None,
    banlist_id: str | None = None,
    format_file: Path | None = None,
    tier: str = "casual",
    today: dt.date | None = None,
    format_given: bool = False,
) -> Selection:
    """The selection the options ask for.

    ``today`` is the clock's date unless given: the one place the date checked by default
    comes from (the rules never read the clock). Without ``--as-of`` or ``--snapshot`` it is
    the date checked, exactly as ``--as-of today``.
    """
    source = format_source(format_id, format_file)
    builtin = format_file is None and is_builtin(format_id)
    return Selection(
        today=today or dt.date.today(),
        format_id=format_id,
        as_of=as_of,
        snapshot_id=snapshot_id,
        banlist_id=banlist_id,
        format_file=source,
        tier=tier,
        community_ids=shipped_format_ids() if source is None and not builtin else (),
        format_given=format_given and format_file is not None,
    )
