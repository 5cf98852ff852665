"""The shape every upstream pydantic model shares: frozen, tolerant of extra keys."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class Boundary(BaseModel):
    """Frozen, tolerant of extra keys: data enters nrdeck through these, validated once."""

    model_config = ConfigDict(frozen=True, extra="ignore")
