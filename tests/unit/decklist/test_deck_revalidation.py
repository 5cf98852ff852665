"""Cached remote decks are revalidated (a 304 downloads nothing); hostile answers are refused."""

from __future__ import annotations

import datetime as dt
import json
import os
import time
from pathlib import Path
from typing import Any

import pytest
from msgspec.structs import replace
from pytest_httpserver import HTTPServer
from werkzeug import Request, Response

from nrdeck.app.inputs.decks import DeckSettings, load_deck, obtain_deck
from nrdeck.app.inputs.sources import deck_source
from nrdeck.catalog import CardDB
from nrdeck.decklist.nrdb_url import cache_path, older_cache_path
from nrdeck.errors import RemoteDeckError
from nrdeck.http import HttpSettings
from tests.fakes.faults import bomb_answer, busy_then, redirect, trickle

UUID = "0b7c2a1e-1d2c-4a5b-9c8d-0123456789ab"
PATH = f"/api/2.0/public/decklist/{UUID}"
STAMP = "Thu, 18 Sep 2025 20:16:48 GMT"


def envelope(name: str) -> dict[str, Any]:
    deck = {"id": 1, "uuid": UUID, "name": name, "cards": {"30076": 1, "30030": 3}}
    return {"data": [deck], "total": 1, "success": True}


def settings(server: HTTPServer, cache: Path, **http: Any) -> DeckSettings:
    policy = HttpSettings(**{"retries": 2, "backoff": 0.01, "max_retry_after": 1, **http})
    return DeckSettings(v2_url=server.url_for("/api/2.0/public"), cache_dir=cache, http=policy)


class Deck:
    """A deck on the server that answers conditional requests, and can change."""

    def __init__(self, name: str, validator: str) -> None:
        self.name, self.validator = name, validator
        self.statuses: list[int] = []
        self.asked: list[dict[str, str]] = []

    def tag(self) -> str:
        return f'W/"{self.name}"'

    def __call__(self, request: Request) -> Response:
        self.asked.append({k: v for k, v in request.headers.items() if k.startswith("If-")})
        headers = {"ETag": self.tag()} if self.validator == "etag" else {"Last-Modified": STAMP}
        fresh = (
            request.headers.get("If-None-Match") == self.tag()
            if self.validator == "etag"
            else request.headers.get("If-Modified-Since") == STAMP
        )
        status = 304 if fresh else 200
        self.statuses.append(status)
        body = "" if fresh else json.dumps(envelope(self.name))
        return Response(body, status=status, headers=headers, content_type="application/json")


@pytest.mark.parametrize("validator", ["etag", "last-modified"])
def test_a_cached_deck_is_revalidated_and_a_304_downloads_nothing(
    httpserver: HTTPServer, tmp_path: Path, db: CardDB, validator: str
) -> None:
    deck = Deck("Rush", validator)
    httpserver.expect_request(PATH).respond_with_handler(deck)
    first = load_deck(UUID, db, settings(httpserver, tmp_path))
    cached = cache_path(tmp_path, "decklist", UUID, settings(httpserver, tmp_path).v2_url)
    stored = cached.read_bytes()
    old = time.time() - 3 * 86400
    os.utime(cached, (old, old))

    again = obtain_deck(deck_source(UUID), db, settings(httpserver, tmp_path))
    assert deck.statuses == [200, 304]
    etag = {"If-None-Match": 'W/"Rush"'}
    expected = etag if validator == "etag" else {"If-Modified-Since": STAMP}
    assert deck.asked == [{}, expected]
    assert again.deck.name == first.name == "Rush" and again.cached is None  # confirmed fresh
    assert cached.read_bytes() == stored  # nothing rewritten...
    assert dt.date.fromtimestamp(cached.stat().st_mtime) == dt.date.today()  # ...but confirmed


def test_a_changed_deck_is_downloaded_and_cached_again(
    httpserver: HTTPServer, tmp_path: Path, db: CardDB
) -> None:
    deck = Deck("Rush", "etag")
    httpserver.expect_request(PATH).respond_with_handler(deck)
    load_deck(UUID, db, settings(httpserver, tmp_path))
    deck.name = "Rush, fixed"  # the player fixed their deck
    assert load_deck(UUID, db, settings(httpserver, tmp_path)).name == "Rush, fixed"
    assert deck.statuses == [200, 200]
    offline = replace(settings(httpserver, tmp_path), offline=True)
    assert load_deck(UUID, db, offline).name == "Rush, fixed"


def test_a_deck_cached_by_an_older_nrdeck_is_still_read(
    httpserver: HTTPServer, tmp_path: Path, db: CardDB
) -> None:
    cached = older_cache_path(tmp_path, "decklist", UUID)
    cached.parent.mkdir(parents=True)
    cached.write_text(json.dumps(envelope("Old copy")))  # the bare answer, no validators
    assert load_deck(UUID, db, DeckSettings(cache_dir=tmp_path, offline=True)).name == "Old copy"
    deck = Deck("Rush", "etag")
    httpserver.expect_request(PATH).respond_with_handler(deck)
    assert load_deck(UUID, db, settings(httpserver, tmp_path)).name == "Rush"
    assert deck.asked == [{}]  # nothing to revalidate with: fetched in full
    # kept now with its validators, in place of the older copy
    assert load_deck(UUID, db, settings(httpserver, tmp_path)).name == "Rush"
    assert deck.asked == [{}, {"If-None-Match": 'W/"Rush"'}]
    assert not cached.exists()


def _refused(server: HTTPServer, cache: Path, db: CardDB, **http: Any) -> tuple[str, DeckSettings]:
    chosen = settings(server, cache, **http)
    with pytest.raises(RemoteDeckError) as info:
        load_deck(UUID, db, chosen)
    assert not cache_path(cache, "decklist", UUID, chosen.v2_url).exists()
    return info.value.one_line(), chosen


def test_a_deck_answer_over_1_mib_is_refused(
    httpserver: HTTPServer, tmp_path: Path, db: CardDB
) -> None:
    huge = json.dumps(envelope("x" * (2**20)))
    httpserver.expect_request(PATH).respond_with_data(huge, content_type="application/json")
    line, chosen = _refused(httpserver, tmp_path, db)
    assert "refused" in line and "larger than the 1 MiB" in line
    assert not chosen.reachability.is_down  # one bad answer; the others are still asked


def test_a_gzip_bomb_deck_is_refused(httpserver: HTTPServer, tmp_path: Path, db: CardDB) -> None:
    httpserver.expect_request(PATH).respond_with_response(bomb_answer(64 * 2**20))
    line, _ = _refused(httpserver, tmp_path, db)
    assert "larger than the 1 MiB" in line


def test_a_redirect_to_another_host_is_not_followed(
    httpserver: HTTPServer, tmp_path: Path, db: CardDB
) -> None:
    other = HTTPServer(host="127.0.0.1")
    other.start()
    try:
        other.expect_request(PATH).respond_with_json(envelope("Someone else's deck"))
        httpserver.expect_request(PATH).respond_with_response(redirect(other.url_for(PATH)))
        line, _ = _refused(httpserver, tmp_path, db)
        assert "another host" in line and "not followed" in line and other.log == []
    finally:
        other.clear()
        other.stop()


def test_a_redirect_within_the_host_is_followed(
    httpserver: HTTPServer, tmp_path: Path, db: CardDB
) -> None:
    httpserver.expect_request(PATH).respond_with_response(redirect("/moved", 308))
    httpserver.expect_request("/moved").respond_with_json(envelope("Moved"))
    assert load_deck(UUID, db, settings(httpserver, tmp_path)).name == "Moved"


def test_a_trickled_deck_ends_at_the_deadline_and_the_run_stops_asking(
    httpserver: HTTPServer, tmp_path: Path, db: CardDB
) -> None:
    body = json.dumps(envelope("Slow")).encode()
    httpserver.expect_request(PATH).respond_with_response(trickle(body, 0.05))
    line, chosen = _refused(httpserver, tmp_path, db, deadline=0.5)
    assert "timed out" in line and "0.5 s deadline" in line
    assert chosen.reachability.is_down


@pytest.mark.parametrize("value", ["soon", "-5", "1"])
def test_a_busy_answer_is_retried_whatever_its_retry_after(
    httpserver: HTTPServer, tmp_path: Path, db: CardDB, value: str
) -> None:
    answer = busy_then(lambda: Response(json.dumps(envelope("Busy"))), 1, value)
    httpserver.expect_request(PATH).respond_with_handler(answer)
    assert load_deck(UUID, db, settings(httpserver, tmp_path)).name == "Busy"
    assert [r.status_code for _, r in httpserver.log] == [503, 200]
