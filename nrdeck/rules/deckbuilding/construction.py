"""Construction rules (docs/reference/legality.md §1, CR 1.4): identity, side, size, copies, agenda
points."""

from __future__ import annotations

from msgspec.structs import replace

from nrdeck.catalog import Card
from nrdeck.deck import DeckEntry
from nrdeck.problems import Location, Problem
from nrdeck.rules.calendar import InForce
from nrdeck.rules.deckbuilding.cardids import (
    AMPERE,
    SINGLETON_IDENTITIES,
    STARTER_IDENTITIES,
    THE_SHADOW,
)
from nrdeck.rules.deckbuilding.context import DRAFT_SET, DeckContext, plural


def agenda_band(cards: int) -> tuple[int, int]:
    """The agenda points a Corp deck of this many cards needs: [m, m+1], m = 2 + 2*floor(N/5)."""
    low = 2 + 2 * (cards // 5)
    return low, low + 1


def agenda_points(ctx: DeckContext) -> int:
    """Agenda points in the deck (identity excluded)."""
    return sum((card.agenda_points or 0) * ctx.counts[cid] for cid, card in ctx.cards.items())


def draft_casual(ctx: DeckContext, in_force: InForce) -> bool:
    """A draft identity under casual: no copy limit, no agenda band (cube rules)."""
    return ctx.is_draft_identity and not in_force.extras.constructed


def identity_problems(ctx: DeckContext) -> list[Problem]:
    """identity-missing / identity-copies / identity-multiple (CR 1.4.1, 1.4.4)."""
    deck = ctx.deck
    if deck.identity is None:
        if any(p.code == "identity-missing" for p in deck.problems):
            return []  # resolution named the card that is no identity
        return [ctx.problem("identity-missing", "the deck has no identity card", "CR 1.4.1")]
    return [*_identity_copies(ctx, deck.identity), *_other_identities(ctx, deck.identity)]


def _identity_copies(ctx: DeckContext, identity: DeckEntry) -> list[Problem]:
    """identity-copies: the identity's one line gives it more than one copy (CR 1.4.1)."""
    if identity.quantity <= 1:
        return []
    title = ctx.identity.title if ctx.identity else identity.card_id
    message = (
        f"{title}, the deck's identity, is listed with {plural(identity.quantity, 'copy')}; "
        "a deck has exactly one identity card: list it once"
    )
    problem = ctx.problem("identity-copies", message, "CR 1.4.1", identity.card_id)
    return [replace(problem, location=Location(ctx.deck.source, identity.line))]


def _other_identities(ctx: DeckContext, identity: DeckEntry) -> list[Problem]:
    """identity-multiple: another identity line, or the identity named again (CR 1.4.4)."""
    deck = ctx.deck
    extra = [e.card_id for e in deck.extra_identities]
    extra += list(ctx.stray_identities)
    if not extra:
        return []
    first = ctx.identity.title if ctx.identity else identity.card_id
    again = [e for e in deck.extra_identities if e.card_id == identity.card_id]
    others = [cid for cid in extra if cid != identity.card_id and cid in ctx.db.cards]
    if again and not others:
        copies = plural(sum(e.quantity for e in again), "copy")
        message = (
            f"{first}, the deck's identity, is listed again as a deck card ({copies}); "
            "a deck has exactly one identity and cannot contain identity cards"
        )
        problem = ctx.problem("identity-multiple", message, "CR 1.4.4", *extra)
        return [replace(problem, location=Location(deck.source, again[0].line))]
    names = [ctx.card_or_identity(cid).title for cid in extra if cid in ctx.db.cards]
    message = (
        f"the deck has {1 + len(extra)} identities: {first}, {', '.join(names)}; "
        "a deck has exactly one"
    )
    return [ctx.problem("identity-multiple", message, "CR 1.4.4", *extra)]


def side_problems(ctx: DeckContext) -> list[Problem]:
    """side-mismatch: every card on the identity's side (CR 1.4.4)."""
    if ctx.identity is None:
        return []
    side = ctx.identity.side
    return [
        ctx.problem(
            "side-mismatch",
            f"{card.title} is a {card.side.title()} card "
            f"in a {side.title()} deck ({ctx.identity.title})",
            "CR 1.4.4",
            cid,
        )
        for cid, card in ctx.cards.items()
        if card.side != side and not card.is_identity
    ]


def size_problems(ctx: DeckContext, in_force: InForce) -> list[Problem]:
    """deck-size: at least the identity's minimum deck size (CR 1.4.3).

    A deck without an identity is held to the smallest minimum among the identities of its
    side that the format allows: no identity could make it legal with fewer cards.
    """
    if ctx.identity is None:
        return _size_without_identity(ctx, in_force)
    minimum = ctx.identity.minimum_deck_size
    if minimum is None or ctx.size >= minimum:
        return []
    message = (
        f"the deck has {plural(ctx.size, 'card')}; {ctx.identity.title} "
        f"needs at least {minimum} ({minimum - ctx.size} more)"
    )
    return [ctx.problem("deck-size", message, "CR 1.4.3")]


def _size_without_identity(ctx: DeckContext, in_force: InForce) -> list[Problem]:
    side = ctx.side
    if side is None:
        return []
    minimum = smallest_minimum(ctx, in_force, side)
    if minimum is None or ctx.size >= minimum:
        return []
    message = (
        f"the deck has {plural(ctx.size, 'card')} and no identity; the {side.title()} "
        f"identities allowed here need at least {minimum} ({minimum - ctx.size} more)"
    )
    return [ctx.problem("deck-size", message, "CR 1.4.3")]


def smallest_minimum(ctx: DeckContext, in_force: InForce, side: str) -> int | None:
    """The smallest minimum deck size among the side's identities the format allows."""
    available = in_force.lookups.available
    sizes = [
        card.minimum_deck_size
        for card in ctx.db.identities()
        if card.side == side
        and card.minimum_deck_size is not None
        and (available is None or card.id in available)
        and not (in_force.extras.constructed and ctx.db.sets_of(card.id) == {DRAFT_SET})
        and (card.id not in STARTER_IDENTITIES or in_force.extras.starters_allowed)
    ]
    return min(sizes, default=None)


def copies_problems(ctx: DeckContext, in_force: InForce) -> list[Problem]:
    """copies (CR 1.4.7); singleton for Ampère and Nova Initiumia, and in a singleton format
    (``max_copies = 1``: singleton, plus copies when the card's own limit is broken too)."""
    if draft_casual(ctx, in_force):
        return []
    cap, owner = in_force.extras.max_copies, in_force.extras.max_copies_rule
    if cap != 1 and ctx.identity is not None and ctx.identity.id in SINGLETON_IDENTITIES:
        cap, owner = 1, ctx.identity.title
    out = []
    for cid, card in ctx.cards.items():
        copies = ctx.counts[cid]
        own = deck_limit(card, in_force)
        if cap == 1 and copies > 1:
            message = f"{plural(copies, 'copy')} of {card.title}; {owner} allows 1 of each card"
            out.append(ctx.problem("singleton", message, owner, cid))
            if copies > own and in_force.extras.max_copies == 1:
                out.append(_copies_problem(ctx, in_force, cid, copies))
        elif cap is not None and cap < own and copies > cap:
            message = f"{plural(copies, 'copy')} of {card.title}; {owner} allows {cap} of each card"
            out.append(ctx.problem("copies", message, owner, cid))
        elif copies > own:
            out.append(_copies_problem(ctx, in_force, cid, copies))
    return out


def deck_limit(card: Card, in_force: InForce) -> int:
    """The card's copy limit on the date checked (a dated errata's value while in force)."""
    erratum = in_force.lookups.errata.get(card.id)
    return erratum.value if erratum is not None else card.deck_limit


def _copies_problem(ctx: DeckContext, in_force: InForce, card_id: str, copies: int) -> Problem:
    card = ctx.cards[card_id]
    limit = deck_limit(card, in_force)
    message = f"{plural(copies, 'copy')} of {card.title}; the limit is {limit}"
    erratum = in_force.lookups.errata.get(card_id)
    if erratum is None:
        return ctx.problem("copies", message, "CR 1.4.7", card_id)
    message += f" on {in_force.date} ({card.title} {erratum.describe()})"
    return ctx.problem("copies", message, f"CR 1.4.7; {card.title} errata", card_id)


def no_influence_problems(ctx: DeckContext, in_force: InForce) -> list[Problem]:
    """no-influence-value: out-of-faction cards without an influence value (CR 1.4.4, 2.14.2)."""
    if ctx.identity is None:
        return []
    identity = ctx.identity
    any_agenda = identity.id == AMPERE or (
        identity.id == THE_SHADOW and draft_casual(ctx, in_force)
    )
    return [
        ctx.problem(
            "no-influence-value",
            f"{card.title} ({ctx.faction_name(card.faction)}) has no influence value and "
            f"cannot be played out of faction in a {ctx.faction_name(identity.faction)} deck",
            "CR 1.4.4, 2.14.2",
            cid,
        )
        for cid, card in ctx.cards.items()
        if ctx.out_of_faction(card)
        and card.influence_cost is None
        and card.side == identity.side
        and not card.is_identity
        and not (any_agenda and card.type == "agenda")
    ]


def agenda_problems(ctx: DeckContext, in_force: InForce) -> list[Problem]:
    """agenda-points: a Corp deck's points within the band for its actual size (CR 1.4.6)."""
    if ctx.side != "corp" or draft_casual(ctx, in_force):
        return []
    points = agenda_points(ctx)
    low, high = agenda_band(ctx.size)
    if low <= points <= high:
        return []
    message = f"the deck has {points} agenda points; a {ctx.size}-card deck needs {low} or {high}"
    return [ctx.problem("agenda-points", message, "CR 1.4.6")]


def construction_problems(ctx: DeckContext, in_force: InForce) -> list[Problem]:
    """Every construction problem (§1), identity rules on copies included."""
    return [
        *identity_problems(ctx),
        *side_problems(ctx),
        *size_problems(ctx, in_force),
        *copies_problems(ctx, in_force),
        *no_influence_problems(ctx, in_force),
        *agenda_problems(ctx, in_force),
    ]
