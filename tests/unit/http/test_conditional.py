"""The one conditional-GET cache: fresh fetch, 304, offline copy, damaged entries, the lock, the
size bound, safe names. Every server here answers: the client keeps its default timeouts,
generous on a busy machine (the timeouts are tested in test_client.py, on servers that hang)."""

from __future__ import annotations

import datetime as dt
import os
import threading
import time
from pathlib import Path

import pytest
from filelock import FileLock
from pytest_httpserver import HTTPServer
from werkzeug import Request, Response

from nrdeck.http import Answer, HttpSettings, Validators
from nrdeck.http.client import HttpClient
from nrdeck.http.conditional import (
    ConditionalCache,
    Damaged,
    Fetched,
    FolderStore,
    Kept,
    ValidatorMap,
)
from nrdeck.http.values import LOCK_SUFFIX

ASKING = HttpSettings(retries=0)  # the default timeouts: every server here answers
KiB = 1024


class Page:
    """A resource that answers conditional requests by ETag, and can change."""

    def __init__(self, body: bytes = b'{"v": 1}') -> None:
        self.body = body
        self.asked: list[str | None] = []

    def tag(self) -> str:
        return f'"{len(self.body)}-{hash(self.body) & 0xFFFF}"'

    def __call__(self, request: Request) -> Response:
        sent = request.headers.get("If-None-Match")
        self.asked.append(sent)
        if sent == self.tag():
            return Response(status=304, headers={"ETag": self.tag()})
        return Response(self.body, headers={"ETag": self.tag()}, content_type="application/json")


def fetch(
    folder: Path | None, url: str, max_bytes: int = KiB, told: list[str] | None = None
) -> Fetched:
    """A run's GET through the cache in ``folder`` (its warnings told to ``told``)."""
    cache = ConditionalCache(FolderStore(folder), warn=(told if told is not None else []).append)
    with HttpClient(ASKING) as client:
        return cache.get(client, url, max_bytes=max_bytes)


def kept(folder: Path, url: str, max_bytes: int = KiB) -> Kept:
    """The copy kept for ``url`` (failing the test when there is none)."""
    found = ConditionalCache(FolderStore(folder)).kept(url, max_bytes)
    assert isinstance(found, Kept), found
    return found


@pytest.fixture
def page(httpserver: HTTPServer) -> Page:
    served = Page()
    httpserver.expect_request("/page").respond_with_handler(served)
    return served


def test_a_fresh_fetch_is_kept_and_a_304_serves_the_kept_copy(
    httpserver: HTTPServer, page: Page, tmp_path: Path
) -> None:
    url = httpserver.url_for("/page")
    first = fetch(tmp_path, url)
    assert (first.answer.status, first.revalidated, first.body) == (200, False, page.body)
    again = fetch(tmp_path, url)
    assert (again.answer.status, again.revalidated, again.body) == (304, True, page.body)
    assert page.asked == [None, page.tag()]


def test_a_changed_resource_replaces_the_kept_copy(
    httpserver: HTTPServer, page: Page, tmp_path: Path
) -> None:
    url = httpserver.url_for("/page")
    fetch(tmp_path, url)
    page.body = b'{"v": 2}'
    changed = fetch(tmp_path, url)
    assert (changed.answer.status, changed.body) == (200, b'{"v": 2}')
    assert kept(tmp_path, url).body == b'{"v": 2}'


def test_an_answer_the_caller_refuses_is_not_kept(
    httpserver: HTTPServer, page: Page, tmp_path: Path
) -> None:
    url = httpserver.url_for("/page")
    with HttpClient(ASKING) as client:
        cache = ConditionalCache(FolderStore(tmp_path))
        assert cache.get(client, url, max_bytes=KiB, accept=lambda a: False).answer.status == 200
    assert ConditionalCache(FolderStore(tmp_path)).kept(url, KiB) is None  # nothing, not damage


def test_the_kept_copy_is_the_offline_fallback_dated_by_its_last_confirmation(
    httpserver: HTTPServer, page: Page, tmp_path: Path
) -> None:
    url = httpserver.url_for("/page")
    fetch(tmp_path, url)
    store = FolderStore(tmp_path)
    path = store.path(url)
    assert path is not None
    old = dt.datetime(2025, 10, 1, 12, tzinfo=dt.timezone.utc).timestamp()
    os.utime(path, (old, old))
    copy = kept(tmp_path, url)
    assert copy.body == page.body and copy.date == dt.date(2025, 10, 1)
    fetch(tmp_path, url)  # a 304: confirmed today
    assert kept(tmp_path, url).date == dt.datetime.now(dt.timezone.utc).date()


def _damage_truncated(path: Path) -> None:
    path.write_bytes(path.read_bytes()[:-3])


def _damage_edited(path: Path) -> None:
    path.write_bytes(path.read_bytes().replace(b'"v": 1', b'"v": 7'))


def _damage_header(path: Path) -> None:
    path.write_bytes(b"{not json\n" + path.read_bytes())


def _damage_folder(path: Path) -> None:
    path.unlink()
    path.mkdir()


def _damage_fifo(path: Path) -> None:
    path.unlink()
    os.mkfifo(path)


def _damage_other_url(path: Path) -> None:
    other = FolderStore(path.parent)
    url = "http://127.0.0.1:9/elsewhere"
    other.keep(url, Answer(url, 200, "OK", b"{}", Validators(etag='"x"')))
    moved = other.path(url)
    assert moved is not None
    moved.replace(path)


DAMAGE = {
    "truncated": _damage_truncated,
    "edited": _damage_edited,
    "header": _damage_header,
    "a-folder": _damage_folder,
    "a-fifo": _damage_fifo,
    "another-url": _damage_other_url,
}


@pytest.mark.parametrize("damage", sorted(DAMAGE))
def test_a_damaged_entry_is_one_warning_and_fetched_again_in_full(
    httpserver: HTTPServer, page: Page, tmp_path: Path, damage: str
) -> None:
    url = httpserver.url_for("/page")
    fetch(tmp_path, url)
    path = FolderStore(tmp_path).path(url)
    assert path is not None
    DAMAGE[damage](path)
    offline = ConditionalCache(FolderStore(tmp_path)).kept(url, KiB)
    assert isinstance(offline, Damaged)  # not the offline copy: why there is none
    assert (offline.url, offline.path) == (url, str(path)) and offline.why
    told: list[str] = []
    again = fetch(tmp_path, url, told=told)
    assert told == [offline.refetched]  # one warning, naming the URL, the file and why
    assert (again.answer.status, again.body) == (200, page.body)
    assert page.asked[-1] is None  # unconditional: the damaged validators are not sent
    if damage != "a-folder":  # a folder in its place cannot be replaced by a file
        assert kept(tmp_path, url).body == page.body  # repaired
        quiet: list[str] = []
        assert fetch(tmp_path, url, told=quiet).revalidated and quiet == []


def test_an_entry_past_the_size_limit_is_not_read(httpserver: HTTPServer, tmp_path: Path) -> None:
    big = Page(b'{"v": "' + b"x" * (2 * KiB) + b'"}')
    httpserver.expect_request("/big").respond_with_handler(big)
    url = httpserver.url_for("/big")
    fetch(tmp_path, url, max_bytes=4 * KiB)
    assert isinstance(ConditionalCache(FolderStore(tmp_path)).kept(url, KiB), Damaged)


def test_an_entry_is_named_by_the_digest_of_its_url(tmp_path: Path) -> None:
    store = FolderStore(tmp_path / "answers")
    for url in ("http://h/../../../etc/passwd", "http://h/a?b=/../c", "http://h/\x00\n"):
        path = store.path(url)
        assert path is not None and path.parent == tmp_path / "answers"
        assert len(path.stem) == 32 and all(c in "0123456789abcdef" for c in path.stem)


def test_a_cache_that_cannot_be_written_keeps_nothing_and_still_answers(
    httpserver: HTTPServer, page: Page, tmp_path: Path
) -> None:
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    url = httpserver.url_for("/page")
    assert fetch(blocked / "answers", url).body == page.body
    assert fetch(blocked / "answers", url).answer.status == 200
    assert fetch(None, url).body == page.body  # no cache at all


def test_a_run_that_waited_for_the_lock_uses_the_copy_the_other_run_refreshed(
    httpserver: HTTPServer, page: Page, tmp_path: Path
) -> None:
    """Two runs refreshing one kept entry: the second waits for the first's lock, reads the
    entry again once it has the lock, and uses the copy just confirmed without asking."""
    url = httpserver.url_for("/page")
    fetch(tmp_path, url)  # kept an hour ago
    store = FolderStore(tmp_path)
    path = store.path(url)
    assert path is not None
    hour_ago = time.time() - 3600
    os.utime(path, (hour_ago, hour_ago))
    waiting = ConditionalCache(FolderStore(tmp_path))
    waiting.opened = time.time() - 1  # this run began before the other run's refresh
    outcome: list[Fetched] = []

    def second_run() -> None:
        with HttpClient(ASKING) as client:
            outcome.append(waiting.get(client, url, max_bytes=KiB))

    with FileLock(str(path.with_suffix(LOCK_SUFFIX))):  # the first run refreshes meanwhile
        thread = threading.Thread(target=second_run)
        thread.start()
        store.keep(url, Answer(url, 200, "OK", b'{"v": 2}', Validators(etag='"2"')))
    thread.join(timeout=30)
    assert len(outcome) == 1 and outcome[0].revalidated and outcome[0].body == b'{"v": 2}'
    assert page.asked == [None]  # only the first fetch: the other run had just confirmed it


def test_concurrent_refreshes_of_one_entry_download_nothing_and_keep_one_whole_copy(
    httpserver: HTTPServer, page: Page, tmp_path: Path
) -> None:
    url = httpserver.url_for("/page")
    fetch(tmp_path, url)
    results: list[Fetched] = []
    lock = threading.Lock()

    def run() -> None:
        got = fetch(tmp_path, url)
        with lock:
            results.append(got)

    threads = [threading.Thread(target=run) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert len(results) == 6 and all(r.revalidated and r.body == page.body for r in results)
    assert page.asked.count(None) == 1  # the first fetch; the refreshes revalidated or reused
    assert not list(tmp_path.glob(".*.tmp"))


def test_validators_alone_are_sent_back_and_the_body_is_the_callers(
    httpserver: HTTPServer, page: Page
) -> None:
    url = httpserver.url_for("/page")
    pages = ValidatorMap()
    with HttpClient(ASKING) as client:
        first = ConditionalCache(pages).get(client, url, max_bytes=KiB)
        assert first.answer.status == 200 and pages.validators[url].etag == page.tag()
        again = ConditionalCache(ValidatorMap(pages.validators)).get(client, url, max_bytes=KiB)
    assert again.revalidated and again.kept is not None and again.kept.body is None
    assert page.asked == [None, page.tag()]
    assert ValidatorMap({url: Validators()}).load(url, KiB) is None  # nothing to send back
