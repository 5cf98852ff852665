"""Bounded concurrency for network work: a ThreadPoolExecutor, each worker with its own HttpClient.

``map_concurrently`` runs a function over items on at most ``jobs`` threads. Each worker
opens one HttpClient (one session, its connections kept alive from one item to the next),
and code running in a worker finds it with ``using_client``, so the functions it calls need
not pass a client around; outside a worker, ``using_client`` opens a client of its own.

The executor joins its threads when the interpreter exits, so an interrupted run (Ctrl-C)
cancels every worker's client: no new request, no more waiting, and the connections open
are shut down, so a read blocked on a server that never answers returns at once.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from contextlib import contextmanager
from typing import TypeVar

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
    the workers from taking new items; it is raised once the running items are done. An
    interruption (or any exception in the calling thread) cancels the running items.
    """
    if not items:
        return []
    pacing = pacing or Pacing()
    clients: list[HttpClient] = []
    lock = threading.Lock()

    def start_worker() -> None:
        client = HttpClient(settings, pacing)
        with lock:
            clients.append(client)
        _worker.client = client

    workers = max(1, min(jobs, len(items)))
    executor = ThreadPoolExecutor(workers, "nrdeck-worker", initializer=start_worker)
    try:
        results = _collect(executor, items, work, workers, on_done)
    except BaseException:
        with lock:
            for client in clients:
                client.cancel()
        executor.shutdown(wait=False, cancel_futures=True)
        raise
    executor.shutdown(wait=True)
    for client in clients:
        client.close()
    return results


def _collect(
    executor: ThreadPoolExecutor,
    items: Sequence[T],
    work: Callable[[T], R],
    workers: int,
    on_done: Callable[[T, R], None] | None,
) -> list[R]:
    """Submit items as workers come free (none after an error); gather results in order."""
    results: dict[int, R] = {}
    running: dict[Future[R], int] = {}
    taken = 0
    error: BaseException | None = None
    while True:
        while error is None and taken < len(items) and len(running) < workers:
            running[executor.submit(work, items[taken])] = taken
            taken += 1
        if not running:
            break
        done, _ = wait(running, return_when=FIRST_COMPLETED)
        for future in done:
            index = running.pop(future)
            failure = future.exception()
            if failure is not None:
                error = error or failure
                continue
            results[index] = future.result()
            if on_done is not None and error is None:
                on_done(items[index], results[index])
    if error is not None:
        raise error
    return [results[i] for i in range(len(items))]
