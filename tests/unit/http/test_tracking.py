"""A cancelled client ends at once: its open connections are cut, a blocked read returns."""

from __future__ import annotations

import socket
import threading

import pytest

from nrdeck.http import HttpSettings, TransferError
from nrdeck.http.client import HttpClient

SLOW = HttpSettings(connect_timeout=5, read_timeout=60, retries=3, backoff=5, deadline=120)


def test_cancel_cuts_a_read_blocked_on_a_server_that_never_answers() -> None:
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(1)
    listener.settimeout(30)
    url = f"http://127.0.0.1:{listener.getsockname()[1]}/x"
    client = HttpClient(SLOW)
    failures: list[BaseException] = []

    def ask() -> None:
        try:
            client.get(url, max_bytes=1024)
        except BaseException as exc:  # handed to the test
            failures.append(exc)

    thread = threading.Thread(target=ask)
    thread.start()
    conn, _ = listener.accept()  # the request is in flight, its answer never comes
    try:
        client.cancel()
        thread.join(timeout=20)  # far less than the read timeout, the backoff, the deadline
        assert not thread.is_alive()
        assert len(failures) == 1 and isinstance(failures[0], TransferError)
        with pytest.raises(TransferError):  # and it sends nothing more
            client.get(url, max_bytes=1024)
    finally:
        conn.close()
        listener.close()
        client.close()
