"""Identity rules (docs/reference/legality.md §3): Custom Biotics, Ampère, draft and starter
identities."""

from __future__ import annotations

from collections import defaultdict

from nrdeck.problems import Problem
from nrdeck.rules.calendar import InForce
from nrdeck.rules.deckbuilding.cardids import AMPERE, CUSTOM_BIOTICS, STARTER_IDENTITIES
from nrdeck.rules.deckbuilding.context import DeckContext

NEUTRAL = frozenset({"neutral_corp", "neutral_runner"})


def forbidden_problems(ctx: DeckContext) -> list[Problem]:
    """Custom Biotics: no Jinteki cards."""
    if ctx.identity is None or ctx.identity.id != CUSTOM_BIOTICS:
        return []
    return [
        ctx.problem(
            "identity-forbids-card",
            f"{card.title} is a Jinteki card; {ctx.identity.title} cannot include Jinteki cards",
            ctx.identity.title,
            cid,
        )
        for cid, card in ctx.cards.items()
        if card.faction == "jinteki"
    ]


def ampere_problems(ctx: DeckContext) -> list[Problem]:
    """Ampère: at most 2 different agenda cards from each Corp faction (neutral excluded)."""
    if ctx.identity is None or ctx.identity.id != AMPERE:
        return []
    by_faction: dict[str, list[str]] = defaultdict(list)
    for cid, card in ctx.cards.items():
        if card.type == "agenda" and card.faction not in NEUTRAL:
            by_faction[card.faction].append(cid)
    out = []
    for faction, agendas in by_faction.items():
        if len(agendas) > 2:
            titles = ", ".join(ctx.cards[cid].title for cid in agendas)
            name = ctx.faction_name(faction)
            message = (
                f"{len(agendas)} different {name} agendas ({titles}); "
                f"{ctx.identity.title} allows 2 per faction"
            )
            out.append(ctx.problem("ampere-agendas", message, ctx.identity.title, *agendas))
    return out


def format_problems(ctx: DeckContext, in_force: InForce) -> list[Problem]:
    """identity-not-in-format: draft identities if constructed; starters outside System Gateway."""
    identity = ctx.identity
    if identity is None:
        return []
    fmt = in_force.period.format_name
    if ctx.is_draft_identity and in_force.extras.constructed:
        message = f"{identity.title} is a draft identity (Draft format only), not legal in {fmt}"
        return [
            ctx.problem(
                "identity-not-in-format", message, "identity text: Draft format only", identity.id
            )
        ]
    if identity.id in STARTER_IDENTITIES and not in_force.extras.starters_allowed:
        message = (
            f"{identity.title} is a System Gateway starter identity, "
            f"legal only in System Gateway, not {fmt}"
        )
        return [
            ctx.problem(
                "identity-not-in-format", message, "identity text: Starter game only", identity.id
            )
        ]
    return []


def identity_rule_problems(ctx: DeckContext, in_force: InForce) -> list[Problem]:
    """Every identity-specific problem (singleton copies are checked with the copy limit)."""
    return [*format_problems(ctx, in_force), *forbidden_problems(ctx), *ampere_problems(ctx)]
