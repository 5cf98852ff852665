"""check_deck: every problem in one deck under what is in force, and the deck's figures."""

from __future__ import annotations

from nrdeck.catalog import CardDB
from nrdeck.deck import Deck
from nrdeck.results.check import CheckResult, DeckStats
from nrdeck.rules.calendar import InForce
from nrdeck.rules.deckbuilding import influence
from nrdeck.rules.deckbuilding.construction import (
    agenda_band,
    agenda_points,
    construction_problems,
    draft_casual,
)
from nrdeck.rules.deckbuilding.context import DeckContext
from nrdeck.rules.deckbuilding.identities import identity_rule_problems
from nrdeck.rules.deckbuilding.legality import legality_problems, points_breakdown


def check_deck(deck: Deck, db: CardDB, in_force: InForce) -> CheckResult:
    """Every problem in the deck (its reading problems first) and its figures; a title
    naming several cards is decided by the pool in force, where it can be."""
    if deck.undecided:
        from nrdeck.rules.deckbuilding.collisions import (
            settle,  # only titles naming several cards need it
        )

        deck = settle(deck, db, in_force)
    ctx = DeckContext.of(deck, db)
    comp = in_force.lookups
    inf = influence.compute(ctx, comp)
    points = points_breakdown(ctx, comp) if comp.point_limit is not None else ()
    rule_name = (
        in_force.restriction.name
        if in_force.restriction
        and (inf.penalty or any(c.card_id in comp.universal_faction_cost for c in inf.breakdown))
        else ""
    )
    problems = [
        *deck.problems,
        *construction_problems(ctx, in_force),
        *influence.influence_problems(ctx, inf, rule_name),
        *identity_rule_problems(ctx, in_force),
        *legality_problems(ctx, in_force, comp, points),
    ]
    corp = ctx.side == "corp"
    band = agenda_band(ctx.size) if corp and not draft_casual(ctx, in_force) else None
    stats = DeckStats(
        cards=ctx.size,
        min_cards=ctx.identity.minimum_deck_size if ctx.identity else None,
        influence_spent=inf.spent,
        influence_limit=inf.limit,
        influence_breakdown=inf.breakdown,
        printed_influence_limit=inf.printed_limit,
        agenda_points=agenda_points(ctx) if corp else None,
        agenda_band=band,
        points=sum(c.amount for c in points) if comp.point_limit is not None else None,
        point_limit=comp.point_limit,
        points_breakdown=points,
    )
    return CheckResult(
        deck=deck,
        identity_id=ctx.identity.id if ctx.identity else None,
        identity_title=ctx.identity.title if ctx.identity else None,
        side=ctx.side,
        period=in_force.period,
        stats=stats,
        problems=tuple(problems),
    )
