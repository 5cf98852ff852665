"""What one run has learnt about reaching NetrunnerDB.

Shared by every deck fetch of a run (a bulk check, a tournament roster), from every worker:
after the first network failure, the remaining decks come from the cache at once instead of
each waiting through the same timeouts and retries; and a ``Retry-After`` one worker is
given holds them all (``pacing``).
"""

from __future__ import annotations

import threading

from nrdeck.http import Pacing


class Reachability:
    """Mutable per-run state: why NetrunnerDB is unreachable, once a fetch found out."""

    __slots__ = ("_lock", "down_reason", "pacing")

    def __init__(self) -> None:
        self.down_reason: str | None = None
        self.pacing = Pacing()
        self._lock = threading.Lock()

    def mark_down(self, reason: str) -> None:
        """Remember the first network failure of the run."""
        with self._lock:
            if self.down_reason is None:
                self.down_reason = reason

    @property
    def is_down(self) -> bool:
        """True once a fetch of this run failed to reach NetrunnerDB."""
        return self.down_reason is not None
