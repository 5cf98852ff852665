"""What is in force, as data: a format's periods (`data periods`) and the one on a date
(``nrdeck.in_force``).

No Typer, no console here. ``today`` comes from the caller (the CLI reads the clock; the
Python API reads it when no date is given): it is the date the period in force is marked for
when no ``as_of`` is given.
"""

from __future__ import annotations

import datetime as dt

import msgspec
from msgspec.structs import replace

from nrdeck.app.formatfiles.lines import shipped_community
from nrdeck.app.formatfiles.shipped import shipped_format_ids
from nrdeck.app.inputs.cards import DataSettings, load_bundled, load_database
from nrdeck.catalog import CardDB
from nrdeck.results.periods import FormatPeriod, FormatPeriods
from nrdeck.rules.calendar import list_name_warnings, stale_data
from nrdeck.rules.history import (
    community_period_on,
    community_periods,
    format_periods,
    period_on,
    periods_format,
)


class PeriodsOptions(msgspec.Struct, frozen=True):
    """Where card data comes from, the format, and the date to mark the period in force on."""

    data: DataSettings
    today: dt.date | None = None  # None: the clock's date (read here, never by the CLI)
    format_id: str = "standard"
    as_of: dt.date | None = None


def list_periods(options: PeriodsOptions, db: CardDB | None = None) -> FormatPeriods:
    """Every period of the format on the corrected timeline, and the one in force on the date."""
    db = db if db is not None else load_database(options.data)
    community, choice = shipped_community(db, options.format_id)
    named = community.id if community else None
    format_id = named or periods_format(db, options.format_id, shipped_format_ids())
    day = options.as_of or options.today or dt.date.today()
    periods = community_periods(db, community) if community else format_periods(db, format_id)
    stale = stale_data(db.info, day)
    found = next((p for p in periods if p.covers(day)), None)
    return FormatPeriods(
        format_id=format_id,
        format_name=community.name if community else db.formats[format_id].name,
        as_of=day,
        periods=periods,
        in_force=replace(found, stale_data=stale) if found else None,
        data=db.info,
        warnings=(*choice.warnings, *list_name_warnings(db, load_bundled())),
        stale_data=stale,
        format_note=choice.note,
    )


def period_in_force(db: CardDB, format_id: str, day: dt.date) -> FormatPeriod:
    """The period in force on the day, saying so when the card data is too old to know it."""
    community, _ = shipped_community(db, format_id)
    found = community_period_on(db, community, day) if community else period_on(db, format_id, day)
    return replace(found, stale_data=stale_data(db.info, day))
