"""What a format file adds to the pool and list in force, as one value: read from the file by
the format-file rules, applied where the lookups of what is in force are built."""

from __future__ import annotations

import msgspec

from nrdeck.catalog.ruletables import AgendaCap


class HouseRules(msgspec.Struct, frozen=True):
    """What a format file adds on top of the pool and list in force (docs/community-formats.md).

    Its own bans (cards and subtypes), restrictions, points and agenda cap; a copy limit over
    every card's own (``max_copies``: 1 is singleton); sets that are never cards of the format
    (``exclude_sets``); and ``outside_pool``: a released card from outside the pool is allowed
    as a restricted card (Throwback) instead of ``not-in-card-pool``.
    """

    name: str
    path: str
    banned: frozenset[str] = frozenset()
    restricted: frozenset[str] = frozenset()
    points: dict[str, int] = {}
    point_limit: int | None = None
    agenda_cap: AgendaCap | None = None
    banned_subtypes: frozenset[str] = frozenset()
    max_copies: int | None = None
    exclude_sets: frozenset[str] = frozenset()
    outside_pool: bool = False
