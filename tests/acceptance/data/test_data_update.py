"""`nrdeck data update` end to end against a local v3 lookalike, faults included."""

from __future__ import annotations

import contextlib
import json
import socket
import threading
import time
from pathlib import Path

import pytest
from werkzeug import Request, Response

from tests.acceptance.data.data_cli import (
    assert_fails_cleanly,
    first_update,
    nrdeck,
    snapshot,
    status_said,
    update,
)
from tests.fakes.nrdb_v3 import FakeNrdb

pytestmark = pytest.mark.usefixtures("fast_http")


def test_update_fills_the_cache_and_status_shows_it(warm: Path) -> None:
    status = nrdeck("data", "status", "--cache-dir", str(warm))
    assert status.exit_code == 0
    said = status_said(status.stdout)
    assert said["card data"].startswith("NetrunnerDB v3 API") and "fetched" in said["card data"]
    assert (said["cards"], said["printings"]) == ("7", "8")
    # in force today (the data marks standard_1 active; standard_2 started in 2022)
    standard = said["standard"]
    assert standard.startswith("standard_2 ") and "since 2022-01-01" in standard
    assert "pool_a" in standard and "ban_b" in standard
    meta = json.loads((warm / "v1" / "meta.json").read_text())
    assert meta["source"] == "NetrunnerDB v3 API" and len(meta["sha256"]) == 64
    assert all(v["etag"] for v in meta["validators"].values())


def test_second_update_is_all_304_and_downloads_nothing(warm: Path, nrdb: FakeNrdb) -> None:
    before = snapshot(warm)
    nrdb.requests.clear()
    result = update(warm, nrdb.base_url)
    assert result.exit_code == 0 and "unchanged" in result.stderr
    assert nrdb.downloads() == 0 and {s for _, s in nrdb.requests} == {304}
    after = snapshot(warm)
    assert {k: v for k, v in after.items() if k != "meta.json"} == {
        k: v for k, v in before.items() if k != "meta.json"
    }
    assert (
        json.loads(after["meta.json"])["fetched_at"]
        >= json.loads(before["meta.json"])["fetched_at"]
    )


def test_changed_data_is_downloaded_again(warm: Path, nrdb: FakeNrdb) -> None:
    nrdb.data["cards"][0]["title"] = "Hedge Fund Prime"
    assert update(warm, nrdb.base_url).exit_code == 0
    status = nrdeck("data", "status", "--cache-dir", str(warm))
    assert status.exit_code == 0
    assert len(list((warm / "v1").glob("cards-*.json"))) == 2  # the new one and the previous


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_network_down_is_exit_3_and_keeps_the_cache(warm: Path) -> None:
    before = snapshot(warm)
    url = f"http://127.0.0.1:{_closed_port()}/api/v3/public"
    result = update(warm, url)
    assert_fails_cleanly(result, warm, before, url)
    assert "cannot connect" in result.stderr


def test_connection_dropped_by_the_server_is_exit_3(warm: Path) -> None:
    before = snapshot(warm)
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(8)
    url = f"http://127.0.0.1:{listener.getsockname()[1]}/api/v3/public"

    def hang_up() -> None:  # accept every connection and close it without a word
        while True:
            try:
                conn, _ = listener.accept()
            except OSError:
                return
            conn.close()

    thread = threading.Thread(target=hang_up, daemon=True)
    thread.start()
    try:
        result = update(warm, url)
    finally:
        with contextlib.suppress(OSError):
            listener.shutdown(socket.SHUT_RDWR)
        listener.close()
    assert_fails_cleanly(result, warm, before, url)


@pytest.mark.parametrize("retries", ["0", "1"])
def test_timeout_is_exit_3(
    warm: Path, nrdb: FakeNrdb, monkeypatch: pytest.MonkeyPatch, retries: str
) -> None:
    monkeypatch.setenv("NRDECK_HTTP_RETRIES", retries)
    monkeypatch.setenv("NRDECK_HTTP_READ_TIMEOUT", "0.2")
    before = snapshot(warm)

    release = threading.Event()

    def slow(resource: str, request: Request) -> Response | None:
        release.wait(60)  # past the read timeout, however long the machine takes
        return None

    nrdb.hook = slow
    try:
        result = update(warm, nrdb.base_url)
    finally:
        release.set()
        nrdb.settle()  # the requests nrdeck gave up on must not reach the next test
    assert_fails_cleanly(result, warm, before, nrdb.base_url)
    assert "timed out" in result.stderr


def _fail_first(count: int, status: int, headers: dict[str, str] | None = None):  # type: ignore[no-untyped-def]
    left = {"n": count}

    def hook(resource: str, request: Request) -> Response | None:
        if left["n"] > 0:
            left["n"] -= 1
            return Response("busy", status=status, headers=headers or {})
        return None

    return hook


def test_5xx_then_success_succeeds(tmp_path: Path, nrdb: FakeNrdb) -> None:
    nrdb.hook = _fail_first(2, 503)
    result = first_update(tmp_path / "c", nrdb.base_url)
    assert result.exit_code == 0, result.output
    assert [s for _, s in nrdb.requests[:3]] == [503, 503, 200]


def test_429_with_retry_after_then_success_succeeds(tmp_path: Path, nrdb: FakeNrdb) -> None:
    nrdb.hook = _fail_first(1, 429, {"Retry-After": "1"})
    started = time.monotonic()
    result = first_update(tmp_path / "c", nrdb.base_url)
    assert result.exit_code == 0, result.output
    assert time.monotonic() - started >= 0.9  # Retry-After was honoured
    assert [s for _, s in nrdb.requests[:2]] == [429, 200]


def test_5xx_after_every_retry_is_exit_3(warm: Path, nrdb: FakeNrdb) -> None:
    before = snapshot(warm)
    nrdb.hook = _fail_first(10**6, 500)
    result = update(warm, nrdb.base_url)
    assert_fails_cleanly(result, warm, before, nrdb.base_url)
    assert "HTTP 500" in result.stderr


def test_truncated_json_is_exit_3(warm: Path, nrdb: FakeNrdb) -> None:
    before = snapshot(warm)
    nrdb.hook = lambda r, q: Response('{"data": [{"id": "hedge', content_type="application/json")
    assert_fails_cleanly(update(warm, nrdb.base_url), warm, before, nrdb.base_url)


def test_broken_jsonapi_shape_is_exit_3(warm: Path, nrdb: FakeNrdb) -> None:
    before = snapshot(warm)
    nrdb.hook = lambda r, q: Response('{"cards": []}', content_type="application/json")
    assert_fails_cleanly(update(warm, nrdb.base_url), warm, before, nrdb.base_url)


def test_count_mismatch_is_exit_3(warm: Path, nrdb: FakeNrdb) -> None:
    before = snapshot(warm)
    body = {"data": [], "meta": {"stats": {"total": {"count": 5}}}}
    nrdb.hook = lambda r, q: Response(json.dumps(body), content_type="application/json")
    result = update(warm, nrdb.base_url)
    assert_fails_cleanly(result, warm, before, nrdb.base_url)
    assert "announced 5" in result.stderr


def test_offline_update_is_a_usage_error(tmp_path: Path) -> None:
    result = nrdeck("data", "update", "--offline", "--cache-dir", str(tmp_path))
    assert result.exit_code == 2
    assert "--offline" in result.stderr  # words: messages/data-update-refused.txt


def test_cache_dir_that_cannot_be_created_is_exit_3(tmp_path: Path, nrdb: FakeNrdb) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    result = update(blocker / "cache", nrdb.base_url)
    assert result.exit_code == 3
    assert "is not writable" in result.stderr and "--cache-dir" in result.stderr
    assert nrdb.requests == []  # nothing downloaded for a cache that cannot be written


def test_progress_bar_runs_on_a_terminal(
    tmp_path: Path, nrdb: FakeNrdb, monkeypatch: pytest.MonkeyPatch
) -> None:
    import nrdeck.cli.data as data_cli

    monkeypatch.setattr(data_cli, "live_widgets_allowed", lambda quiet=False: not quiet)
    monkeypatch.setenv("FORCE_COLOR", "1")
    result = first_update(tmp_path / "c", nrdb.base_url)
    assert result.exit_code == 0, result.output
    assert "cards" in result.stderr and "card data updated" in result.stderr
    quiet = update(tmp_path / "q", nrdb.base_url, "-q", "--force")
    assert quiet.exit_code == 0 and quiet.stderr == ""
