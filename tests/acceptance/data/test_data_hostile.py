"""`data update` against a hostile NetrunnerDB: bombs, trickles, redirects, odd Retry-After.

Every refusal is exit 3 with one line naming the URL, and the cache in use stays the
previous one.
"""

from __future__ import annotations

import email.utils
import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from pytest_httpserver import HTTPServer
from werkzeug import Request, Response

from tests.acceptance.data.data_cli import (
    assert_fails_cleanly,
    nrdeck,
    snapshot,
    status_said,
    update,
)
from tests.fakes.faults import bomb_answer, redirect, trickle
from tests.fakes.nrdb_v3 import FakeNrdb
from tests.paths import assert_golden_cases

pytestmark = pytest.mark.usefixtures("fast_http")
MiB = 2**20


@pytest.fixture
def other_host() -> Iterator[HTTPServer]:
    """Another server (another origin), which must never be asked anything."""
    server = HTTPServer(host="127.0.0.1")
    server.start()
    server.expect_request("/api/v3/public/formats").respond_with_json({"hostile": True})
    yield server
    server.clear()
    server.stop()


def test_a_gzip_bomb_is_refused(warm: Path, nrdb: FakeNrdb) -> None:
    before = snapshot(warm)
    bomb = bomb_answer(256 * MiB)  # made before the request: a second or more of zlib
    nrdb.hook = lambda r, q: bomb if r == "cards" else None
    result = update(warm, nrdb.base_url)
    assert_fails_cleanly(result, warm, before, nrdb.base_url)
    assert "64 MiB" in result.stderr  # the limit, named


def test_a_page_declared_too_large_is_not_read(warm: Path, nrdb: FakeNrdb) -> None:
    before = snapshot(warm)

    def huge(resource: str, request: Request) -> Response | None:
        if resource != "printings":
            return None
        return Response(iter([b"{}"]), headers={"Content-Length": str(65 * MiB)})

    nrdb.hook = huge
    try:
        result = update(warm, nrdb.base_url)
    finally:
        nrdb.hook = None
        nrdb.settle()
    assert_fails_cleanly(result, warm, before, nrdb.base_url)
    assert "/printings?" in result.stderr and "64 MiB" in result.stderr


def test_a_trickled_page_ends_at_the_deadline(
    warm: Path, nrdb: FakeNrdb, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NRDECK_HTTP_DEADLINE", "1")
    before = snapshot(warm)
    stop = threading.Event()

    def slow(resource: str, request: Request) -> Response | None:
        return None if stop.is_set() else trickle(b'{"data": []}' * 500, 0.05)  # 300 s

    nrdb.hook = slow
    started = time.monotonic()
    try:
        result = update(warm, nrdb.base_url)
    finally:
        stop.set()
        nrdb.settle()
    assert time.monotonic() - started < 60  # the read timeout alone would never end it
    assert_fails_cleanly(result, warm, before, nrdb.base_url)
    assert "1 s deadline" in result.stderr


def test_a_redirect_to_another_host_is_not_followed(
    warm: Path, nrdb: FakeNrdb, other_host: HTTPServer
) -> None:
    before = snapshot(warm)
    elsewhere = other_host.url_for("/api/v3/public/formats")
    nrdb.hook = lambda r, q: redirect(elsewhere) if r == "formats" else None
    result = update(warm, nrdb.base_url)
    assert_fails_cleanly(result, warm, before, nrdb.base_url)
    assert f"({elsewhere})" in result.stderr and "not followed" in result.stderr
    assert other_host.log == []


def test_a_redirect_within_the_host_is_followed(warm: Path, nrdb: FakeNrdb) -> None:
    def moved(resource: str, request: Request) -> Response | None:
        if resource != "formats" or "moved" in request.args:
            return None
        return redirect(f"{request.full_path}&moved=1", 301)

    nrdb.hook = moved
    nrdb.data["formats"][0]["name"] = "Standard (moved)"
    result = update(warm, nrdb.base_url)
    assert result.exit_code == 0, result.output
    assert "card data updated" in result.stderr


@pytest.mark.parametrize("value", ["soon", "-5", "HTTP-DATE", "1", "99999999999999999999"])
def test_any_retry_after_is_honoured_or_ignored(tmp_path: Path, nrdb: FakeNrdb, value: str) -> None:
    if value == "HTTP-DATE":
        value = email.utils.formatdate(time.time() + 1, usegmt=True)
    busy = {"formats"}

    def hook(resource: str, request: Request) -> Response | None:
        if resource in busy:
            busy.discard(resource)
            return Response("busy", status=503, headers={"Retry-After": value})
        return None

    nrdb.hook = hook
    result = update(tmp_path / "cache", nrdb.base_url, "--force")
    assert result.exit_code == 0, result.output
    assert [s for r, s in nrdb.requests if r == "formats"] == [503, 200]


def test_an_encoding_nrdeck_did_not_ask_for_is_refused(warm: Path, nrdb: FakeNrdb) -> None:
    before = snapshot(warm)
    brotli = Response(b"\x0b\x02\x80{}\x03", headers={"Content-Encoding": "br"})
    nrdb.hook = lambda r, q: brotli if r == "snapshots" else None
    result = update(warm, nrdb.base_url)
    assert_fails_cleanly(result, warm, before, nrdb.base_url)
    assert "'br'" in result.stderr  # the encoding, named


def test_a_failed_update_reports_once_and_checks_still_use_the_cache(
    warm: Path, nrdb: FakeNrdb
) -> None:
    nrdb.hook = lambda r, q: bomb_answer(256 * MiB)
    assert update(warm, nrdb.base_url).exit_code == 3
    status = nrdeck("data", "status", "--cache-dir", str(warm))
    assert status_said(status.stdout)["card data"].startswith("NetrunnerDB v3 API")
    assert "damaged" not in status.stderr


def test_what_a_refused_update_says_reads_as_the_golden_file_says(
    warm: Path, nrdb: FakeNrdb, other_host: HTTPServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NRDECK_HTTP_RETRIES", "0")
    elsewhere = other_host.url_for("/api/v3/public/formats")
    brotli = Response(b"\x0b\x02\x80{}\x03", headers={"Content-Encoding": "br"})
    counted = {"data": [], "meta": {"stats": {"total": {"count": 5}}}}
    answers = {  # each for one resource: the one the line names, whatever the order
        "a gzip bomb": ("cards", bomb_answer(256 * MiB)),
        "a redirect to another host": ("formats", redirect(elsewhere)),
        "an encoding not asked for": ("snapshots", brotli),
        "HTTP 500": ("cards", Response("down", status=500)),
        "fewer rows than announced": (
            "cards", Response(json.dumps(counted), content_type="application/json")
        ),
        "a page cut short": (
            "cards", Response('{"data": [{"id": "hedge', content_type="application/json")
        ),
    }  # fmt: skip
    cases = []
    for label, (resource, answer) in answers.items():
        nrdb.hook = lambda r, q, resource=resource, answer=answer: answer if r == resource else None
        said = update(warm, nrdb.base_url).stderr
        cases.append(
            (label, said.replace(nrdb.base_url, "<nrdb>").replace(elsewhere, "<elsewhere>"))
        )
        nrdb.hook = None
        nrdb.settle()
    offline = nrdeck("data", "update", "--offline", "--cache-dir", str(warm))
    cases.append(("--offline", offline.stderr.replace(str(warm), "<cache>")))
    assert_golden_cases("messages/data-update-refused.txt", cases, __file__)
