"""What `nrdeck timeline` and `nrdeck card` return: verdicts and a card's history over time."""

from __future__ import annotations

import datetime as dt

import msgspec

from nrdeck.catalog.records import DataInfo
from nrdeck.catalog.ruletables import Erratum


class DeckInterval(msgspec.Struct, frozen=True):
    """A maximal stretch of dates with one period in force and one verdict and set of codes."""

    start: dt.date
    end: dt.date | None  # exclusive; None: open-ended (the present)
    snapshot_id: str
    card_pool_id: str
    card_pool_name: str
    restriction_id: str | None
    restriction_name: str | None
    legal: bool
    codes: tuple[str, ...]  # sorted, distinct (errors and warnings)
    note: str = ""  # what is wrong on the first day: '12 cards rotated out; Sting! banned'


class DeckTimeline(msgspec.Struct, frozen=True):
    """When one deck was legal in one format, from the format's first period on."""

    source: str
    name: str | None
    identity_id: str | None
    identity_title: str | None
    side: str | None
    format_id: str
    format_name: str
    tier: str
    intervals: tuple[DeckInterval, ...]
    data: DataInfo
    # what fetching the deck met (a damaged cached copy), rules of some list on the way that
    # nrdeck cannot apply
    warnings: tuple[str, ...] = ()
    stale_data: str | None = None
    format_note: str | None = None  # the card data's format used, not a shipped file's


class Penalty(msgspec.Struct, frozen=True):
    """An influence penalty of an early Most Wanted List on a card (NAPD MWL 1.x)."""

    kind: str  # "universal_faction_cost" (+n influence per copy) or "global_penalty" (-n limit)
    amount: int


class CardInterval(msgspec.Struct, frozen=True):
    """A maximal stretch of dates with one status of a card in a format."""

    start: dt.date
    end: dt.date | None
    status: str  # "legal", "banned", "restricted", "points", "not-in-pool"
    points: int | None = None  # Eternal points, with status "points"
    restriction_id: str | None = None  # the list that bans, restricts, gives points or penalises
    restriction_name: str | None = None
    penalty: Penalty | None = None


class CardPrinting(msgspec.Struct, frozen=True):
    """One printing of the card: its code, set and the set's release date."""

    code: str
    set_id: str
    set_name: str
    date: dt.date | None


class CardFacts(msgspec.Struct, frozen=True):
    """What a player asks of a card before building with it."""

    id: str
    title: str
    side: str
    faction: str
    faction_name: str
    type: str
    type_name: str
    subtypes: tuple[str, ...]
    cost: int | str | None
    influence_cost: int | None
    deck_limit: int
    agenda_points: int | None = None
    advancement_requirement: int | str | None = None
    minimum_deck_size: int | None = None
    influence_limit: int | None = None


class CardFormat(msgspec.Struct, frozen=True):
    """A card's history in one format."""

    format_id: str
    format_name: str
    intervals: tuple[CardInterval, ...]


class CardHistory(msgspec.Struct, frozen=True):
    """A card's facts, printings, history per format and dated errata."""

    card: CardFacts
    printings: tuple[CardPrinting, ...]
    formats: tuple[CardFormat, ...]
    errata: tuple[Erratum, ...]
    tier: str
    data: DataInfo
    stale_data: str | None = None
    warnings: tuple[str, ...] = ()  # community formats left out: the card data cannot read them
