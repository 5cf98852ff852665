"""Bounded concurrency for network work: a few worker threads, each with its own HttpClient.

``map_concurrently`` runs a function over items on at most ``jobs`` threads. Each worker
opens one HttpClient (one session, its connections kept alive from one item to the next),
and code running in a worker finds it with ``using_client``, so the functions it calls need
not pass a client around; outside a worker, ``using_client`` opens a client of its own.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Generic, TypeVar

from nrdeck.http.client import HttpClient
from nrdeck.http.values import HttpSettings, Pacing

T = TypeVar("T")
R = TypeVar("R")
_worker = threading.local()


@contextmanager
def using_client(settings: HttpSettings, pacing: Pacing | None = None) -> Iterator[HttpClient]:
    """The client of this worker thread, else a new client closed afterwards."""
    client: HttpClient | None = getattr(_worker, "client", None)
    if client is not None:
        yield client
        return
    with HttpClient(settings, pacing) as fresh:
        yield fresh


def map_concurrently(
    items: Sequence[T],
    work: Callable[[T], R],
    *,
    jobs: int,
    settings: HttpSettings,
    pacing: Pacing | None = None,
    on_done: Callable[[T, R], None] | None = None,
) -> list[R]:
    """``work(item)`` for every item, at most ``jobs`` at a time; results in the items' order.

    ``on_done`` runs in the calling thread as each item finishes. The first exception stops
    the workers from taking new items; it is raised once the running items are done.
    """
    if not items:
        return []
    pool: _Pool[T, R] = _Pool(items, work, settings, pacing or Pacing())
    threads = [
        threading.Thread(target=pool.worker, name=f"nrdeck-worker-{n}", daemon=True)
        for n in range(max(1, min(jobs, len(items))))
    ]
    for thread in threads:
        thread.start()
    try:
        return pool.collect(len(threads), on_done)
    except BaseException:
        pool.stop.set()  # interrupted or failed: no worker takes another item
        raise


class _Failure:
    """An item's work raised: the exception, for the calling thread to raise."""

    def __init__(self, error: Exception) -> None:
        self.error = error


class _Pool(Generic[T, R]):
    """The shared state of one map_concurrently call."""

    def __init__(
        self, items: Sequence[T], work: Callable[[T], R], settings: HttpSettings, pacing: Pacing
    ) -> None:
        self.items, self.work, self.settings, self.pacing = items, work, settings, pacing
        self.stop = threading.Event()
        self._next = iter(range(len(items)))
        self._lock = threading.Lock()
        # (index, result) per item, a _Failure, or None when a worker has ended
        self._done: queue.SimpleQueue[tuple[int, R] | _Failure | None] = queue.SimpleQueue()

    def worker(self) -> None:
        """Take items until none is left (or the pool stops), with one client throughout."""
        try:
            with HttpClient(self.settings, self.pacing) as client:
                _worker.client = client
                while (index := self._take()) is not None:
                    try:
                        self._done.put((index, self.work(self.items[index])))
                    except Exception as exc:  # handed to the calling thread, which raises it
                        self.stop.set()
                        self._done.put(_Failure(exc))
        finally:
            _worker.client = None
            self._done.put(None)

    def _take(self) -> int | None:
        if self.stop.is_set():
            return None
        with self._lock:
            return next(self._next, None)

    def collect(self, workers: int, on_done: Callable[[T, R], None] | None) -> list[R]:
        """Wait for every worker; call ``on_done`` per item; raise the first error."""
        results: dict[int, R] = {}
        error: Exception | None = None
        while workers:
            message = self._done.get()
            if message is None:
                workers -= 1
            elif isinstance(message, _Failure):
                error = error or message.error
            else:
                index, result = message
                results[index] = result
                if on_done is not None and error is None:
                    on_done(self.items[index], result)
        if error is not None:
            raise error
        return [results[i] for i in range(len(self.items))]
