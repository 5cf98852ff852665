"""What one run has learnt about reaching NetrunnerDB.

Shared by every deck fetch of a run (a bulk check, a tournament roster): after the first
network failure, the remaining decks come from the cache at once instead of each waiting
through the same timeouts and retries.
"""

from __future__ import annotations


class Reachability:
    """Mutable per-run state: why NetrunnerDB is unreachable, once a fetch found out."""

    __slots__ = ("down_reason",)

    def __init__(self) -> None:
        self.down_reason: str | None = None

    def mark_down(self, reason: str) -> None:
        """Remember the first network failure of the run."""
        if self.down_reason is None:
            self.down_reason = reason

    @property
    def is_down(self) -> bool:
        """True once a fetch of this run failed to reach NetrunnerDB."""
        return self.down_reason is not None
