"""Seeded sample opening hands, mulligan rule applied, each card tagged with its groups."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

import msgspec

from nrdeck.catalog import CardDB
from nrdeck.results.simulation import Hand, HandCard
from nrdeck.sim.answers.run import Run, resolve_query
from nrdeck.sim.ask import Group, Query, compile_leaves

SAMPLE_STREAM = 7  # keeps sample hands independent of the Monte Carlo streams


class MulliganRule(msgspec.Struct, frozen=True):
    """A rule on the first hand: the query, each leaf's group, and mulligan when it holds."""

    query: Query
    leaf_groups: tuple[Group, ...]
    mulligan_if: bool = True

    def takes_mulligan(self, hand: Sequence[str]) -> bool:
        """True when this hand goes back."""
        truth = [
            leaf.holds(sum(g.weight(c) for c in hand))
            for leaf, g in zip(self.query.leaves, self.leaf_groups, strict=True)
        ]
        return compile_leaves(self.query)(truth) == self.mulligan_if


def sample_hands(run: Run) -> tuple[Hand, ...]:
    """The request's number of seeded opening hands, the mulligan rule applied."""
    rule = None
    if run.rule is not None:
        rule = MulliganRule(run.rule, tuple(resolve_query(run, run.rule)), run.mulligan_if)
    req = run.request
    tags = list(run.used.values())
    opening = run.schedule.opening
    return deal_hands(run.counts, run.db, tags, rule, opening, req.sample, req.seed)


def deal_hands(
    counts: Mapping[str, int],
    db: CardDB,
    tags: Sequence[Group],
    rule: MulliganRule | None,
    opening: int,
    n: int,
    seed: int,
) -> tuple[Hand, ...]:
    """``n`` seeded opening hands of ``opening`` cards, the mulligan rule applied."""
    rng = random.Random(f"nrdeck:{seed}:{SAMPLE_STREAM}")
    cards = sorted(i for i, k in counts.items() for _ in range(k))
    size = min(opening, len(cards))
    hands = []
    for _ in range(n):
        hand = rng.sample(cards, size)
        mulliganed = rule is not None and rule.takes_mulligan(hand)
        if mulliganed:
            hand = rng.sample(cards, size)
        hands.append(Hand(tuple(_tagged(db, tags, c) for c in hand), mulliganed))
    return tuple(hands)


def _tagged(db: CardDB, groups: Sequence[Group], card_id: str) -> HandCard:
    names = tuple(dict.fromkeys(g.name for g in groups if g.weight(card_id)))
    return HandCard(db.card(card_id).title, names)
