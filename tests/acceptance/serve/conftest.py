"""A live ``nrdeck serve`` application on 127.0.0.1 (uvicorn in a thread), as a browser, a
client of the API or a load sees it."""

from __future__ import annotations

import datetime as dt
import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest

uvicorn = pytest.importorskip("uvicorn", reason="nrdeck[serve] is not installed")

from nrdeck.app.inputs.cards import DataSettings  # noqa: E402
from nrdeck.app.serve.service import CheckService, ServeSettings  # noqa: E402
from nrdeck.web.app import create_app  # noqa: E402


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@contextmanager
def serving(
    settings: ServeSettings | None = None,
    *,
    event_line: str | None = None,
    root_path: str = "",
    today: dt.date | None = None,
    apps: list[Any] | None = None,
) -> Iterator[str]:
    """A server in this process (its clock's date ``today``, when given); yields its base URL,
    stops it after (``apps``: given the application, to look inside)."""
    settings = settings or ServeSettings(DataSettings(no_cache=True))
    service = CheckService(settings, today=lambda: today) if today else CheckService(settings)
    app = create_app(service, event_line=event_line)
    if apps is not None:
        apps.append(app)
    port = free_port()
    config = uvicorn.Config(
        app, host="127.0.0.1", port=port, log_level="warning", root_path=root_path, lifespan="off"
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 60
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the test server did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    """The default server: the bundled card data, no event, links allowed."""
    with serving() as url:
        yield url


Serving = Callable[..., Any]


@pytest.fixture
def server() -> Serving:
    return serving
