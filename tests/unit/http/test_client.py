"""The one HTTP client against local servers: retries, Retry-After, caps, deadline, redirects."""

from __future__ import annotations

import email.utils
import socket
import threading
import time
import tracemalloc
from pathlib import Path

import pytest
from pytest_httpserver import HTTPServer
from werkzeug import Request, Response

from nrdeck._version import __version__
from nrdeck.app.inputs.decks import DeckSettings, load_deck
from nrdeck.cancel import Cancelled, CancelToken, cancellable
from nrdeck.catalog import CardDB
from nrdeck.http import HttpSettings, TransferError, Validators
from nrdeck.http.client import HttpClient, retry_after, validators_of
from tests.fakes.faults import bomb_answer, busy_then, raw_server, redirect, trickle

AGENT = {"User-Agent": f"nrdeck/{__version__}"}


UUID = "0b7c2a1e-1d2c-4a5b-9c8d-0123456789ab"


FAST = HttpSettings(retries=3, backoff=0.01)  # the default timeouts: generous on a busy machine


MiB = 2**20


def get(server: HTTPServer, path: str = "/x", settings: HttpSettings = FAST, **kw: int) -> int:
    with HttpClient(settings) as client:
        return client.get(server.url_for(path), max_bytes=kw.get("max_bytes", MiB)).status


def failure(server: HTTPServer, path: str = "/x", settings: HttpSettings = FAST) -> TransferError:
    with pytest.raises(TransferError) as info, HttpClient(settings) as client:
        client.get(server.url_for(path), max_bytes=MiB)
    return info.value


def _http_date(offset: float) -> str:
    return email.utils.formatdate(time.time() + offset, usegmt=True)


def test_card_data_requests_carry_the_user_agent(httpserver: HTTPServer) -> None:
    httpserver.expect_request("/api/v3/public/formats", headers=AGENT).respond_with_json({})
    assert get(httpserver, "/api/v3/public/formats") == 200  # 500 when the header differs
    httpserver.check_assertions()


def test_remote_deck_requests_carry_the_user_agent(
    httpserver: HTTPServer, tmp_path: Path, db: CardDB
) -> None:
    deck = {"id": 1, "uuid": UUID, "name": "Catalyst", "cards": {"30076": 1, "30030": 3}}
    httpserver.expect_request(f"/api/2.0/public/decklist/{UUID}", headers=AGENT).respond_with_json(
        {"data": [deck], "total": 1, "success": True}
    )
    url = httpserver.url_for("/api/2.0/public")
    settings = DeckSettings(v2_url=url, cache_dir=tmp_path, http=HttpSettings(retries=0))
    loaded = load_deck(UUID, db, settings)
    assert loaded.name == "Catalyst" and loaded.problems == ()


@pytest.mark.parametrize(
    ("value", "seconds"),
    [("120", 120.0), (" 3 ", 3.0), ("soon", None), ("-5", None), ("1.5", None), ("", None)],
)
def test_retry_after_reads_delta_seconds_and_ignores_the_rest(
    value: str, seconds: float | None
) -> None:
    assert retry_after(value) == seconds


def test_retry_after_reads_an_http_date() -> None:
    assert 8 <= (retry_after(_http_date(10)) or 0) <= 10
    assert retry_after(_http_date(-60)) == 0  # a date gone by: retry now
    assert retry_after("Mon, 99 Foo 2025 25:61:00 GMT") is None


@pytest.mark.parametrize("value", ["1", "soon", "-5", "HTTP-DATE", None])
def test_a_busy_server_is_retried_whatever_its_retry_after_says(
    httpserver: HTTPServer, value: str | None
) -> None:
    value = _http_date(1) if value == "HTTP-DATE" else value
    answer = busy_then(lambda: Response("{}", content_type="application/json"), 2, value)
    httpserver.expect_request("/x").respond_with_handler(answer)
    assert get(httpserver) == 200
    assert len(httpserver.log) == 3


def test_a_retry_after_past_the_deadline_ends_with_the_busy_answer(httpserver: HTTPServer) -> None:
    httpserver.expect_request("/x").respond_with_handler(busy_then(Response, 9, "30"))
    started = time.monotonic()
    settings = HttpSettings(retries=3, max_retry_after=60, deadline=20)
    assert get(httpserver, settings=settings) == 503
    assert len(httpserver.log) == 1 and time.monotonic() - started < 10  # no wait for 20 s


def test_retries_stop_after_the_configured_number(httpserver: HTTPServer) -> None:
    httpserver.expect_request("/x").respond_with_data("down", status=502)
    assert get(httpserver) == 502
    assert len(httpserver.log) == 1 + FAST.retries


def test_work_stopped_meanwhile_sends_no_retry(httpserver: HTTPServer) -> None:
    """A server's check past its time is stopped (its token set) while NetrunnerDB answers
    503: the fetch it was waiting on ends there, and asks no more."""
    token = CancelToken()

    def busy(request: Request) -> Response:
        token.cancel()  # the check's time ran out while this request was answered
        return Response("busy", status=503)

    httpserver.expect_request("/x").respond_with_handler(busy)
    with pytest.raises(Cancelled), cancellable(token), HttpClient(FAST) as client:
        client.get(httpserver.url_for("/x"), max_bytes=MiB)
    assert len(httpserver.log) == 1


def test_a_timeout_is_not_retried(httpserver: HTTPServer) -> None:
    release = threading.Event()

    def slow(request: Request) -> Response:
        release.wait(60)  # past the read timeout, however long the machine takes
        return Response("{}")

    httpserver.expect_request("/x").respond_with_handler(slow)
    httpserver.expect_request("/after").respond_with_data("{}")
    try:
        err = failure(httpserver, settings=HttpSettings(read_timeout=0.2, retries=3, backoff=0.01))
    finally:
        release.set()
    assert err.timed_out and err.unreachable and "0.2 s to read" in err.reason
    # the server answers one request at a time in the order they came: once a later request
    # is answered, every retry the client sent before it would have been answered and logged
    assert get(httpserver, "/after") == 200
    assert [request.path for request, _ in httpserver.log] == ["/x", "/after"]


def test_a_refused_connection_is_retried_then_reported() -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with pytest.raises(TransferError) as info, HttpClient(FAST) as client:
        client.get(f"http://127.0.0.1:{port}/x", max_bytes=MiB)
    assert info.value.unreachable and "connection refused" in info.value.reason


def test_a_declared_length_over_the_cap_is_refused(httpserver: HTTPServer) -> None:
    httpserver.expect_request("/x").respond_with_data(b"x" * (MiB + 1))
    err = failure(httpserver)
    assert "larger than the 1 MiB limit" in err.reason and not err.unreachable


def test_a_chunked_body_over_the_cap_is_cut_off(httpserver: HTTPServer) -> None:
    chunks = (b"y" * 65536 for _ in range(40))  # 2.5 MiB, no Content-Length
    httpserver.expect_request("/x").respond_with_response(Response(chunks))
    assert "larger than the 1 MiB limit" in failure(httpserver).reason


def test_a_gzip_bomb_is_refused_without_inflating_it(httpserver: HTTPServer) -> None:
    httpserver.expect_request("/x").respond_with_response(bomb_answer(256 * MiB))
    tracemalloc.start()
    try:
        err = failure(httpserver)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert "larger than the 1 MiB limit" in err.reason
    assert peak < 32 * MiB  # read a chunk at a time: never the 256 MiB


def test_a_gzip_answer_within_the_cap_is_read(httpserver: HTTPServer) -> None:
    httpserver.expect_request("/x").respond_with_response(bomb_answer(MiB // 2))
    with HttpClient(FAST) as client:
        answer = client.get(httpserver.url_for("/x"), max_bytes=MiB)
    assert answer.body == bytes(MiB // 2)


def test_a_trickled_body_ends_at_the_deadline(httpserver: HTTPServer) -> None:
    httpserver.expect_request("/x").respond_with_response(trickle(b"{}" * 1000, 0.05))
    started = time.monotonic()
    err = failure(httpserver, settings=HttpSettings(read_timeout=5, deadline=0.6))
    assert err.timed_out and "0.6 s deadline" in err.reason
    assert time.monotonic() - started < 60  # the whole body takes 100 s; no read times out


def test_a_redirect_within_the_host_is_followed(httpserver: HTTPServer) -> None:
    httpserver.expect_request("/old").respond_with_response(redirect("/new", 301))
    httpserver.expect_request("/new").respond_with_data("{}")
    assert get(httpserver, "/old") == 200


def test_a_redirect_is_the_answer_when_redirects_are_not_followed(httpserver: HTTPServer) -> None:
    httpserver.expect_request("/api/typo").respond_with_response(redirect("/error", 301))
    httpserver.expect_request("/error").respond_with_data("<html>", content_type="text/html")
    with HttpClient(FAST) as client:
        answer = client.get(httpserver.url_for("/api/typo"), max_bytes=MiB, follow_redirects=False)
    assert (answer.status, answer.location) == (301, httpserver.url_for("/error"))
    assert answer.body == b"" and [r.path for r, _ in httpserver.log] == ["/api/typo"]


def test_an_answer_says_its_media_type(httpserver: HTTPServer) -> None:
    httpserver.expect_request("/doc").respond_with_data(
        "{}", content_type="application/vnd.api+json; charset=utf-8"
    )
    httpserver.expect_request("/page").respond_with_data("<p>", content_type="Text/HTML")
    with HttpClient(FAST) as client:
        doc = client.get(httpserver.url_for("/doc"), max_bytes=MiB)
        page = client.get(httpserver.url_for("/page"), max_bytes=MiB)
    assert (doc.content_type, page.content_type) == ("application/vnd.api+json", "text/html")
    assert doc.location is None


def test_a_redirect_to_another_host_is_not_followed(httpserver: HTTPServer) -> None:
    other = HTTPServer(host="127.0.0.1")
    other.start()
    try:
        other.expect_request("/deck").respond_with_data('{"hostile": true}')
        httpserver.expect_request("/x").respond_with_response(redirect(other.url_for("/deck")))
        err = failure(httpserver)
        assert "redirected to another host" in err.reason and other.url_for("/deck") in err.reason
        assert other.log == []
    finally:
        other.clear()
        other.stop()


def test_what_a_hostile_server_says_is_shown_escaped() -> None:
    location = b"http://127.0.0.2:1/\x1b]52;c;aGk=\x07\x1b[2J"
    moved = b"HTTP/1.1 302 Found\r\nLocation: " + location + b"\r\nContent-Length: 0\r\n\r\n"
    with raw_server(moved) as url, pytest.raises(TransferError) as info, HttpClient(FAST) as c:
        c.get(url, max_bytes=MiB)
    assert "http://127.0.0.2:1/%1B]52;c;aGk=%07%1B[2J" in info.value.reason
    odd = b"HTTP/1.1 599 \x1b[2J\x07\r\nContent-Length: 0\r\n\r\n"
    with raw_server(odd) as url, HttpClient(FAST) as client:
        answer = client.get(url, max_bytes=MiB)
    assert answer.status == 599 and answer.reason == ""


@pytest.mark.parametrize(
    ("location", "words"),
    [
        (None, "HTTP 302 redirect without a Location"),
        ("http://127.0.0.1:99999999/x", "redirected to another host"),
        ("//elsewhere.invalid/x", "redirected to another host (http://elsewhere.invalid/x)"),
    ],
)
def test_broken_or_foreign_redirects_are_refused(location: str | None, words: str) -> None:
    header = b"" if location is None else b"Location: " + location.encode() + b"\r\n"
    moved = b"HTTP/1.1 302 Found\r\n" + header + b"Content-Length: 0\r\n\r\n"
    with raw_server(moved) as url, pytest.raises(TransferError) as info, HttpClient(FAST) as c:
        c.get(url, max_bytes=MiB)
    assert words in info.value.reason and not info.value.unreachable


def test_a_redirect_loop_ends(httpserver: HTTPServer) -> None:
    httpserver.expect_request("/x").respond_with_response(redirect("/x"))
    assert get(httpserver) == 302
    assert len(httpserver.log) == 6  # the first request and 5 redirects


def test_conditional_requests_send_the_validators(httpserver: HTTPServer) -> None:
    validators = Validators(etag='W/"abc"', last_modified="Thu, 18 Sep 2025 20:16:48 GMT")
    conditional = {"If-None-Match": 'W/"abc"', "If-Modified-Since": validators.last_modified}
    httpserver.expect_request("/x", headers=conditional).respond_with_response(
        Response(status=304, headers={"ETag": 'W/"abc"'})
    )
    with HttpClient(FAST) as client:
        answer = client.get(httpserver.url_for("/x"), validators.headers(), max_bytes=MiB)
    assert (answer.status, answer.body, answer.validators.etag) == (304, b"", 'W/"abc"')


@pytest.mark.parametrize("etag", ['W/"ok"', "\x1b[31mred", "é", "x" * 600])
def test_only_validators_safe_to_send_back_are_kept(etag: str) -> None:
    kept = validators_of({"ETag": etag}).etag
    assert kept == (etag if etag == 'W/"ok"' else None)
