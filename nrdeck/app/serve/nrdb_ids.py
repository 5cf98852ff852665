"""What one NetrunnerDB v3 validation puts in force: the ids it names, filled in as v3 fills
them, and the pool and ban list those ids apply (docs/http-api.md, NetrunnerDB's validation).

v3 fills in missing ids from the one named, in this order of precedence: a snapshot gives its
format, card pool and ban list; a format alone gives the snapshot in force (nrdeck: the period
in force on the day checked, on its corrected timeline) and that snapshot's pool and list; a card
pool alone gives only its format; a ban list alone gives only its format. Ids the request names
are never replaced. What is checked is the card pool and the ban list the validation ends with:
a pool named alone applies no ban list, a ban list named alone no pool, and no id applies
neither.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping
from typing import Any

import msgspec

from nrdeck.catalog import CardDB
from nrdeck.errors import UsageError
from nrdeck.results.check import Period
from nrdeck.rules import InForce
from nrdeck.rules.calendar import FormatExtras, agenda_cap, format_timeline, make_in_force

ID_KEYS = ("format_id", "restriction_id", "card_pool_id", "snapshot_id")  # v3's answer order
SYSTEM_GATEWAY = "system_gateway"


class Ids(msgspec.Struct, frozen=True):
    """A validation's four ids, as named or as filled in."""

    format_id: str | None = None
    restriction_id: str | None = None
    card_pool_id: str | None = None
    snapshot_id: str | None = None

    @classmethod
    def named(cls, validation: Mapping[str, Any]) -> Ids:
        """The ids a validation names (null is not naming one)."""
        return cls(**{key: validation.get(key) for key in ID_KEYS})

    def answer(self) -> dict[str, str | None]:
        return {key: getattr(self, key) for key in ID_KEYS}


class Reference(msgspec.Struct, frozen=True):
    """What the server checks against: the day, the tier, the period in force in a format on
    that day (today's, or an event's), and an event's settings when it fixes them."""

    db: CardDB
    day: dt.date
    tier: str
    period_of: Callable[[str], InForce]  # UsageError: the format has no period that day
    event: InForce | None = None


def expanded(ids: Ids, ref: Reference) -> Ids:
    """The ids filled in as v3 fills them (an id that does not exist fills in nothing)."""
    db = ref.db
    f, r, p, s = ids.format_id, ids.restriction_id, ids.card_pool_id, ids.snapshot_id
    if s is not None and None in (f, p, r):
        snapshot = db.snapshots.get(s)
        if snapshot is not None:
            f = snapshot.format_id if f is None else f
            p = snapshot.card_pool_id if p is None else p
            r = snapshot.restriction_id if r is None else r
    elif f is not None and None in (s, p, r):
        if f in db.formats:
            period = _period_ids(f, ref)
            s = period.snapshot_id if s is None else s
            p = period.card_pool_id if p is None else p
            r = period.restriction_id if r is None else r
    elif p is not None and f is None:
        pool = db.card_pools.get(p)
        f = pool.format_id if pool is not None else None
    elif r is not None and f is None:
        restriction = db.restrictions.get(r)
        f = restriction.format_id if restriction is not None else None
    return Ids(f, r, p, s)


def _period_ids(format_id: str, ref: Reference) -> Ids:
    """The snapshot, pool and list in force in the format on the day; where nrdeck's timeline
    has no period then, the snapshot the card data marks active, as v3 uses."""
    try:
        period = ref.period_of(format_id).period
    except UsageError:
        active = [s for s in ref.db.formats[format_id].snapshots if s.active]
        if not active:
            return Ids()
        return Ids(format_id, active[0].restriction_id, active[0].card_pool_id, active[0].id)
    return Ids(format_id, period.restriction_id, period.card_pool_id, period.snapshot_id)


def in_force(named: Ids, ids: Ids, ref: Reference) -> InForce:
    """What the validation checks: the pool and ban list of its filled-in ids, on the day.

    A validation that ends with exactly the pool and list of its format's period (or of an
    event's settings) is checked against that period itself, with everything the format
    adds; any other combination is put together from the pool and the list alone.
    """
    base = _base(named, ids, ref)
    if base is not None:
        return base
    db = ref.db
    restriction = db.restrictions[ids.restriction_id] if ids.restriction_id else None
    pool_id = ids.card_pool_id
    pool_format = db.card_pools[pool_id].format_id if pool_id else None
    capped = agenda_cap(db, restriction, None) if restriction is not None else None
    extras = FormatExtras(
        agenda_cap=capped.cap if capped else None,
        agenda_cap_rule=capped.rule if capped else "",
        one_box=pool_format == SYSTEM_GATEWAY,
        starters_allowed=pool_format == SYSTEM_GATEWAY,
    )
    period = Period(
        format_id=ids.format_id or "",
        format_name=db.formats[ids.format_id].name if ids.format_id in db.formats else "",
        as_of=ref.day,
        snapshot_id=ids.snapshot_id,
        card_pool_id=pool_id,
        card_pool_name=db.card_pools[pool_id].name if pool_id else None,
        restriction_id=restriction.id if restriction else None,
        restriction_name=restriction.name if restriction else None,
        tier=ref.tier,
    )
    return make_in_force(
        db,
        period,
        card_pool_id=pool_id,
        restriction=restriction,
        date=ref.day,
        extras=extras,
        pool_sets=_pool_sets(db, pool_id, ref) if pool_id else frozenset(),
    )


def _base(named: Ids, ids: Ids, ref: Reference) -> InForce | None:
    """The period itself, when the validation applies exactly its pool and list."""
    if ref.event is not None:
        candidate: InForce | None = ref.event
    elif named.snapshot_id is None and ids.format_id in ref.db.formats:
        try:
            candidate = ref.period_of(ids.format_id or "")
        except UsageError:
            candidate = None
    else:
        candidate = None
    if candidate is None:
        return None
    same = (candidate.card_pool_id, candidate.period.restriction_id) == (
        ids.card_pool_id,
        ids.restriction_id,
    )
    return candidate if same and ids.format_id == candidate.format_id else None


def _pool_sets(db: CardDB, pool_id: str, ref: Reference) -> frozenset[str]:
    """The pool's sets, grown where nrdeck's timeline of its format corrects them (an
    event's pool as the event limits it)."""
    if ref.event is not None and ref.event.card_pool_id == pool_id:
        return ref.event.pool_sets
    pool = db.card_pools[pool_id]
    if pool.format_id in db.formats:
        return format_timeline(db, pool.format_id).pool_sets(pool_id)
    return db.pool_sets(pool_id)
