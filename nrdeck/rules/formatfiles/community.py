"""What is in force under a community format (docs/community-formats.md): the period of the
date, its pool, its list (or the one ``--banlist`` names) and its rules.

A pool "legal in F" (Astro: F = Standard) is, on a date, the union of F's pools over every
period of F that started by then, each set from its release (or competitive) date, on
nrdeck's corrected timeline of F: it never shrinks with a rotation.
"""

from __future__ import annotations

import datetime as dt
from bisect import bisect_right
from collections.abc import Iterable
from functools import lru_cache

from nrdeck.catalog import CardDB, Restriction
from nrdeck.errors import Fix, UsageError
from nrdeck.results.check import Period
from nrdeck.rules.calendar import (
    CASUAL_TIER,
    LATEST,
    TIERS,
    FormatExtras,
    InForce,
    PoolOrigin,
    agenda_cap,
    format_timeline,
    key_of,
    legal_from,
    list_of_another_format,
    make_in_force,
    number_in,
    stale_data,
    unknown_name,
)
from nrdeck.rules.formatfiles.community_spec import CommunityFormat, ListSpec, PeriodSpec, PoolSpec


class CommunityLine:
    """A community format's periods on the calendar (the history and the checks use it)."""

    def __init__(self, db: CardDB, fmt: CommunityFormat) -> None:
        self.db = db
        self.fmt = fmt
        self.format_id = fmt.id
        self.format_name = fmt.name
        self._starts = [p.start for p in fmt.periods]

    @property
    def first(self) -> dt.date:
        """The day the first period starts."""
        return self._starts[0]

    def index_on(self, day: dt.date) -> int:
        """The period in force on the day (a usage error before the first one)."""
        index = bisect_right(self._starts, day) - 1
        if index < 0:
            raise UsageError(
                f"format {self.fmt.id} has no period in force on {day}; its first period "
                f"starts {self.first}",
                hint="choose a later --as-of date",
                fix=Fix("later-date", value=self.first.isoformat()),
            )
        return index

    def in_force_on(self, day: dt.date, tier: str = CASUAL_TIER) -> InForce | None:
        """What is in force on the day (None before the first period)."""
        if day < self.first:
            return None
        return self.in_force(self.index_on(day), day, tier)

    def in_force(
        self, index: int, day: dt.date, tier: str, chosen: ListSpec | Restriction | None = None
    ) -> InForce:
        """Period ``index`` on the day, under its own list or ``chosen``."""
        db, period = self.db, self.fmt.periods[index]
        restriction, source = self._restriction(period, chosen)
        capped = agenda_cap(db, restriction, period.rules)
        extras = FormatExtras(
            agenda_cap=capped.cap,
            agenda_cap_rule=capped.rule,
            max_copies=period.rules.max_copies,
            max_copies_rule=period.rules.name,
        )
        own = chosen if isinstance(chosen, ListSpec) else self.fmt.lists.get(period.list_id or "")
        listed = restriction is not None and own is not None and own.id == restriction.id
        summary = Period(
            format_id=self.fmt.id,
            format_name=self.fmt.name,
            as_of=day,
            card_pool_id=period.pool.id,
            card_pool_name=period.pool.name,
            restriction_id=restriction.id if restriction else None,
            restriction_name=restriction.name if restriction else None,
            restriction_source=source,
            tier=tier,
            warnings=(*(own.warnings if listed and own else ()), *capped.warnings),
            stale_data=stale_data(db.info, day),
        )
        return make_in_force(
            db,
            summary,
            card_pool_id=period.pool.id,
            restriction=restriction,
            date=day,
            extras=extras,
            house=period.rules,
            pool_sets=pool_sets(db, period.pool, day) - period.rules.exclude_sets,
            pool_origin=pool_origin(db, period.pool),
        )

    def _restriction(
        self, period: PeriodSpec, chosen: ListSpec | Restriction | None
    ) -> tuple[Restriction | None, str | None]:
        """The list in force as a restriction, and where it comes from."""
        if isinstance(chosen, Restriction):
            return chosen, None
        spec = chosen or self.fmt.lists.get(period.list_id or "")
        if spec is not None:
            start = self.fmt.list_start(spec.id) or period.start
            return spec.restriction(self.fmt.id, start), spec.provenance()
        if period.list_id:  # a NetrunnerDB list (checked when the file was read)
            return self.db.restrictions[period.list_id], None
        return None, None

    def change_days(self, card_ids: Iterable[str]) -> list[dt.date]:
        """Every day from the first period on when something about these cards can change:
        period starts, the starts of the format a pool follows, releases under both tiers."""
        days = set(self._starts)
        for period in self.fmt.periods:
            if period.pool.legal_in:
                days.update(p.start for p in format_timeline(self.db, period.pool.legal_in).periods)
        for card_id in card_ids:
            for set_id in self.db.sets_of(card_id):
                days.update(d for d in (legal_from(self.db, set_id, t) for t in TIERS) if d)
            for erratum in self.db.tables.errata.of_card(card_id):
                days.update(d for d in (erratum.from_, erratum.until) if d)
        return sorted(d for d in days if d >= self.first)


def select_community(
    db: CardDB,
    fmt: CommunityFormat,
    *,
    today: dt.date,
    as_of: dt.date | None = None,
    snapshot_id: str | None = None,
    banlist_id: str | None = None,
    tier: str = CASUAL_TIER,
) -> InForce:
    """What is in force under a community format on the date (``--banlist``: one of its
    lists, by id, name or number, or ``latest``, instead of the period's)."""
    if snapshot_id:
        raise UsageError(
            f"format {fmt.id} is a community format: it has periods, not snapshots",
            hint="use --as-of DATE or --banlist NAME",
        )
    line = CommunityLine(db, fmt)
    day = as_of or today
    index = line.index_on(day)
    chosen = community_list_named(fmt, banlist_id, db) if banlist_id else None
    return line.in_force(index, day, tier, chosen)


def community_list_named(fmt: CommunityFormat, text: str, db: CardDB | None = None) -> ListSpec:
    """The format's list ``text`` names: its id, its name, its number (26.04) or latest; with
    ``db``, a name of another format's list says whose it is."""
    lists = sorted(fmt.lists.values(), key=lambda s: (fmt.list_start(s.id) or dt.date.min, s.id))
    wanted = key_of(text)
    if wanted == LATEST and lists:
        return lists[-1]
    for spec in lists:
        if wanted in (key_of(spec.id), key_of(spec.name)):
            return spec
    numbered = [s for s in lists if key_of(number_in(s.name) or "") == wanted]
    if len(numbered) == 1:
        return numbered[0]
    names = [n for s in reversed(lists) for n in (number_in(s.name), s.id) if n]
    valid = [LATEST, *(f"{number_in(s.name) or s.name} ({s.id})" for s in reversed(lists))]
    if db is not None:
        elsewhere = list_of_another_format(db, text, fmt.id, fmt.name, ", ".join(valid))
        if elsewhere is not None:
            raise elsewhere
    raise unknown_name("ban list", text, names, valid, f" for format {fmt.id}")


def community_list_names(fmt: CommunityFormat) -> list[str]:
    """What --banlist takes for the format, newest first (shell completion)."""
    lists = sorted(fmt.lists.values(), key=lambda s: (fmt.list_start(s.id) or dt.date.min, s.id))
    return [LATEST, *(n for s in reversed(lists) for n in (number_in(s.name), s.id) if n)]


# -- pools ----------------------------------------------------------------------------------
def pool_sets(db: CardDB, pool: PoolSpec, day: dt.date) -> frozenset[str]:
    """The pool's sets on the day (a pool 'legal in F': F's pools of the periods started)."""
    if pool.card_pool is not None:
        return db.pool_sets(pool.card_pool)
    if pool.legal_in is None:
        return pool.sets
    line = format_timeline(db, pool.legal_in)
    return _legal_in_sets(db, pool.legal_in, bisect_right([p.start for p in line.periods], day))


@lru_cache(maxsize=64)
def _legal_in_sets(db: CardDB, format_id: str, started: int) -> frozenset[str]:
    """The sets of the format's first ``started`` periods. Kept for 64 (database, format,
    periods started) triples: a run dates its decks on a few days, a long-running server
    sees the format's periods start one after another."""
    line = format_timeline(db, format_id)
    return frozenset().union(*(line.pool_sets(p.card_pool_id) for p in line.periods[:started]))


def pool_origin(db: CardDB, pool: PoolSpec) -> PoolOrigin | None:
    """For a pool 'legal in F': F, to say why a card is not in it."""
    if pool.legal_in is None:
        return None
    return PoolOrigin(pool.legal_in, db.formats[pool.legal_in].name)
