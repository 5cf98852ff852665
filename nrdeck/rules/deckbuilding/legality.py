"""Pool, release dates, ban-list mechanics and format extras (docs/reference/legality.md §4)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from functools import lru_cache, partial

import msgspec

from nrdeck.catalog import CardDB
from nrdeck.problems import Problem, Severity
from nrdeck.results.check import CardCost
from nrdeck.rules.calendar import (
    CASUAL_TIER,
    COMPETITIVE_TIER,
    InForce,
    Lookups,
    PoolOrigin,
    format_timeline,
    legal_from,
    set_release,
)
from nrdeck.rules.deckbuilding.context import DeckContext, plural

# -- card pool and release dates ------------------------------------------------
COMPETITIVE_RULE = "competitive events: new sets legal from the second Friday after release"
# the answers kept per situation, card by card: every card of the card data, and room over
MAX_CARDS = 4096


class PoolDate(msgspec.Struct, frozen=True):
    """When a card became legal in a pool: the day under the tier, its set and release."""

    legal: dt.date
    release: dt.date
    set_name: str


When = PoolDate | None


def pool_date(db: CardDB, in_force: InForce, card_id: str, tier: str) -> PoolDate | None:
    """The earliest day one of the card's printings in the pool's sets is legal under the tier."""
    return _pool_dates(db, in_force.pool_sets, tier)(card_id)


@lru_cache(maxsize=8)
def _pool_dates(db: CardDB, pool_sets: frozenset[str], tier: str) -> Callable[[str], When]:
    """``pool_date`` of a pool and tier, card by card, each card's answer kept: every card
    of a deck is asked again by the next deck. Kept for 8 (database, pool, tier): a run
    asks one or two, a server those its requests name."""
    return lru_cache(maxsize=MAX_CARDS)(partial(_pool_date, db, pool_sets, tier))


def _pool_date(db: CardDB, pool_sets: frozenset[str], tier: str, card_id: str) -> PoolDate | None:
    found = []
    for printing in db.printings_of(card_id):
        if printing.set_id not in pool_sets:
            continue
        legal, release = legal_from(db, printing.set_id, tier), set_release(db, printing.set_id)
        if legal is not None and release is not None:
            found.append(PoolDate(legal, release, db.sets[printing.set_id].name))
    return min(found, key=lambda d: d.legal) if found else None


class _Where(msgspec.Struct, frozen=True):
    """What in force says why a card is unavailable: the day, tier and pool, the house
    format's exclusions, cards allowed from outside the pool, and a pool 'legal in F'."""

    date: dt.date
    tier: str
    pool_sets: frozenset[str]
    card_pool_id: str | None
    pool_name: str
    house_name: str | None
    exclude_sets: frozenset[str]
    outside: bool  # cards from outside the pool are allowed as its restricted card
    pool_origin: PoolOrigin | None

    @classmethod
    def of(cls, in_force: InForce) -> _Where:
        house = in_force.house
        return cls(
            in_force.date,
            in_force.tier,
            in_force.pool_sets,
            in_force.card_pool_id,
            in_force.period.card_pool_name or in_force.card_pool_id or "",
            house.name if house is not None else None,
            house.exclude_sets if house is not None else frozenset(),
            in_force.lookups.outside is not None,
            in_force.pool_origin,
        )


def unavailable_reason(db: CardDB, in_force: InForce, card_id: str) -> str:
    """Why the card is unavailable: not released until …, rotated out on …, not in the pool."""
    return _reasons(db, _Where.of(in_force))(card_id)


@lru_cache(maxsize=8)
def _reasons(db: CardDB, where: _Where) -> Callable[[str], str]:
    """``unavailable_reason`` where a check is, card by card, each card's answer kept: the
    decks of a run name the same cards. Kept for 8 (database, situation): a run checks
    under one or two, a server under those its requests name."""
    return lru_cache(maxsize=MAX_CARDS)(partial(_unavailable_reason, db, where))


def _unavailable_reason(db: CardDB, where: _Where, card_id: str) -> str:
    day = where.date
    first_in_pool = _pool_dates(db, where.pool_sets, where.tier)(card_id)
    if first_in_pool is None and where.outside:
        first_in_pool = _outside_date(db, where, card_id)
    if first_in_pool is not None and first_in_pool.legal > day:
        if first_in_pool.release <= day:
            return (
                f"legal at competitive events from {first_in_pool.legal} "
                f"({first_in_pool.set_name} released {first_in_pool.release})"
            )
        return f"not released until {first_in_pool.release}"
    excluded = _excluded(db, where, card_id)
    if excluded:
        return excluded
    rotated = _rotated_on(db, where, card_id)
    if rotated is not None:
        return f"rotated out on {rotated}"
    first = db.release_date(card_id)
    if first is not None and first > day:
        return f"not released until {first}"
    origin = where.pool_origin
    if origin is not None:
        return _not_legal_in(db, where, origin, card_id)
    return f"not in the {where.pool_name} card pool"


def _outside_date(db: CardDB, where: _Where, card_id: str) -> PoolDate | None:
    """When a card from outside the pool may first be played as its one outside card."""
    found = []
    for set_id in db.sets_of(card_id) - where.exclude_sets:
        legal, release = legal_from(db, set_id, where.tier), set_release(db, set_id)
        if legal is not None and release is not None:
            found.append(PoolDate(legal, release, db.sets[set_id].name))
    return min(found, key=lambda d: d.legal) if found else None


def _excluded(db: CardDB, where: _Where, card_id: str) -> str:
    """'Terminal Directive Campaign cards are not part of Throwback' (or nothing)."""
    sets = db.sets_of(card_id)
    if where.house_name is None or not sets or not sets <= where.exclude_sets:
        return ""
    names = " / ".join(sorted(db.sets[s].name for s in sets if s in db.sets))
    return f"{names} cards are not part of {where.house_name}"


def _not_legal_in(db: CardDB, where: _Where, origin: PoolOrigin, card_id: str) -> str:
    """'never Standard-legal', or 'not Standard-legal until D' (a pool 'legal in F')."""
    joined = _joined(db, origin.format_id, where.tier)
    later = [joined[s] for s in db.sets_of(card_id) if s in joined]
    if later and min(later) > where.date:
        return f"not {origin.format_name}-legal until {min(later)}"
    return f"never {origin.format_name}-legal"


@lru_cache(maxsize=16)
def _joined(db: CardDB, format_id: str, tier: str) -> dict[str, dt.date]:
    """Set id -> the day it became legal in the format under the tier (built once; kept
    for 16 (database, format, tier): the formats a pool 'legal in F' names, both tiers)."""
    line = format_timeline(db, format_id)
    joined: dict[str, dt.date] = {}
    for period in line.periods:
        for set_id in line.pool_sets(period.card_pool_id):
            legal = legal_from(db, set_id, tier) if set_id in db.sets else None
            if legal is not None:
                day = max(period.start, legal)
                joined[set_id] = min(day, joined.get(set_id, day))
    return joined


def _rotated_on(db: CardDB, where: _Where, card_id: str) -> dt.date | None:
    """The date the card left the format's pool, when it was once in it before the date."""
    pool = db.card_pools.get(where.card_pool_id or "")
    if pool is None or where.pool_origin is not None or where.outside:
        return None  # a format file's own pool, or a format where rotated cards stay legal
    format_id = pool.format_id
    if format_id not in db.formats:
        return None
    line = format_timeline(db, format_id)
    sets = db.sets_of(card_id)
    was_in = False
    left: dt.date | None = None
    for period in line.periods:
        if period.start > where.date:
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
        if cid in comp.available or comp.from_outside(cid):
            continue
        card = ctx.card_or_identity(cid)
        reason = unavailable_reason(ctx.db, in_force, cid)
        message = f"{card.title} is not legal in {pool} on {in_force.date}: {reason}"
        competitive = reason.startswith("legal at competitive")
        rule = COMPETITIVE_RULE if competitive else f"card pool {pool}"
        out.append(ctx.problem("not-in-card-pool", message, rule, cid))
    return out


def competitive_delay_problems(ctx: DeckContext, in_force: InForce, comp: Lookups) -> list[Problem]:
    """Warnings (casual tier): cards legal today but not yet at competitive events."""
    if in_force.tier != CASUAL_TIER or comp.available is None:
        return []
    out = []
    for cid in ctx.with_identity():
        if cid not in comp.available:
            continue
        when = pool_date(ctx.db, in_force, cid, COMPETITIVE_TIER)
        if when is None or when.legal <= in_force.date:
            continue
        title = ctx.card_or_identity(cid).title
        message = (
            f"{title} is legal at casual events; at competitive events only from {when.legal} "
            f"({when.set_name} released {when.release}): check with --tier competitive"
        )
        problem = ctx.problem("competitive-delay", message, COMPETITIVE_RULE, cid)
        out.append(msgspec.structs.replace(problem, severity=Severity.WARNING))
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
    """restricted: at most one distinct restricted card (any number of copies), cards from
    outside the pool included where the format allows one (never a banned card)."""
    found = [cid for cid in ctx.with_identity() if comp.counts_as_restricted(cid)]
    if len(found) <= 1:
        return []
    outside = [c for c in found if c not in comp.restricted]
    if len(outside) == len(found):
        titles = ", ".join(ctx.card_or_identity(c).title for c in found)
        message = f"{len(found)} cards from outside the pool ({titles}); at most 1 is allowed"
    else:
        titles = ", ".join(
            ctx.card_or_identity(c).title + (" (outside the pool)" if c in outside else "")
            for c in found
        )
        message = f"{len(found)} different restricted cards ({titles}); at most 1 is allowed"
    listed = [c for c in found if c in comp.restricted]
    rule = comp.restricted[listed[0]] if listed else comp.outside.rule if comp.outside else ""
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
    """startup-agenda-cap: too many agenda copies worth the cap's points or more."""
    cap = in_force.extras.agenda_cap
    if cap is None:
        return []
    worth = cap.min_points
    big = {cid: n for cid, n in ctx.counts.items() if (ctx.cards[cid].agenda_points or 0) >= worth}
    total = sum(big.values())
    if total <= cap.max_copies:
        return []
    titles = ", ".join(f"{n}× {ctx.cards[cid].title}" for cid, n in big.items())
    message = (
        f"{plural(total, 'agenda')} worth {worth} or more points ({titles}); "
        f"at most {cap.max_copies}"
    )
    rule = in_force.extras.agenda_cap_rule or in_force.period.restriction_name or "Startup"
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
        *competitive_delay_problems(ctx, in_force, comp),
    ]
