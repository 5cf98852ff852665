"""A deck's breakdown: composition, influence, agendas and cost curve, with its check."""

from __future__ import annotations

import msgspec

from nrdeck.catalog.records import DataInfo
from nrdeck.deck import Deck
from nrdeck.results.check import CachedCopy, CardCost, CheckResult

Count = tuple[str, int]


class DeckBreakdown(msgspec.Struct, frozen=True):
    """A deck's composition, with the figures of its check."""

    result: CheckResult
    data: DataInfo
    by_type: tuple[Count, ...]
    by_subtype: tuple[Count, ...]
    influence_by_faction: tuple[Count, ...]
    influence_by_card: tuple[CardCost, ...]
    agendas: int
    agenda_density: float | None  # agenda points per 10 cards
    cost_curve: tuple[Count, ...]  # cost ("0".."n", "X") -> copies (agendas and identity excluded)
    cached: CachedCopy | None = None  # a remote deck read from its cached copy

    @property
    def deck(self) -> Deck:
        """The deck itself."""
        return self.result.deck
