"""Shared fixtures: no network but loopback, a home of the tests' own (no user's cache or
settings), a temporary cache, the bundled card database."""

from __future__ import annotations

import os
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from pytest_httpserver import HTTPServer

from nrdeck.catalog import CardDB
from tests.paths import SHARED, TESTS

CARDS_JSON = SHARED / "netrunner-cards-json"
# property tests are judged by what they find, not by how fast a busy machine runs them; a test
# that bounds its time says so in its own settings
settings.register_profile("nrdeck", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("nrdeck")
_LOOPBACK = ("127.", "::1", "localhost")
_real_connect = socket.socket.connect
_real_getaddrinfo = socket.getaddrinfo


def _guarded_connect(self: socket.socket, address: Any) -> Any:
    host = address[0] if isinstance(address, tuple) else str(address)
    if self.family == socket.AF_UNIX or str(host).startswith(_LOOPBACK):
        return _real_connect(self, address)
    raise RuntimeError(f"test tried to reach the network: {address!r}")


def _guarded_getaddrinfo(host: Any, *args: Any, **kwargs: Any) -> Any:
    """A name other than loopback's is not looked up (a DNS query is the network too): it is
    unknown at once, as a name no resolver knows would be."""
    name = host.decode() if isinstance(host, bytes) else host
    if name is None or str(name).startswith(_LOOPBACK):
        return _real_getaddrinfo(host, *args, **kwargs)
    raise socket.gaierror(socket.EAI_NONAME, f"{name}: not looked up by the tests")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test of tests/acceptance is ``slow`` (the command line end to end: processes,
    servers, the docs run); ``-m "not slow"`` runs the rest."""
    for item in items:
        if item.path.is_relative_to(TESTS / "acceptance"):
            item.add_marker(pytest.mark.slow)


@pytest.fixture(autouse=True)
def _no_network(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(socket.socket, "connect", _guarded_connect)
    monkeypatch.setattr(socket, "getaddrinfo", _guarded_getaddrinfo)


# the tests' own switches (tests/paths.py, .ci/run): every other NRDECK_* variable is the user's
TEST_SWITCHES = frozenset({"NRDECK_TEST_SHARED", "NRDECK_TEST_PYTHONS", "NRDECK_UPDATE_GOLDEN"})
# what else in the environment would change what a run does or where it reads and writes
_OUTSIDE = (
    "NO_COLOR", "FORCE_COLOR", "PRE_COMMIT", "GITHUB_WORKSPACE", "COLUMNS", "LINES",
    "HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "NO_PROXY",
    "http_proxy", "https_proxy", "all_proxy", "no_proxy",
)  # fmt: skip
_GIT_IDENTITY = "[user]\n\tname = nrdeck tests\n\temail = tests@example.invalid\n"


def _pip_config() -> Path | None:
    """The user's pip configuration, which says where packages come from (an index, a mirror):
    the one setting of the user's the tests keep, for the hook test's pip install."""
    import platformdirs

    home = Path.home()
    xdg = Path(os.environ.get("XDG_CONFIG_HOME") or home / ".config")
    for folder in (Path(platformdirs.user_config_dir("pip")), xdg / "pip", home / ".pip"):
        if (folder / "pip.conf").is_file():
            return folder / "pip.conf"
    return None


@pytest.fixture(autouse=True, scope="session")
def _isolated_home(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """A home of the session's own, for the tests and every process they start (which
    inherit os.environ): the XDG folders (nrdeck's cache, matplotlib's, pre-commit's,
    Chromium's profile), git's configuration, and no NRDECK_* variable of the user's.
    Session-scoped, so fixtures of a module or session never see the user's either."""
    home = tmp_path_factory.mktemp("home")
    (home / ".gitconfig").write_text(_GIT_IDENTITY, encoding="utf-8")
    pip_config = None if "PIP_CONFIG_FILE" in os.environ else _pip_config()
    with pytest.MonkeyPatch.context() as patch:
        if pip_config is not None:
            patch.setenv("PIP_CONFIG_FILE", str(pip_config))
        for name in list(os.environ):
            if (name.startswith("NRDECK_") and name not in TEST_SWITCHES) or name in _OUTSIDE:
                patch.delenv(name)
        patch.setenv("HOME", str(home))
        for name, folder in (
            ("XDG_CACHE_HOME", ".cache"),
            ("XDG_CONFIG_HOME", ".config"),
            ("XDG_DATA_HOME", ".local/share"),
            ("XDG_STATE_HOME", ".local/state"),
            ("MPLCONFIGDIR", ".config/matplotlib"),
            ("PRE_COMMIT_HOME", ".cache/pre-commit"),
        ):
            patch.setenv(name, str(home / folder))
        # the Pythons the tests start keep their bytecode here (not in the tree), and reuse it
        patch.delenv("PYTHONDONTWRITEBYTECODE", raising=False)
        patch.setenv("PYTHONPYCACHEPREFIX", str(home / ".cache" / "pycache"))
        patch.setenv("GIT_CONFIG_GLOBAL", str(home / ".gitconfig"))
        patch.setenv("GIT_CONFIG_NOSYSTEM", "1")
        patch.setenv("NRDECK_CACHE_DIR", str(home / "nrdeck-cache"))
        patch.setenv("NRDECK_API_URL", "http://127.0.0.1:9/api/v3/public")
        patch.setenv("NRDECK_V2_URL", "http://127.0.0.1:9/api/2.0/public")
        yield


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
