"""Shared fixtures: no network but loopback, a temporary cache, the bundled card database."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pytest_httpserver import HTTPServer

from nrdeck.catalog import CardDB
from tests.paths import SHARED

CARDS_JSON = SHARED / "netrunner-cards-json"
_LOOPBACK = ("127.", "::1", "localhost")
_real_connect = socket.socket.connect


def _guarded_connect(self: socket.socket, address: Any) -> Any:
    host = address[0] if isinstance(address, tuple) else str(address)
    if self.family == socket.AF_UNIX or str(host).startswith(_LOOPBACK):
        return _real_connect(self, address)
    raise RuntimeError(f"test tried to reach the network: {address!r}")


@pytest.fixture(autouse=True)
def _no_network(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(socket.socket, "connect", _guarded_connect)


@pytest.fixture(autouse=True)
def _isolated_env(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NRDECK_CACHE_DIR", str(tmp_path_factory.mktemp("cache")))
    monkeypatch.setenv("NRDECK_API_URL", "http://127.0.0.1:9/api/v3/public")
    monkeypatch.setenv("NRDECK_V2_URL", "http://127.0.0.1:9/api/2.0/public")
    for name in ("NRDECK_DATA", "NO_COLOR", "FORCE_COLOR", "PRE_COMMIT", "NRDECK_DEBUG"):
        monkeypatch.delenv(name, raising=False)


@pytest.fixture(scope="session")
def db() -> CardDB:
    """The bundled card database (shipped in data/, present on every machine)."""
    from nrdeck.cards.bundled import BundledSource

    return BundledSource().load()


@pytest.fixture(scope="session")
def cards_json() -> Iterator[Path]:
    """The shared netrunner-cards-json folder; skips when ../shared is absent."""
    if not (CARDS_JSON / "v2" / "cards").is_dir():
        pytest.skip("../shared/netrunner-cards-json is absent")
    yield CARDS_JSON


@pytest.fixture
def threaded() -> Iterator[HTTPServer]:
    """A loopback server answering several requests at once (and keeping connections alive)."""
    from pytest_httpserver import HTTPServer as Server

    server = Server(host="127.0.0.1", threaded=True)
    server.start()
    yield server
    server.clear()
    server.stop()
