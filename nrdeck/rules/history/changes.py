"""What a period changed from the one before it: cards banned and unbanned, restricted and
unrestricted, Eternal points and influence penalties, sets in and out of the pool, the Startup
cap (docs/reference/legality.md §4, "What changed").

Derived from the timeline, never written by hand: each card's status on the last day of the
earlier period and on the first day of the later one is ``card_status``, the same derivation
``nrdeck card`` shows a card's history with, so the two always agree.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator

from nrdeck.catalog import CardDB
from nrdeck.results.history import CardInterval
from nrdeck.results.periods import Change
from nrdeck.rules.calendar import CASUAL_TIER, InForce
from nrdeck.rules.history.card import card_status
from nrdeck.rules.history.deck import DatedFormat

_LISTED = ("banned", "restricted")


def period_changes(
    db: CardDB, line: DatedFormat, start: dt.date, previous_start: dt.date | None
) -> tuple[Change, ...]:
    """What the period starting on ``start`` changed from the one that started on
    ``previous_start`` (nothing for a format's first period)."""
    if previous_start is None or previous_start >= start:
        return ()
    before = line.in_force_on(start - dt.timedelta(days=1), CASUAL_TIER)
    after = line.in_force_on(start, CASUAL_TIER)
    if before is None or after is None:
        return ()
    return (
        *_card_changes(db, before, after, start),
        *_set_changes(db, before, after),
        *_cap_change(before, after),
    )


def _card_changes(db: CardDB, before: InForce, after: InForce, day: dt.date) -> list[Change]:
    """Cards a list names in either period whose status changed, by kind then title."""
    found: list[Change] = []
    for card_id in sorted(_named(before) | _named(after)):
        if card_id not in db.cards:
            continue
        old = card_status(before, card_id, day, None)
        new = card_status(after, card_id, day, None)
        if new.status == "not-in-pool":
            continue  # a rotation: the sets that left the pool say so
        found.extend(_compared(card_id, db.cards[card_id].title, old, new))
    order = {k: n for n, k in enumerate(("banned", "unbanned", "restricted", "unrestricted"))}
    return sorted(found, key=lambda c: (order.get(c.kind, len(order)), c.name.casefold()))


def _named(in_force: InForce) -> set[str]:
    """Every card a list in force names: banned, restricted, points, influence penalties."""
    looked = in_force.lookups
    return {
        *looked.banned,
        *looked.restricted,
        *looked.points,
        *looked.universal_faction_cost,
        *looked.global_penalty,
    }


def _compared(card_id: str, title: str, old: CardInterval, new: CardInterval) -> Iterator[Change]:
    for status in _LISTED:
        if new.status == status and old.status != status:
            yield Change(status, card_id, title)
        elif old.status == status and new.status != status:
            yield Change(f"un{status}", card_id, title)
    if old.points != new.points:
        yield Change("points", card_id, title, old.points, new.points)
    for kind, label in (
        ("universal_faction_cost", "universal-influence"),
        ("global_penalty", "global-penalty"),
    ):
        was = old.penalty.amount if old.penalty and old.penalty.kind == kind else None
        now = new.penalty.amount if new.penalty and new.penalty.kind == kind else None
        if was != now:
            yield Change(label, card_id, title, was, now)


def _set_changes(db: CardDB, before: InForce, after: InForce) -> list[Change]:
    """Sets that entered or left the pool, oldest release first."""
    entered = after.pool_sets - before.pool_sets
    left = before.pool_sets - after.pool_sets

    def ordered(kind: str, ids: frozenset[str]) -> list[Change]:
        known = [s for s in ids if s in db.sets]
        known.sort(key=lambda s: (db.sets[s].date_release or dt.date.max, db.sets[s].name))
        return [Change(kind, s, db.sets[s].name) for s in known]

    return [*ordered("set-in", entered), *ordered("set-out", left)]


def _cap_change(before: InForce, after: InForce) -> list[Change]:
    """Startup's cap on high-value agendas, when it changed."""
    old, new = before.extras.agenda_cap, after.extras.agenda_cap
    if old == new:
        return []
    either = new or old
    points = either.min_points if either is not None else None
    return [
        Change(
            "agenda-cap",
            before=old.max_copies if old else None,
            after=new.max_copies if new else None,
            min_points=points,
        )
    ]
