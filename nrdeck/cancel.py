"""Stopping a long piece of work from outside: a token the caller sets, and checkpoints where
the work looks at it.

A check runs in a worker thread, where nothing can interrupt it; the server gives it a
token, sets the token when the check's time is up, and the check stops at its next
checkpoint (``Cancelled``, a ``BaseException`` so that no ``except Exception`` on the way
keeps it). Work without a token never stops: the CLI never sets one. No clock here: whoever
holds the token decides when.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar


class Cancelled(BaseException):
    """The work was stopped at a checkpoint: its token was set."""


class CancelToken:
    """Set once, from any thread; seen by the work's checkpoints."""

    def __init__(self) -> None:
        self._set = threading.Event()

    def cancel(self) -> None:
        self._set.set()

    @property
    def cancelled(self) -> bool:
        return self._set.is_set()


_CURRENT: ContextVar[CancelToken | None] = ContextVar("nrdeck_cancel_token", default=None)


@contextmanager
def cancellable(token: CancelToken) -> Iterator[None]:
    """Run the ``with`` body's checkpoints against ``token``."""
    reset = _CURRENT.set(token)
    try:
        yield
    finally:
        _CURRENT.reset(reset)


def checkpoint() -> None:
    """Stop here (``Cancelled``) when the work's token has been set."""
    token = _CURRENT.get()
    if token is not None and token.cancelled:
        raise Cancelled
