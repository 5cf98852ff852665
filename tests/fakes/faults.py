"""Answers a faulty or hostile server gives, for pytest-httpserver handlers.

A gzip bomb (a small body that inflates enormously), a body trickled a byte at a time, a
redirect, a Retry-After in any form: what the NetrunnerDB double cannot do by itself.
"""

from __future__ import annotations

import contextlib
import socket
import threading
import time
import zlib
from collections.abc import Callable, Iterator
from functools import cache

from werkzeug import Request, Response

Handler = Callable[[Request], Response]


@cache
def gzip_bomb(inflated: int) -> bytes:
    """A gzip body of ``inflated`` zero bytes (about a thousandth of that on the wire)."""
    packer = zlib.compressobj(9, zlib.DEFLATED, 31)  # 31: gzip framing
    parts, left = [], inflated
    while left > 0:
        parts.append(packer.compress(bytes(min(left, 2**20))))
        left -= 2**20
    return b"".join(parts) + packer.flush()


def bomb_answer(inflated: int) -> Response:
    """A 200 whose gzip body inflates to ``inflated`` bytes."""
    return Response(
        gzip_bomb(inflated),
        status=200,
        headers={"Content-Encoding": "gzip"},
        content_type="application/json",
    )


def trickle(body: bytes, every: float) -> Response:
    """A 200 that sends its body one byte every ``every`` seconds (chunked)."""

    def drip() -> Iterator[bytes]:
        for byte in body:
            time.sleep(every)
            yield bytes([byte])

    return Response(drip(), status=200, content_type="application/json")


def redirect(location: str, status: int = 302) -> Response:
    """A redirect to ``location``."""
    return Response("", status=status, headers={"Location": location})


def busy_then(answer: Callable[[], Response], busy: int, retry_after: str | None) -> Handler:
    """A handler answering 503 (with ``Retry-After``) ``busy`` times, then ``answer()``."""
    left = {"n": busy}

    def handle(request: Request) -> Response:
        if left["n"] > 0:
            left["n"] -= 1
            headers = {"Retry-After": retry_after} if retry_after is not None else {}
            return Response("busy", status=503, headers=headers)
        return answer()

    return handle


@contextlib.contextmanager
def raw_server(answer: bytes) -> Iterator[str]:
    """A server sending ``answer`` as it is (headers no library would write) to every
    request; yields its URL."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(8)

    def serve() -> None:
        while True:
            try:
                conn, _ = listener.accept()
            except OSError:
                return
            with conn:
                conn.recv(65536)
                conn.sendall(answer)

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{listener.getsockname()[1]}/x"
    finally:
        with contextlib.suppress(OSError):
            listener.shutdown(socket.SHUT_RDWR)
        listener.close()
        thread.join(timeout=5)
