"""Pydantic boundary models: data enters nrdeck through these, validated once.

Three families:
* ``V2*``: the netrunner-cards-json ``v2/`` files (the input of ``data build``/``import``);
* ``V3*``: the ``attributes`` of NetrunnerDB v3 API resources (read by ``nrdeck.cards.nrdb_v3``);
* ``*Facts`` and ``CardDocument``: nrdeck's own facts-only card document, the format of the
  bundled snapshot, of the cache, and of a pinned ``--data`` file.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from nrdeck.carddb import DOCUMENT_FORMAT, DOCUMENT_SCHEMA

__all__ = ["DOCUMENT_FORMAT", "DOCUMENT_SCHEMA"]


class Boundary(BaseModel):
    """Frozen, tolerant of extra keys: the shape every boundary model shares."""

    model_config = ConfigDict(frozen=True, extra="ignore")


# --- netrunner-cards-json v2 files -------------------------------------------------


class V2Face(Boundary):
    title: str | None = None
    stripped_title: str | None = None


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
    date_release: str | None = None
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


class V2Snapshot(Boundary):
    id: str
    card_pool_id: str
    date_start: str
    restriction_id: str | None = None
    active: bool = False


class V2Format(Boundary):
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


class V2Restriction(Boundary):
    id: str
    name: str
    format_id: str
    date_start: str
    banned: list[str] = Field(default_factory=list)
    restricted: list[str] = Field(default_factory=list)
    universal_faction_cost: dict[str, list[str]] = Field(default_factory=dict)
    global_penalty: dict[str, list[str]] = Field(default_factory=dict)
    points: dict[str, list[str]] = Field(default_factory=dict)
    point_limit: int | None = None
    subtypes: dict[str, list[str]] = Field(default_factory=dict)


# --- NetrunnerDB v3 API attributes (docs/nrdb-api.md §1.4) ------------------------
# Only the facts nrdeck keeps are declared; every other attribute is ignored.


class V3Face(Boundary):
    title: str | None = None
    stripped_title: str | None = None


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
    date_release: str | None = None
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


class V3Format(Boundary):
    name: str
    active_snapshot_id: str | None = None
    snapshot_ids: list[str] = Field(default_factory=list)
    updated_at: str | None = None


class V3Snapshot(Boundary):
    format_id: str
    card_pool_id: str
    card_set_ids: list[str] = Field(default_factory=list)
    restriction_id: str | None = None
    date_start: str
    active: bool = False
    updated_at: str | None = None


class V3CardPool(Boundary):
    name: str
    format_id: str
    card_cycle_ids: list[str] = Field(default_factory=list)
    updated_at: str | None = None


class V3Verdicts(Boundary):
    banned: list[str] = Field(default_factory=list)
    restricted: list[str] = Field(default_factory=list)
    universal_faction_cost: dict[str, int] = Field(default_factory=dict)
    global_penalty: list[str] = Field(default_factory=list)  # membership only: value 1
    points: dict[str, int] = Field(default_factory=dict)


class V3Restriction(Boundary):
    name: str
    format_id: str
    date_start: str
    point_limit: int | None = None
    verdicts: V3Verdicts = Field(default_factory=V3Verdicts)
    banned_subtypes: list[str] = Field(default_factory=list)
    updated_at: str | None = None


# --- nrdeck's facts-only card document ----------------------------------------------


class CardFacts(Boundary):
    id: str
    title: str
    stripped_title: str
    side: str
    faction: str
    type: str
    subtypes: list[str] = Field(default_factory=list)
    cost: int | str | None = None
    influence_cost: int | None = None
    deck_limit: int
    agenda_points: int | None = None
    advancement_requirement: int | str | None = None
    minimum_deck_size: int | None = None
    influence_limit: int | None = None
    base_link: int | None = None
    is_unique: bool = False
    layout: str = "normal"
    face_titles: list[str] = Field(default_factory=list)


class PrintingFacts(Boundary):
    code: str = Field(pattern=r"^\d{5}$")
    card_id: str
    set_id: str
    position: int
    quantity: int


class CardSetFacts(Boundary):
    id: str
    name: str
    cycle_id: str
    type: str | None = None
    date_release: str | None = None
    legacy_code: str | None = None
    position: int | None = None
    size: int | None = None


class CycleFacts(Boundary):
    id: str
    name: str
    legacy_code: str | None = None
    position: int | None = None


class FactionFacts(Boundary):
    id: str
    name: str
    side: str
    is_mini: bool = False


class NamedFacts(Boundary):
    id: str
    name: str
    side: str | None = None


class SnapshotFacts(Boundary):
    id: str
    card_pool_id: str
    restriction_id: str | None = None
    date_start: str
    active: bool = False


class FormatFacts(Boundary):
    id: str
    name: str
    snapshots: list[SnapshotFacts]


class CardPoolFacts(Boundary):
    id: str
    name: str
    format_id: str
    card_cycle_ids: list[str] = Field(default_factory=list)
    card_set_ids: list[str] = Field(default_factory=list)
    cards: list[str] = Field(default_factory=list)


class RestrictionFacts(Boundary):
    id: str
    name: str
    format_id: str
    date_start: str
    banned: list[str] = Field(default_factory=list)
    restricted: list[str] = Field(default_factory=list)
    universal_faction_cost: dict[str, int] = Field(default_factory=dict)
    global_penalty: dict[str, int] = Field(default_factory=dict)
    points: dict[str, int] = Field(default_factory=dict)
    point_limit: int | None = None
    banned_subtypes: list[str] = Field(default_factory=list)


class SourceFacts(Boundary):
    source: str
    dataset_date: str | None = None
    url: str | None = None


class CardDocument(Boundary):
    """The whole facts-only card document (bundled snapshot, cache entry, --data file)."""

    format: str = DOCUMENT_FORMAT
    schema_version: int = DOCUMENT_SCHEMA
    origin: SourceFacts
    cards: list[CardFacts]
    printings: list[PrintingFacts]
    sets: list[CardSetFacts]
    cycles: list[CycleFacts]
    factions: list[FactionFacts]
    types: list[NamedFacts] = Field(default_factory=list)
    subtypes: list[NamedFacts] = Field(default_factory=list)
    formats: list[FormatFacts]
    card_pools: list[CardPoolFacts]
    restrictions: list[RestrictionFacts]
