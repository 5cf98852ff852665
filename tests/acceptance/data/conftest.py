"""Fixtures of the `nrdeck data` tests: the small NetrunnerDB v3 lookalike, a warm cache."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytest_httpserver import HTTPServer

from tests.acceptance.data.data_cli import first_update
from tests.fakes.nrdb_v3 import FakeNrdb


@pytest.fixture
def fast_http(monkeypatch: pytest.MonkeyPatch) -> None:
    """Retries, backoff and Retry-After short enough for tests (the default timeouts stay:
    generous on a busy machine; a test of a timeout sets its own)."""
    monkeypatch.setenv("NRDECK_HTTP_BACKOFF", "0.01")
    monkeypatch.setenv("NRDECK_HTTP_RETRIES", "2")
    monkeypatch.setenv("NRDECK_HTTP_MAX_RETRY_AFTER", "1")


@pytest.fixture
def nrdb(httpserver: HTTPServer) -> FakeNrdb:
    """The small lookalike (7 cards, one format) on the test's HTTP server."""
    return FakeNrdb(httpserver)


@pytest.fixture
def warm(tmp_path: Path, nrdb: FakeNrdb, fast_http: None) -> Path:
    """A cache filled by one successful update from the lookalike."""
    cache = tmp_path / "cache"
    result = first_update(cache, nrdb.base_url)
    assert result.exit_code == 0, result.output
    return cache
