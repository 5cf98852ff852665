"""What a simulation returns: tables of odds, first-met turns, sample hands, assumptions."""

from __future__ import annotations

import msgspec

from nrdeck.cardrecords import DataInfo


class QueryOdds(msgspec.Struct, frozen=True):
    """One query's odds: true at each turn, and first met by each turn."""

    at_turn: tuple[float, ...]
    met_by: tuple[float, ...]
    ci95: tuple[tuple[float, float], ...] | None = None


class FirstMet(msgspec.Struct, frozen=True):
    """When a query is first met: chance by the last row, expected and median row."""

    by_last: float
    expected: float | None
    median: int | None
    within: int | None = None  # the last row considered


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
    groups: tuple[tuple[str, str, int], ...] = ()  # name, description, cards in the deck
    data: DataInfo | None = None  # the card data used
