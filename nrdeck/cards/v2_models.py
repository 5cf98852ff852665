"""The netrunner-cards-json ``v2/`` files, as pydantic validates them (data build, import)."""

from __future__ import annotations

import datetime as dt

from pydantic import Field

from nrdeck.cards.boundary import Boundary, RuleBearing


class V2Face(Boundary):
    title: str | None = None
    stripped_title: str | None = None
    text: str | None = None  # read for facts (cards.textfacts), never kept


class V2Card(Boundary):
    id: str
    title: str
    stripped_title: str
    side_id: str
    faction_id: str
    card_type_id: str
    subtypes: list[str] = Field(default_factory=list)
    cost: int | str | None = None  # "X" where the data has an explicit null
    influence_cost: int | None = None
    deck_limit: int
    agenda_points: int | None = None
    advancement_requirement: int | str | None = None
    minimum_deck_size: int | None = None
    influence_limit: int | None = None
    base_link: int | None = None
    is_unique: bool = False
    layout_id: str | None = None
    faces: list[V2Face] = Field(default_factory=list)
    text: str | None = None  # read for facts (cards.textfacts), never kept


class V2TranslatedCard(Boundary):
    """A card's file under ``translations/<language>/cards/``: only the titles are read."""

    id: str
    title: str | None = None
    faces: list[V2Face] = Field(default_factory=list)


class V2Printing(Boundary):
    id: str = Field(pattern=r"^\d{5}$")
    card_id: str
    card_set_id: str
    position: int
    quantity: int


class V2CardSet(Boundary):
    id: str
    name: str
    card_cycle_id: str
    card_set_type_id: str | None = None
    date_release: dt.date | None = None
    legacy_code: str | None = None
    position: int | None = None
    size: int | None = None


class V2Cycle(Boundary):
    id: str
    name: str
    legacy_code: str | None = None
    position: int | None = None


class V2Faction(Boundary):
    id: str
    name: str
    side_id: str
    is_mini: bool = False


class V2Named(Boundary):
    id: str
    name: str
    side_id: str | None = None


class V2Snapshot(RuleBearing):
    id: str
    card_pool_id: str
    date_start: dt.date
    restriction_id: str | None = None
    active: bool = False


class V2Format(RuleBearing):
    id: str
    name: str
    snapshots: list[V2Snapshot]


class V2CardPool(Boundary):
    id: str
    name: str
    format_id: str
    card_cycle_ids: list[str] = Field(default_factory=list)
    card_set_ids: list[str] = Field(default_factory=list)
    cards: list[str] = Field(default_factory=list)


class V2Restriction(RuleBearing):
    id: str
    name: str
    format_id: str
    date_start: dt.date
    banned: list[str] = Field(default_factory=list)
    restricted: list[str] = Field(default_factory=list)
    universal_faction_cost: dict[str, list[str]] = Field(default_factory=dict)
    global_penalty: dict[str, list[str]] = Field(default_factory=dict)
    points: dict[str, list[str]] = Field(default_factory=dict)
    point_limit: int | None = None
    subtypes: dict[str, list[str]] = Field(default_factory=dict)  # only "banned" is known
    max_3_point_agendas: int | None = Field(default=None, ge=0)  # Startup's cap (2026 data)

    def unknown_keys(self) -> list[str]:
        """Undeclared keys, and subtype verdicts other than "banned" ("subtypes.restricted")."""
        nested = [f"subtypes.{k}" for k in self.subtypes if k != "banned"]
        return sorted([*super().unknown_keys(), *nested])
