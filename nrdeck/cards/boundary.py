"""The shapes every upstream pydantic model shares: frozen; extra keys ignored or recorded."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, ValidationError


class Boundary(BaseModel):
    """Frozen, tolerant of extra keys: data enters nrdeck through these, validated once."""

    model_config = ConfigDict(frozen=True, extra="ignore")


class RuleBearing(BaseModel):
    """Frozen, and keeps the keys it does not declare: a record that may carry rules.

    Restrictions, snapshots and formats may gain deckbuilding rules nrdeck does not know;
    ``unknown_keys`` names them so they are recorded and warned about, never dropped.
    """

    model_config = ConfigDict(frozen=True, extra="allow")

    def unknown_keys(self) -> list[str]:
        """The keys this record has and its model does not declare, sorted."""
        return sorted(self.model_extra or {})


def first_error(exc: ValidationError) -> str:
    """A validation error as one line: the first bad field's path and what is wrong with it."""
    err = exc.errors()[0]
    return f"{'.'.join(str(p) for p in err['loc'])}: {err['msg']}"
