"""What one client cannot do to the server: keep checks burning past their time, stall the
page or /healthz with heavy requests, fill memory with unfinished bodies, hold it with slow
or idle sockets, or make it fetch one NetrunnerDB link again and again. Bounded in time and
resources: load is measured by ``benchmarks/bench_serve.py``, not here."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager, suppress
from typing import Any

import httpx
import pytest
from pytest_httpserver import HTTPServer

from nrdeck.app.inputs.cards import DataSettings
from nrdeck.app.serve import service as serving
from nrdeck.app.serve.service import ServeSettings
from nrdeck.cancel import checkpoint
from nrdeck.catalog import CardDB, DamagedCatalog
from nrdeck.web import answers, safety
from tests.acceptance.serve.conftest import Serving
from tests.fakes.nrdb_v2 import answer, deck_cards, deck_item
from tests.paths import EXAMPLES, FIXTURES

LEGAL = (EXAMPLES / "standard-zahya.txt").read_text("utf-8")


def until(condition: Callable[[], bool], seconds: float = 20.0) -> bool:
    """Whether ``condition`` comes true within ``seconds`` (looked at every 50 ms)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return condition()


@contextmanager
def endless_histories(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Every deck's history runs until it is told to stop (at its checkpoints); yields the
    count of those that stopped."""
    stopped: list[int] = []

    def forever(*args: Any, **kwargs: Any) -> Any:
        try:
            while True:
                checkpoint()
                time.sleep(0.01)
        finally:
            stopped.append(1)

    monkeypatch.setattr(serving, "timeline_of", forever)
    yield stopped


def test_a_check_past_its_time_is_stopped_and_healthz_answers(
    server: Serving, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(answers, "CHECK_SECONDS", 0.5)
    apps: list[Any] = []
    with endless_histories(monkeypatch) as stopped, server(apps=apps) as url:
        results: list[httpx.Response] = []

        def ask() -> None:
            results.append(httpx.post(f"{url}/api/v1/check", json={"deck": LEGAL}, timeout=30))

        threads = [threading.Thread(target=ask) for _ in range(6)]
        for thread in threads:
            thread.start()
        assert httpx.get(f"{url}/healthz", timeout=10).status_code == 200
        for thread in threads:
            thread.join()
        assert {r.status_code for r in results} == {503}
        assert {r.json()["error"]["kind"] for r in results} == {"too-slow"}
        assert until(lambda: len(stopped) == 6)  # stopped, not left running
        assert until(lambda: apps[0].state.limits.checks.running == 0)


def test_past_the_bound_a_check_is_503_with_retry_after(
    server: Serving, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(answers, "CHECK_SECONDS", 3.0)
    monkeypatch.setattr(answers, "CHECKS_WAITING", 0)
    with endless_histories(monkeypatch), server() as url:
        busy: list[httpx.Response] = []

        def ask() -> None:
            busy.append(httpx.post(f"{url}/api/v1/check", json={"deck": LEGAL}, timeout=30))

        threads = [threading.Thread(target=ask) for _ in range(answers.CHECKS_AT_ONCE + 3)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        refused = [r for r in busy if r.json()["error"]["kind"] == "busy"]
        assert len(refused) == 3
        assert all(r.status_code == 503 and int(r.headers["retry-after"]) > 0 for r in refused)
        assert httpx.get(f"{url}/", timeout=10).status_code == 200


def test_the_pages_history_is_inside_the_time_cap(
    server: Serving, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(answers, "CHECK_SECONDS", 0.5)
    with endless_histories(monkeypatch) as stopped, server() as url:
        shown = httpx.post(
            f"{url}/",
            files={"deck": (None, LEGAL), "file": ("", b"", "application/octet-stream")},
            timeout=30,
        )
        assert shown.status_code == 503 and 'class="error"' in shown.text
        assert until(lambda: len(stopped) == 1)


@contextmanager
def sockets(url: str, count: int) -> Iterator[list[socket.socket]]:
    host, port = url.removeprefix("http://").split(":")
    with ExitStack() as stack:
        opened = []
        for _ in range(count):
            sock = stack.enter_context(socket.create_connection((host, int(port)), timeout=10))
            opened.append(sock)
        yield opened


def test_unfinished_bodies_take_bounded_memory_and_leave_the_page_up(
    server: Serving, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(safety, "BODIES_IN_FLIGHT_BYTES", 4 * 1024 * 1024)
    apps: list[Any] = []
    head = (
        b"POST /api/v1/check HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b"Content-Length: 1048576\r\n\r\n"
    )
    with server(apps=apps) as url, sockets(url, 40) as opened:
        guard = apps[0].state.bodies
        for sock in opened:
            sock.sendall(head + b" " * (512 * 1024))
        assert until(lambda: guard.in_flight > 0)
        assert guard.in_flight <= safety.BODIES_IN_FLIGHT_BYTES
        assert httpx.get(f"{url}/", timeout=10).status_code == 200
        refused = 0
        for sock in opened:
            sock.settimeout(0.2)
            with suppress(TimeoutError):
                refused += b" 503 " in sock.recv(200)
        assert refused > 0  # past the memory set aside: turned away, not buffered
    assert until(lambda: guard.in_flight == 0)  # given back once they are gone


def test_a_body_that_never_ends_is_cut(server: Serving, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(safety, "BODY_SECONDS", 0.5)
    with server() as url, sockets(url, 1) as (sock,):
        sock.sendall(b"POST /api/v1/check HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{")
        sock.settimeout(10)
        assert b" 408 " in sock.recv(200)


def test_idle_and_slow_sockets_leave_the_page_up(base_url: str) -> None:
    with sockets(base_url, 200) as opened:
        for sock in opened[:100]:
            sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")  # headers never finished
        assert httpx.get(f"{base_url}/", timeout=10).status_code == 200
        assert httpx.get(f"{base_url}/healthz", timeout=10).status_code == 200


@pytest.mark.parametrize(
    "body", [b"{not json", b'{"deck": "\xff\xfe"}', b"[1, 2", b'"x"', b"null", b"\xef\xbb\xbf{}"]
)
def test_malformed_json_is_a_400(base_url: str, body: bytes) -> None:
    answer = httpx.post(
        f"{base_url}/api/v1/check", content=body, headers={"content-type": "application/json"}
    )
    assert answer.status_code == 400 and answer.json()["error"]["kind"] == "usage"


def test_a_damaged_catalogue_is_503_and_healthz_says_so(
    server: Serving, monkeypatch: pytest.MonkeyPatch
) -> None:
    def damaged(*args: Any, **kwargs: Any) -> Any:
        raise DamagedCatalog("record 12 is not what was written")

    monkeypatch.setattr(serving, "check_text", damaged)
    with server() as url:
        assert httpx.get(f"{url}/healthz").status_code == 200
        answer = httpx.post(f"{url}/api/v1/check", json={"deck": LEGAL})
        assert answer.status_code == 503 and answer.json()["error"]["kind"] == "unavailable"
        assert "/" not in answer.json()["error"]["message"]  # no file of the server's
        health = httpx.get(f"{url}/healthz")
        assert health.status_code == 503 and health.json()["status"] == "damaged"


def test_a_link_is_fetched_once_for_many_checks(
    server: Serving, db: CardDB, httpserver: HTTPServer
) -> None:
    uuid = "99999999-9999-4999-8999-999999999999"
    cards = deck_cards(db, FIXTURES / "event" / "decks" / "std-zahya.txt")
    httpserver.expect_request(f"/api/2.0/public/decklist/{uuid}").respond_with_json(
        answer(deck_item(uuid, "Zahya", cards))
    )
    link = f"https://netrunnerdb.com/en/decklist/{uuid}/zahya"
    data = DataSettings(no_cache=True, v2_url=httpserver.url_for("/api/2.0/public"))
    with server(ServeSettings(data)) as url:
        answers_ = [
            httpx.post(f"{url}/api/v1/check", json={"deck": link}, timeout=30) for _ in range(3)
        ]
    assert [a.status_code for a in answers_] == [200, 200, 200]
    assert answers_[0].json()["decks"][0]["origin"] == "remote"
    assert len(httpserver.log) == 1


def test_a_slow_netrunnerdb_costs_only_the_link_checks(
    server: Serving, httpserver: HTTPServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    from werkzeug import Response

    released = threading.Event()  # NetrunnerDB answers once the checks have their answers

    def slow(request: Any) -> Response:
        released.wait(30)
        return Response("{}", status=504)

    uuid = "99999999-9999-4999-8999-999999999998"
    httpserver.expect_request(f"/api/2.0/public/decklist/{uuid}").respond_with_handler(slow)
    monkeypatch.setattr(answers, "CHECK_SECONDS", 1.0)
    link = f"https://netrunnerdb.com/en/decklist/{uuid}/zahya"
    data = DataSettings(no_cache=True, v2_url=httpserver.url_for("/api/2.0/public"))
    with server(ServeSettings(data)) as url:
        waited: list[httpx.Response] = []
        asker = threading.Thread(
            target=lambda: waited.append(
                httpx.post(f"{url}/api/v1/check", json={"deck": link}, timeout=30)
            )
        )
        asker.start()
        text = httpx.post(f"{url}/api/v1/check", json={"deck": LEGAL}, timeout=30)
        asker.join()
        released.set()
        _wait_for(lambda: len(httpserver.log) == 1)  # its one request answered: none goes on
    assert text.status_code == 200
    (slowed,) = waited
    assert slowed.status_code == 504 and slowed.json()["error"]["kind"] == "upstream"


def _wait_for(condition: Callable[[], bool], seconds: float = 30.0) -> None:
    """Wait until ``condition()`` holds (AssertionError past ``seconds``)."""
    end = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < end, "the condition never held"
        time.sleep(0.02)
