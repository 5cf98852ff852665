"""A format's periods as data: each period of the corrected timeline with everything in force.

For ``nrdeck data periods`` and ``nrdeck.in_force``: the pool, the ban list (with the name Null
Signal Games publishes where NetrunnerDB's differs), the Startup agenda cap, the corrections
the period uses, and the sets released during it with the dates their cards become legal at
casual and competitive events (docs/reference/legality.md §4). The reference for tools that would
otherwise pick rules by the data's ``active`` flag, which lags behind.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from functools import lru_cache

from msgspec.structs import replace

from nrdeck.catalog import CardDB
from nrdeck.errors import UsageError
from nrdeck.results.periods import FormatPeriod, SetRelease
from nrdeck.rules.calendar import (
    CASUAL,
    CASUAL_TIER,
    Timeline,
    TimelinePeriod,
    agenda_cap,
    competitive_date,
    dated_period,
    format_named,
    format_timeline,
    nsg_name,
    period_corrections,
    set_release,
    unapplied_rules,
)
from nrdeck.rules.formatfiles import CommunityFormat, CommunityLine
from nrdeck.rules.history.changes import period_changes
from nrdeck.rules.history.deck import BuiltinFormat


def periods_format(db: CardDB, text: str, community_ids: Iterable[str] = ()) -> str:
    """The format ``text`` names, when it has periods (casual has none: a usage error);
    ``community_ids`` join the valid names when it names none."""
    format_id = format_named(db, text, community_ids)
    if format_id == CASUAL or format_id not in db.formats:
        raise UsageError(
            f"format {format_id} has no periods: it applies construction rules only",
            hint="choose a format with card pools: " + ", ".join(sorted(db.formats)),
        )
    return format_id


def format_periods(db: CardDB, format_id: str) -> tuple[FormatPeriod, ...]:
    """Every period of the format, oldest first (built once per database)."""
    return _format_periods(db, periods_format(db, format_id))


@lru_cache(maxsize=16)
def _format_periods(db: CardDB, format_id: str) -> tuple[FormatPeriod, ...]:
    """Kept for 16 (database, format) pairs: every format of the card data, twice over (a
    data change compares the periods of two databases)."""
    line = format_timeline(db, format_id)
    dated = BuiltinFormat(db, format_id)
    starts = [None, *(p.start for p in line.periods)]
    return tuple(
        replace(_period(db, line, p), changes=period_changes(db, dated, p.start, before))
        for p, before in zip(line.periods, starts[:-1], strict=True)
    )


def period_on(db: CardDB, format_id: str, day: dt.date) -> FormatPeriod:
    """The period in force on the day (a usage error before the format's first period)."""
    format_id = periods_format(db, format_id)
    found = dated_period(db, format_id, day)
    return next(p for p in format_periods(db, format_id) if p.start == found.start)


def _period(db: CardDB, line: Timeline, period: TimelinePeriod) -> FormatPeriod:
    restriction = db.restrictions.get(period.restriction_id or "")
    capped = agenda_cap(db, restriction, None)
    pool = db.card_pools[period.card_pool_id]
    return FormatPeriod(
        format_id=line.format_id,
        format_name=db.formats[line.format_id].name,
        start=period.start,
        end=period.end,
        snapshot_id=period.snapshot.id,
        card_pool_id=pool.id,
        card_pool_name=pool.name,
        restriction_id=restriction.id if restriction else None,
        restriction_name=restriction.name if restriction else None,
        restriction_nsg_name=nsg_name(db, restriction) if restriction else None,
        agenda_cap=capped.cap,
        agenda_cap_rule=capped.rule if capped.cap else "",
        corrections=tuple(period_corrections(line, period)),
        releases=_releases(db, line, period),
        warnings=(
            *unapplied_rules(db, line.format_id, period.snapshot.id, restriction),
            *capped.warnings,
        ),
    )


def _releases(db: CardDB, line: Timeline, period: TimelinePeriod) -> tuple[SetRelease, ...]:
    """The pool's sets released during the period, oldest first."""
    out = []
    for set_id in line.pool_sets(period.card_pool_id):
        released = set_release(db, set_id)
        if released is None or released < period.start:
            continue
        if period.end is not None and released >= period.end:
            continue
        out.append(SetRelease(set_id, db.sets[set_id].name, released, competitive_date(released)))
    return tuple(sorted(out, key=lambda r: (r.released, r.name)))


def community_periods(db: CardDB, fmt: CommunityFormat) -> tuple[FormatPeriod, ...]:
    """Every period of a community format, oldest first: its pool, its list and the list's
    source, the sets of its pool released during it."""
    line = CommunityLine(db, fmt)
    out = []
    for index, spec in enumerate(fmt.periods):
        end = fmt.periods[index + 1].start if index + 1 < len(fmt.periods) else None
        last = end - dt.timedelta(days=1) if end is not None else None
        in_force = line.in_force(index, spec.start, CASUAL_TIER)
        period = in_force.period
        releases = [
            SetRelease(s, db.sets[s].name, released, competitive_date(released))
            for s in line.in_force(index, last or spec.start, CASUAL_TIER).pool_sets
            if (released := set_release(db, s)) is not None
            and spec.start <= released
            and (end is None or released < end)
        ]
        previous = fmt.periods[index - 1].start if index else None
        out.append(
            FormatPeriod(
                format_id=fmt.id,
                format_name=fmt.name,
                start=spec.start,
                end=end,
                snapshot_id="",
                card_pool_id=spec.pool.id,
                card_pool_name=spec.pool.name,
                restriction_id=period.restriction_id,
                restriction_name=period.restriction_name,
                restriction_source=period.restriction_source,
                agenda_cap=in_force.extras.agenda_cap,
                agenda_cap_rule=in_force.extras.agenda_cap_rule,
                releases=tuple(sorted(releases, key=lambda r: (r.released, r.name))),
                warnings=period.warnings,
                changes=period_changes(db, line, spec.start, previous),
            )
        )
    return tuple(out)


def community_period_on(db: CardDB, fmt: CommunityFormat, day: dt.date) -> FormatPeriod:
    """The community format's period in force on the day (a usage error before its first)."""
    return community_periods(db, fmt)[CommunityLine(db, fmt).index_on(day)]
