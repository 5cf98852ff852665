"""Influence spent and the limit (docs/reference/legality.md §2, CR 1.4.5, 2.14.3): Professor,
alliances, MWLs."""

from __future__ import annotations

from collections.abc import Callable

import msgspec

from nrdeck.problems import Problem
from nrdeck.results.check import CardCost
from nrdeck.rules.calendar import Lookups
from nrdeck.rules.deckbuilding.cardids import PAD_CAMPAIGN, THE_PROFESSOR
from nrdeck.rules.deckbuilding.context import DeckContext

Condition = Callable[[DeckContext], bool]


def _faction_copies(faction: str) -> Condition:
    def holds(ctx: DeckContext) -> bool:
        copies = sum(
            n
            for cid, n in ctx.counts.items()
            if ctx.cards[cid].faction == faction and not ctx.cards[cid].has_subtype("alliance")
        )
        return copies >= 6

    return holds


def _type_copies(ctx: DeckContext, card_type: str) -> int:
    return sum(n for cid, n in ctx.counts.items() if ctx.cards[cid].type == card_type)


# Each alliance card's printed condition for costing 0 influence.
ALLIANCE: dict[str, tuple[Condition, str]] = {
    "consulting_visit": (
        _faction_copies("weyland_consortium"),
        "6 or more non-alliance Weyland cards",
    ),
    "executive_search_firm": (
        _faction_copies("weyland_consortium"),
        "6 or more non-alliance Weyland cards",
    ),
    "heritage_committee": (_faction_copies("jinteki"), "6 or more non-alliance Jinteki cards"),
    "raman_rai": (_faction_copies("jinteki"), "6 or more non-alliance Jinteki cards"),
    "ibrahim_salem": (_faction_copies("nbn"), "6 or more non-alliance NBN cards"),
    "salems_hospitality": (_faction_copies("nbn"), "6 or more non-alliance NBN cards"),
    "jeeves_model_bioroids": (
        _faction_copies("haas_bioroid"),
        "6 or more non-alliance Haas-Bioroid cards",
    ),
    "product_recall": (
        _faction_copies("haas_bioroid"),
        "6 or more non-alliance Haas-Bioroid cards",
    ),
    "mumba_temple": (lambda ctx: _type_copies(ctx, "ice") <= 15, "15 or fewer ice"),
    "museum_of_history": (lambda ctx: ctx.size >= 50, "50 or more cards"),
    "pad_factory": (lambda ctx: ctx.counts.get(PAD_CAMPAIGN, 0) == 3, "exactly 3 PAD Campaign"),
    "mumbad_virtual_tour": (lambda ctx: _type_copies(ctx, "asset") >= 7, "7 or more assets"),
}


class Influence(msgspec.Struct, frozen=True):
    """Influence spent, the limits, and who spent it."""

    spent: int
    limit: int | None  # after any global penalty; None: unlimited
    printed_limit: int | None
    penalty: int
    breakdown: tuple[CardCost, ...]


def _card_cost(ctx: DeckContext, cid: str, comp: Lookups) -> CardCost | None:
    card, copies = ctx.cards[cid], ctx.counts[cid]
    universal_cost = comp.universal_faction_cost.get(cid, 0)
    if not universal_cost and not (card.influence_cost and ctx.out_of_faction(card)):
        return None
    notes: list[str] = []
    base = 0
    if ctx.out_of_faction(card) and card.influence_cost:
        paid = copies
        if ctx.identity is not None and ctx.identity.id == THE_PROFESSOR and card.type == "program":
            paid = copies - 1
            notes.append("The Professor: first copy free")
        alliance = ALLIANCE.get(cid)
        if alliance is not None and alliance[0](ctx):
            paid = 0
            notes.append(f"alliance: {alliance[1]}")
        base = card.influence_cost * paid
    universal = universal_cost * copies
    if universal:
        notes.append(f"+{universal_cost} per copy (universal faction cost)")
    if not base and not universal and not notes:
        return None
    return CardCost(cid, card.title, copies, base + universal, "; ".join(notes))


def compute(ctx: DeckContext, comp: Lookups) -> Influence:
    """Influence spent with its breakdown, and the limit after any global penalty."""
    breakdown = tuple(c for cid in ctx.counts if (c := _card_cost(ctx, cid, comp)) is not None)
    identity = ctx.identity
    if identity is not None and comp.universal_faction_cost.get(identity.id):
        cost = comp.universal_faction_cost[identity.id]
        note = f"+{cost} (universal faction cost, identity)"
        breakdown = (CardCost(identity.id, identity.title, 1, cost, note), *breakdown)
    spent = sum(c.amount for c in breakdown)
    printed = ctx.identity.influence_limit if ctx.identity else None
    penalty = sum(comp.global_penalty.get(cid, 0) * n for cid, n in ctx.with_identity().items())
    limit = max(1, printed - penalty) if printed is not None and penalty else printed
    return Influence(spent, limit, printed, penalty, breakdown)


def influence_problems(ctx: DeckContext, inf: Influence, rule_name: str) -> list[Problem]:
    """influence: spent within the limit (CR 1.4.5; ban-list penalty and costs included)."""
    if inf.limit is None or inf.spent <= inf.limit:
        return []
    costly = sorted((c for c in inf.breakdown if c.amount), key=lambda c: -c.amount)
    parts = ", ".join(f"{c.title} {c.amount}" for c in costly)
    limit = f"{inf.limit}"
    if inf.penalty:
        limit += f" ({inf.printed_limit} printed, -{inf.penalty} global penalty, floor 1)"
    universal = sum(c.amount for c in costly if "universal" in c.note)
    extra = " (universal faction cost included)" if universal else ""
    message = f"influence spent {inf.spent} exceeds the limit {limit}{extra}: {parts}"
    rule = "CR 1.4.5" + (f"; {rule_name}" if rule_name else "")
    return [ctx.problem("influence", message, rule, *(c.card_id for c in costly))]
