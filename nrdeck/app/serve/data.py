"""The card data a server shares between its requests, renewed off the requests' path.

A request takes the database in use and never waits: looking at the source (a ``stat``) and
loading a new dataset happen in a thread of their own, at most one at a time, and the new
data is swapped in only once it is whole, so a request is checked against one dataset or the
other, never half of one. A catalogue found damaged is remembered until the source changes,
for the server's health to tell.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable

from nrdeck.app.inputs.cards import DataSettings, data_stamp, load_database
from nrdeck.catalog import CardDB
from nrdeck.errors import NrdeckError

RECHECK_SECONDS = 5.0  # how often the card data's source is looked at for a new dataset
LOG = logging.getLogger("nrdeck.serve")


class CardData:
    """The card database shared by every request, swapped whole when its source changes."""

    def __init__(self, settings: DataSettings, clock: Callable[[], float] = time.monotonic):
        self._settings = settings
        self._clock = clock
        self._lock = threading.Lock()
        self._stamp = data_stamp(settings)
        self._db = load_database(settings)
        self._looked = clock()
        self._renewing = False
        self.damage: NrdeckError | None = None  # the catalogue in use is damaged

    def current(self) -> CardDB:
        """The database in use (a look at its source is started when it is due)."""
        if self._clock() - self._looked >= RECHECK_SECONDS:
            with self._lock:
                due = not self._renewing
                self._renewing = True
            if due:
                threading.Thread(target=self._renew, name="nrdeck-card-data", daemon=True).start()
        return self._db

    def damaged(self, err: NrdeckError) -> None:
        """Note that the catalogue in use was found damaged (until new data replaces it)."""
        self.damage = err

    def _renew(self) -> None:
        try:
            stamp = data_stamp(self._settings)
            if stamp != self._stamp:
                fresh = load_database(self._settings)  # whole, before anyone sees it
                self._db, self._stamp, self.damage = fresh, stamp, None
        except NrdeckError as err:  # the old data serves on; the next look tries again
            LOG.warning("new card data not loaded: %s", err.one_line())
        finally:
            self._looked = self._clock()
            with self._lock:
                self._renewing = False
