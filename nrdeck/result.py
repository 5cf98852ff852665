"""What a legality check returns: the period used, the deck's figures, and every problem."""

from __future__ import annotations

import datetime as dt

import msgspec

from nrdeck.deck import Deck
from nrdeck.problems import Problem, Severity


class Period(msgspec.Struct, frozen=True):
    """What was in force: format, snapshot, card pool, restriction, date, correction."""

    format_id: str
    format_name: str
    as_of: dt.date
    snapshot_id: str | None = None
    card_pool_id: str | None = None
    card_pool_name: str | None = None
    restriction_id: str | None = None
    restriction_name: str | None = None
    correction: str | None = None

    def describe(self) -> str:
        """'Standard · Ban List 25.08 · pool rotation_2025 · 2025-09-01'."""
        parts = [self.format_name]
        if self.restriction_name:
            parts.append(self.restriction_name)
        if self.card_pool_name:
            parts.append(self.card_pool_name)
        return " · ".join(parts)


class CardCost(msgspec.Struct, frozen=True):
    """One card's contribution to a figure (influence or Eternal points)."""

    card_id: str
    title: str
    copies: int
    amount: int
    note: str = ""


class DeckStats(msgspec.Struct, frozen=True):
    """The deck's figures."""

    cards: int
    min_cards: int | None
    influence_spent: int
    influence_limit: int | None  # None: unlimited; after any global penalty
    influence_breakdown: tuple[CardCost, ...] = ()
    printed_influence_limit: int | None = None
    agenda_points: int | None = None  # Corp only
    agenda_band: tuple[int, int] | None = None
    points: int | None = None  # Eternal points, when the restriction has points
    point_limit: int | None = None
    points_breakdown: tuple[CardCost, ...] = ()


class CheckResult(msgspec.Struct, frozen=True):
    """The verdict on one deck."""

    deck: Deck
    identity_id: str | None
    identity_title: str | None
    side: str | None
    period: Period
    stats: DeckStats
    problems: tuple[Problem, ...]

    @property
    def legal(self) -> bool:
        """True when no problem is an error."""
        return not any(p.severity is Severity.ERROR for p in self.problems)
