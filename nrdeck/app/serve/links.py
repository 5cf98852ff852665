"""NetrunnerDB links on a server: each deck fetched once, however many ask at the same time,
and its answer kept a little while (players check the same link again and again before an
event)."""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable

from nrdeck.results.check import DeckOutcome

KEEP_SECONDS = 120.0  # how long a link's answer is reused
KEEP_FAILED_SECONDS = 15.0  # a deck NetrunnerDB did not give: asked again sooner
KEEP_AT_MOST = 512


class LinkAnswers:
    """The answers for links, by link and what was checked; one fetch per link at a time."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._lock = threading.Lock()
        self._kept: OrderedDict[Hashable, tuple[float, DeckOutcome]] = OrderedDict()
        self._fetching: dict[Hashable, threading.Lock] = {}

    def answer(self, key: Hashable, fetch: Callable[[], DeckOutcome]) -> DeckOutcome:
        """The kept answer for ``key``, else ``fetch()``'s (one caller fetches; the others
        asking for the same key meanwhile wait for it)."""
        found = self._kept_answer(key)
        if found is not None:
            return found
        with self._lock:
            gate = self._fetching.setdefault(key, threading.Lock())
        try:
            with gate:
                found = self._kept_answer(key)
                if found is None:
                    found = fetch()
                    self._keep(key, found)
        finally:  # a fetch stopped halfway (its check past its time) leaves no gate behind
            with self._lock:
                self._fetching.pop(key, None)
        return found

    def _kept_answer(self, key: Hashable) -> DeckOutcome | None:
        with self._lock:
            kept = self._kept.get(key)
            if kept is None or kept[0] < self._clock():
                return None
            return kept[1]

    def _keep(self, key: Hashable, outcome: DeckOutcome) -> None:
        keep = KEEP_FAILED_SECONDS if outcome.unavailable else KEEP_SECONDS
        with self._lock:
            self._kept[key] = (self._clock() + keep, outcome)
            self._kept.move_to_end(key)
            while len(self._kept) > KEEP_AT_MOST:
                self._kept.popitem(last=False)
