"""Pool, release dates, ban-list mechanics and format extras (rules.md §4)."""

from __future__ import annotations

import datetime as dt

from nrdeck.carddb import CardDB
from nrdeck.problems import Problem
from nrdeck.results.check import CardCost
from nrdeck.rules.context import DeckContext, plural
from nrdeck.rules.inforce import InForce
from nrdeck.rules.lookups import Lookups
from nrdeck.rules.timeline import set_release, timeline


# -- card pool and release dates ------------------------------------------------
def unavailable_reason(db: CardDB, in_force: InForce, card_id: str) -> str:
    """Why the card is unavailable: not released until …, rotated out on …, not in the pool."""
    key = ("unavailable", in_force.card_pool_id, in_force.pool_sets, in_force.date, card_id)
    return db.memo(key, lambda: _unavailable_reason(db, in_force, card_id))


def _unavailable_reason(db: CardDB, in_force: InForce, card_id: str) -> str:
    day = in_force.date
    pool_dates = [
        set_release(db, p.set_id)
        for p in db.printings_of(card_id)
        if p.set_id in in_force.pool_sets
    ]
    known = sorted(d for d in pool_dates if d is not None)
    if known and known[0] > day:
        return f"not released until {known[0]}"
    rotated = _rotated_on(db, in_force, card_id)
    if rotated is not None:
        return f"rotated out on {rotated}"
    first = db.release_date(card_id)
    if first is not None and first > day:
        return f"not released until {first}"
    pool = db.card_pools[in_force.card_pool_id or ""].name
    return f"not in the {pool} card pool"


def _rotated_on(db: CardDB, in_force: InForce, card_id: str) -> dt.date | None:
    """The date the card left the format's pool, when it was once in it before the date."""
    format_id = db.card_pools[in_force.card_pool_id or ""].format_id
    if format_id not in db.formats:
        return None
    line = timeline(db, format_id)
    sets = db.sets_of(card_id)
    was_in = False
    left: dt.date | None = None
    for period in line.periods:
        if period.start > in_force.date:
            break
        inside = bool(sets & line.pool_sets(period.card_pool_id))
        if inside:
            was_in, left = True, None
        elif was_in and left is None:
            left = period.start
    return left


def pool_problems(ctx: DeckContext, in_force: InForce, comp: Lookups) -> list[Problem]:
    """not-in-card-pool for the identity and every card."""
    if comp.available is None:
        return []
    pool = in_force.period.card_pool_name or in_force.card_pool_id or ""
    out = []
    for cid in ctx.with_identity():
        if cid in comp.available:
            continue
        card = ctx.card_or_identity(cid)
        reason = unavailable_reason(ctx.db, in_force, cid)
        message = f"{card.title} is not legal in {pool} on {in_force.date}: {reason}"
        out.append(ctx.problem("not-in-card-pool", message, f"card pool {pool}", cid))
    return out


# -- ban-list mechanics ----------------------------------------------------------
def banned_problems(ctx: DeckContext, comp: Lookups) -> list[Problem]:
    """banned (the identity included; banned subtypes expanded)."""
    return [
        ctx.problem(
            "banned",
            f"{ctx.card_or_identity(cid).title} is banned ({comp.banned[cid]})",
            comp.banned[cid],
            cid,
        )
        for cid in ctx.with_identity()
        if cid in comp.banned
    ]


def restricted_problems(ctx: DeckContext, comp: Lookups) -> list[Problem]:
    """restricted: at most one distinct restricted card (any number of copies)."""
    found = [cid for cid in ctx.with_identity() if cid in comp.restricted]
    if len(found) <= 1:
        return []
    titles = ", ".join(ctx.card_or_identity(cid).title for cid in found)
    rule = comp.restricted[found[0]]
    message = f"{len(found)} different restricted cards ({titles}); at most 1 is allowed"
    return [ctx.problem("restricted", message, rule, *found)]


def points_breakdown(ctx: DeckContext, comp: Lookups) -> tuple[CardCost, ...]:
    """Eternal points per distinct card (the identity included)."""
    return tuple(
        CardCost(
            cid, ctx.card_or_identity(cid).title, copies, comp.points[cid], "per distinct card"
        )
        for cid, copies in ctx.with_identity().items()
        if comp.points.get(cid)
    )


def points_problems(
    ctx: DeckContext, comp: Lookups, breakdown: tuple[CardCost, ...]
) -> list[Problem]:
    """points: the sum over distinct cards within ``point_limit``."""
    total = sum(c.amount for c in breakdown)
    if comp.point_limit is None or total <= comp.point_limit:
        return []
    parts = ", ".join(f"{c.title} ({c.amount})" for c in breakdown)
    message = f"the deck has {total} points; the limit is {comp.point_limit}: {parts}"
    return [ctx.problem("points", message, comp.points_rule, *(c.card_id for c in breakdown))]


# -- format extras ---------------------------------------------------------------
def agenda_cap_problems(ctx: DeckContext, in_force: InForce) -> list[Problem]:
    """startup-agenda-cap: agenda copies worth 3 or more points."""
    cap = in_force.extras.agenda_cap
    if cap is None:
        return []
    big = {cid: n for cid, n in ctx.counts.items() if (ctx.cards[cid].agenda_points or 0) >= 3}
    total = sum(big.values())
    if total <= cap:
        return []
    titles = ", ".join(f"{n}× {ctx.cards[cid].title}" for cid, n in big.items())
    message = f"{plural(total, 'agenda')} worth 3 or more points ({titles}); at most {cap}"
    rule = in_force.period.restriction_name or "Startup"
    return [ctx.problem("startup-agenda-cap", message, rule, *big)]


def one_box_problems(ctx: DeckContext, comp: Lookups) -> list[Problem]:
    """one-box: copies of a card within one System Gateway box."""
    out = []
    for cid, copies in ctx.counts.items():
        box = comp.one_box.get(cid)
        if box is not None and copies > box:
            title = ctx.cards[cid].title
            message = f"{plural(copies, 'copy')} of {title}; one System Gateway box has {box}"
            out.append(ctx.problem("one-box", message, "System Gateway: one copy of the box", cid))
    return out


def legality_problems(
    ctx: DeckContext, in_force: InForce, comp: Lookups, points: tuple[CardCost, ...]
) -> list[Problem]:
    """Every pool, ban-list and format-extra problem (casual: only a house format's lists)."""
    lists = [
        *banned_problems(ctx, comp),
        *restricted_problems(ctx, comp),
        *points_problems(ctx, comp, points),
    ]
    if not in_force.extras.constructed:
        return lists
    return [
        *pool_problems(ctx, in_force, comp),
        *lists,
        *agenda_cap_problems(ctx, in_force),
        *one_box_problems(ctx, comp),
    ]
