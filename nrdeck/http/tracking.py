"""The connections a client has open, so that a cancelled run can cut them at once.

A worker blocked in a read (a server that never answers) would hold up the end of an
interrupted run until its timeout: ``HttpClient.cancel`` shuts down the sockets this module
tracks, and the blocked read returns at once. The pools of the tracking adapter make their
connections with the classes below (urllib3's ``ConnectionCls``); each registers itself, once
connected, with the client sending on that thread.
"""

from __future__ import annotations

import contextlib
import socket
import threading
import weakref
from collections.abc import Mapping
from typing import Any

from requests import PreparedRequest
from requests.adapters import HTTPAdapter
from urllib3.connection import HTTPConnection, HTTPSConnection
from urllib3.connectionpool import ConnectionPool, HTTPConnectionPool

_sending = threading.local()  # the tracker of the client sending on this thread


class Tracker:
    """One client's open connections, and whether its run was cancelled."""

    def __init__(self) -> None:
        self.cancelled = threading.Event()
        self._live: weakref.WeakSet[HTTPConnection] = weakref.WeakSet()
        self._lock = threading.Lock()

    def sending(self) -> None:
        """This thread sends for this client from now on."""
        _sending.tracker = self

    def opened(self, connection: HTTPConnection) -> None:
        """A connection was made; cut at once if the run is already cancelled."""
        with self._lock:
            self._live.add(connection)
        if self.cancelled.is_set():
            _cut(connection)

    def cancel(self) -> None:
        """Cancel the run: every open connection is shut down (a blocked read returns)."""
        self.cancelled.set()
        with self._lock:
            live = list(self._live)
        for connection in live:
            _cut(connection)


def _cut(connection: HTTPConnection) -> None:
    sock = connection.sock
    if sock is not None:
        with contextlib.suppress(OSError):  # already closed
            sock.shutdown(socket.SHUT_RDWR)


def _register(connection: HTTPConnection) -> None:
    tracker: Tracker | None = getattr(_sending, "tracker", None)
    if tracker is not None:
        tracker.opened(connection)


class TrackedHTTPConnection(HTTPConnection):
    """An HTTP connection that registers with the client sending on its thread."""

    def connect(self) -> None:
        """Connect, then register."""
        super().connect()
        _register(self)


class TrackedHTTPSConnection(HTTPSConnection):
    """An HTTPS connection that registers with the client sending on its thread."""

    def connect(self) -> None:
        """Connect, then register."""
        super().connect()
        _register(self)


class TrackingAdapter(HTTPAdapter):
    """requests' adapter whose pools make tracked connections."""

    def get_connection_with_tls_context(
        self,
        request: PreparedRequest,
        verify: bool | str | None,
        proxies: Mapping[str, str] | None = None,
        cert: Any = None,
    ) -> ConnectionPool:
        """The pool for ``request``, making tracked connections."""
        pool = super().get_connection_with_tls_context(request, verify, proxies, cert)
        if isinstance(pool, HTTPConnectionPool):
            https = pool.scheme == "https"
            pool.ConnectionCls = TrackedHTTPSConnection if https else TrackedHTTPConnection
        return pool
