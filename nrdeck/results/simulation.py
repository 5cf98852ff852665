"""What a simulation returns: tables of odds, first-met turns, sample hands, assumptions.

Also the answers to the what-if questions: variants side by side (``Comparison``), the
fewest copies that reach a target (``TargetResult``), the optimal mulligan rule
(``OptimalMulligan``) and the per-card table (``CardTable``).
"""

from __future__ import annotations

import msgspec

from nrdeck.catalog.records import DataInfo


class QueryOdds(msgspec.Struct, frozen=True):
    """One query's odds: true at each turn, and first met by each turn."""

    at_turn: tuple[float, ...]
    met_by: tuple[float, ...]
    ci95: tuple[tuple[float, float], ...] | None = None


class FirstMet(msgspec.Struct, frozen=True):
    """When a query is first met, over every turn until no more card can be seen.

    ``mean`` is over the games where it is met at all; it is the plain mean when ``never``
    is 0. ``median`` is the first row where it is met in half the games (None: never).
    """

    by_last: float  # chance it is met by the last row shown
    mean: float | None
    median: int | None
    never: float  # chance it is never met, even when the deck runs out
    within: int | None = None  # the last row shown
    end: int | None = None  # the last row computed


class Column(msgspec.Struct, frozen=True):
    """A table column: its label, query text, odds and first-met summary."""

    label: str
    query: str
    odds: QueryOdds
    first_met: FirstMet
    method: str = "exact"
    samples: int | None = None
    seen: tuple[int, ...] = ()


class Section(msgspec.Struct, frozen=True):
    """A table: rows are turns (``row_name == "turn"``) or cards accessed."""

    title: str
    row_name: str
    rows: tuple[int, ...]
    seen: tuple[int, ...]
    columns: tuple[Column, ...]
    note: str = ""


class HandCard(msgspec.Struct, frozen=True):
    """A card of a sample hand and the groups it belongs to."""

    title: str
    groups: tuple[str, ...]


class Hand(msgspec.Struct, frozen=True):
    """A sample opening hand, after the mulligan rule."""

    cards: tuple[HandCard, ...]
    mulliganed: bool


class GroupInfo(msgspec.Struct, frozen=True):
    """A group used by the run: its name, what it is, and its cards in the deck."""

    name: str
    description: str
    cards: int
    hint: str = ""  # what to do when the group is empty


class CardOdds(msgspec.Struct, frozen=True):
    """One title's chance to have at least one copy among the cards seen by each turn."""

    title: str
    copies: int
    by_turn: tuple[float, ...]


class CardTable(msgspec.Struct, frozen=True):
    """At least one copy of each title by each turn (``--report cards``)."""

    turns: tuple[int, ...]
    seen: tuple[int, ...]
    cards: tuple[CardOdds, ...]


class HandChoice(msgspec.Struct, frozen=True):
    """An opening-hand composition, its chance, the goal's chance if kept, the decision."""

    counts: tuple[int, ...]  # cards per hand class, in ``OptimalMulligan.classes`` order
    chance: float
    goal_if_kept: float
    keep: bool


class OptimalMulligan(msgspec.Struct, frozen=True):
    """The keep-or-mulligan rule that maximises a goal's chance, exactly."""

    goal: str
    turn: int
    classes: tuple[str, ...]  # hand classes: cards sharing the same groups
    choices: tuple[HandChoice, ...]
    never: float  # the goal's chance when never mulliganing
    optimal: float  # with the optimal rule
    mulligan_rate: float
    rule: str  # the rule in words


class TargetStep(msgspec.Struct, frozen=True):
    """The target query's chance with this many copies."""

    copies: int
    chance: float


class TargetResult(msgspec.Struct, frozen=True):
    """The fewest copies of a title or group that reach a query's target chance."""

    query: str
    item: str
    chance: float  # the target, 0..1
    turn: int
    steps: tuple[TargetStep, ...]
    fewest: int | None  # None: not reached in the range tried


class Simulation(msgspec.Struct, frozen=True):
    """Everything a renderer shows."""

    deck: str
    side: str
    identity: str | None
    deck_size: int
    sections: tuple[Section, ...]
    assumptions: tuple[str, ...]
    seed: int
    method: str
    mulligan: str | None
    mulligan_rate: float | None
    hands: tuple[Hand, ...] = ()
    groups: tuple[GroupInfo, ...] = ()
    data: DataInfo | None = None  # the card data used
    random: bool = False  # True when the seed mattered (Monte Carlo, sample hands)
    cards: CardTable | None = None
    optimal: OptimalMulligan | None = None
    target: TargetResult | None = None


class Variant(msgspec.Struct, frozen=True):
    """One deck of a comparison: its label and its simulation."""

    label: str
    simulation: Simulation


class Comparison(msgspec.Struct, frozen=True):
    """The same queries on several decks: copy counts (sweep), padding, or another list."""

    kind: str  # "sweep", "pad" or "compare"
    deck: str  # the deck the variants come from
    variants: tuple[Variant, ...]
    note: str = ""
    data: DataInfo | None = None
