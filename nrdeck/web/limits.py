"""How much work a server takes on at once, and how long a piece of it may run.

Checks run in worker threads of their own pool, at most ``size`` at a time; a few more wait
their turn, and past that a request is answered at once: busy (503, with Retry-After). A
place is freed when the work has really ended, not when its request gave up, so abandoned
work never piles up threads. A check past its time is told to stop (``nrdeck.cancel``) and
stops at its next checkpoint.
"""

from __future__ import annotations

import asyncio
import collections
import concurrent.futures
from collections.abc import Callable
from typing import Any, TypeVar

from nrdeck.cancel import Cancelled, CancelToken, cancellable

T = TypeVar("T")


class Busy(Exception):
    """Every place is taken and the queue is full (or the wait was too long)."""

    def __init__(self, retry_after: int) -> None:
        super().__init__("busy")
        self.retry_after = retry_after


class TooSlow(Exception):
    """The work ran past its time and was stopped."""

    def __init__(self, seconds: float) -> None:
        super().__init__(f"over {seconds:.0f} s")
        self.seconds = seconds


class Bound:
    """At most ``size`` pieces of work running, ``queue`` more waiting up to ``wait`` s."""

    def __init__(self, name: str, size: int, queue: int, wait: float, retry_after: int) -> None:
        self.size, self.queue, self.wait, self.retry_after = size, queue, wait, retry_after
        self._running = 0
        self._waiting: collections.deque[asyncio.Future[None]] = collections.deque()
        self._pool = concurrent.futures.ThreadPoolExecutor(size, thread_name_prefix=name)

    @property
    def running(self) -> int:
        return self._running

    async def run(self, work: Callable[[], T], seconds: float) -> T:
        """``work()`` in a worker thread, stopped past ``seconds`` (``TooSlow``); ``Busy``
        when there is no place for it."""
        loop = asyncio.get_running_loop()
        await self._enter(loop)
        token = CancelToken()

        def guarded() -> T:
            try:
                with cancellable(token):
                    return work()
            finally:
                loop.call_soon_threadsafe(self._leave)

        try:
            future = loop.run_in_executor(self._pool, guarded)
        except BaseException:
            self._leave()
            raise
        try:
            return await asyncio.wait_for(asyncio.shield(future), seconds)
        except asyncio.TimeoutError:
            token.cancel()
            future.add_done_callback(_quietly)
            raise TooSlow(seconds) from None
        except asyncio.CancelledError:  # the request went away: its work need not go on
            token.cancel()
            future.add_done_callback(_quietly)
            raise
        except Cancelled:
            raise TooSlow(seconds) from None

    async def _enter(self, loop: asyncio.AbstractEventLoop) -> None:
        if self._running < self.size and not self._waiting:
            self._running += 1
            return
        if len(self._waiting) >= self.queue:
            raise Busy(self.retry_after)
        turn: asyncio.Future[None] = loop.create_future()
        self._waiting.append(turn)
        try:
            await asyncio.wait_for(turn, self.wait)  # a place handed over by _leave
        except asyncio.TimeoutError:
            raise Busy(self.retry_after) from None
        finally:
            if turn in self._waiting:
                self._waiting.remove(turn)

    def _leave(self) -> None:
        while self._waiting:
            turn = self._waiting.popleft()
            if not turn.done():
                turn.set_result(None)  # the place goes to the next in line
                return
        self._running -= 1


def _quietly(future: asyncio.Future[Any]) -> None:
    """Collect an abandoned work's end (its exception, e.g. Cancelled, is not news)."""
    if not future.cancelled():
        future.exception()
