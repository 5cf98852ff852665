"""The ``attributes`` of NetrunnerDB v3 API resources, validated once
(docs/design/netrunnerdb-api.md §2).

Only the facts nrdeck keeps are declared; every other attribute is ignored, except on
formats, snapshots and restrictions, which may carry rules: there the attributes nrdeck knows
and does not need are declared too, and any other is recorded (``RuleBearing``).
"""

from __future__ import annotations

import datetime as dt

from pydantic import Field

from nrdeck.cards.boundary import Boundary, RuleBearing


class V3Face(Boundary):
    title: str | None = None
    stripped_title: str | None = None
    text: str | None = None  # read for facts (cards.textfacts), never kept


class V3Card(Boundary):
    title: str
    stripped_title: str
    side_id: str
    faction_id: str
    card_type_id: str
    card_subtype_ids: list[str] = Field(default_factory=list)
    cost: str | None = None  # "5", or "X"
    influence_cost: int | None = None
    deck_limit: int
    agenda_points: int | None = None
    advancement_requirement: str | None = None  # "3", or "X"
    minimum_deck_size: int | None = None
    influence_limit: int | None = None  # null = unlimited
    base_link: int | None = None
    strength: int | None = None  # -1 = X
    is_unique: bool = False
    layout_id: str | None = None
    faces: list[V3Face] = Field(default_factory=list)
    text: str | None = None  # read for facts (cards.textfacts), never kept
    card_pool_ids: list[str] = Field(default_factory=list)
    updated_at: str | None = None


class V3Printing(Boundary):
    card_id: str
    card_set_id: str
    position: int
    quantity: int
    updated_at: str | None = None


class V3CardSet(Boundary):
    name: str
    card_cycle_id: str
    card_set_type_id: str | None = None
    date_release: dt.date | None = None
    legacy_code: str | None = None
    position: int | None = None
    size: int | None = None
    updated_at: str | None = None


class V3Cycle(Boundary):
    name: str
    legacy_code: str | None = None
    position: int | None = None
    card_set_ids: list[str] = Field(default_factory=list)
    updated_at: str | None = None


class V3Faction(Boundary):
    name: str
    side_id: str
    is_mini: bool = False
    updated_at: str | None = None


class V3Named(Boundary):
    name: str
    updated_at: str | None = None


class V3Format(RuleBearing):
    id: str | None = None  # the resource's id, beside its attributes
    name: str
    active_snapshot_id: str | None = None
    snapshot_ids: list[str] = Field(default_factory=list)
    restriction_ids: list[str] = Field(default_factory=list)  # derived from the snapshots
    active_card_pool_id: str | None = None
    active_restriction_id: str | None = None
    updated_at: str | None = None


class V3Snapshot(RuleBearing):
    id: str | None = None
    format_id: str
    card_pool_id: str
    card_cycle_ids: list[str] = Field(default_factory=list)  # its pool's, as the pool says
    card_set_ids: list[str] = Field(default_factory=list)
    restriction_id: str | None = None
    num_cards: int | None = None  # computed
    date_start: dt.date
    active: bool = False
    updated_at: str | None = None


class V3CardPool(Boundary):
    name: str
    format_id: str
    card_cycle_ids: list[str] = Field(default_factory=list)
    updated_at: str | None = None


class V3Verdicts(RuleBearing):
    banned: list[str] = Field(default_factory=list)
    restricted: list[str] = Field(default_factory=list)
    universal_faction_cost: dict[str, int] = Field(default_factory=dict)
    global_penalty: list[str] = Field(default_factory=list)  # membership only: value 1
    points: dict[str, int] = Field(default_factory=dict)


class V3Restriction(RuleBearing):
    id: str | None = None
    name: str
    format_id: str
    date_start: dt.date
    point_limit: int | None = None
    verdicts: V3Verdicts = Field(default_factory=V3Verdicts)
    banned_subtypes: list[str] = Field(default_factory=list)
    max_3_point_agendas: int | None = Field(default=None, ge=0)  # not exposed by v3 (2026)
    size: int | None = None  # computed: entries in all verdict lists
    updated_at: str | None = None

    def unknown_keys(self) -> list[str]:
        """Undeclared attributes, and verdicts nrdeck does not know ("verdicts.x")."""
        nested = [f"verdicts.{k}" for k in self.verdicts.unknown_keys()]
        return sorted([*super().unknown_keys(), *nested])
