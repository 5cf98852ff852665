"""prefetch: each distinct link once, a few at a time, revalidated, one timeout per run."""

from __future__ import annotations

import datetime as dt
import json
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from pytest_httpserver import HTTPServer
from werkzeug import Request, Response

from nrdeck.app.inputs.decks import DeckSettings, LoadedDeck
from nrdeck.app.inputs.remote import Fetched
from nrdeck.app.inputs.remote import prefetch as prefetch_sources
from nrdeck.app.inputs.sources import deck_source
from nrdeck.catalog import CardDB
from nrdeck.errors import RemoteDeckError
from nrdeck.http import HttpSettings

GOOD = "0b7c2a1e-1d2c-4a5b-9c8d-0123456789ab"
PRIVATE = "0b7c2a1e-1d2c-4a5b-9c8d-0123456789ac"
STAMP = "Thu, 18 Sep 2025 20:16:48 GMT"


def uuid(n: int) -> str:
    return f"00000000-0000-4000-8000-{n:012d}"


def prefetch(specs: list[str], *args: Any, **kwargs: Any) -> dict[str, Fetched]:
    """``prefetch`` of the DECK arguments ``specs``, each answer keyed by the link that asked."""
    sources = [deck_source(s) for s in specs]
    found = prefetch_sources(sources, *args, **kwargs)
    by_link = {s.label: found[s.ref] for s in sources if getattr(s, "ref", None) in found}
    return {link: by_link[link] for link in dict.fromkeys(specs) if link in by_link}


def link(deck_id: str) -> str:
    return f"https://netrunnerdb.com/en/decklist/{deck_id}/x"


def answer(deck_id: str) -> dict[str, Any]:
    deck = {"id": 1, "uuid": deck_id, "name": f"Deck {deck_id[-4:]}", "cards": {"30076": 1}}
    return {"data": [deck], "total": 1, "success": True}


def settings(server: HTTPServer, cache: Path, **http: Any) -> DeckSettings:
    policy = HttpSettings(**{"retries": 0, **http})
    return DeckSettings(v2_url=server.url_for("/api/2.0/public"), cache_dir=cache, http=policy)


class Decks:
    """Every decklist id answers (Last-Modified, 304), counting what runs at once; the first
    ``together`` requests are answered only once that many are under way."""

    def __init__(self, delay: float = 0.0, together: int = 1) -> None:
        self.delay = delay
        self.lock = threading.Lock()
        self.running = self.most = self.asked = 0
        self.statuses: list[int] = []
        self.together = threading.Barrier(together, timeout=60)  # broken: fewer at once

    def __call__(self, request: Request) -> Response:
        with self.lock:
            self.running += 1
            self.most = max(self.most, self.running)
            self.asked += 1
            first = self.asked <= self.together.parties
        if first:
            self.together.wait()
        time.sleep(self.delay)
        with self.lock:
            self.running -= 1
        fresh = request.headers.get("If-Modified-Since") == STAMP
        with self.lock:
            self.statuses.append(304 if fresh else 200)
        deck_id = request.path.rsplit("/", 1)[-1]
        body = "" if fresh else json.dumps(answer(deck_id))
        return Response(body, status=304 if fresh else 200, headers={"Last-Modified": STAMP})


def test_each_link_once_and_failures_per_link(
    httpserver: HTTPServer, tmp_path: Path, db: CardDB
) -> None:
    httpserver.expect_request(f"/api/2.0/public/decklist/{GOOD}").respond_with_json(answer(GOOD))
    httpserver.expect_request(f"/api/2.0/public/decklist/{PRIVATE}").respond_with_data(
        "", status=403
    )
    calls: list[tuple[int, int, str]] = []
    found = prefetch(
        [link(GOOD), "deck.txt", link(GOOD), link(PRIVATE)],
        db,
        settings(httpserver, tmp_path),
        lambda *call: calls.append(call),
    )
    assert list(found) == [link(GOOD), link(PRIVATE)]
    good = found[link(GOOD)]
    assert isinstance(good, LoadedDeck) and good.deck.name == "Deck 89ab"
    bad = found[link(PRIVATE)]
    assert isinstance(bad, RemoteDeckError) and "private" in bad.message
    assert sorted(c[0] for c in calls) == [1, 2] and {c[1] for c in calls} == {2}
    assert len(httpserver.log) == 2  # the link named twice was fetched once


def test_at_most_jobs_links_are_fetched_at_once(
    threaded: HTTPServer, tmp_path: Path, db: CardDB
) -> None:
    decks = Decks(delay=0.05, together=5)
    for n in range(24):
        threaded.expect_request(f"/api/2.0/public/decklist/{uuid(n)}").respond_with_handler(decks)
    links = [link(uuid(n)) for n in range(24)]
    done: list[int] = []
    found = prefetch(
        links, db, settings(threaded, tmp_path), lambda d, t, _: done.append(d), jobs=5
    )
    assert all(isinstance(found[x], LoadedDeck) for x in links)
    assert list(found) == links  # in the order given, whatever order they finished in
    assert decks.most == 5
    assert done == list(range(1, 25))  # progress counts up, from the calling thread


def test_a_rerun_costs_304s(threaded: HTTPServer, tmp_path: Path, db: CardDB) -> None:
    decks = Decks()
    for n in range(10):
        threaded.expect_request(f"/api/2.0/public/decklist/{uuid(n)}").respond_with_handler(decks)
    links = [link(uuid(n)) for n in range(10)]
    first = prefetch(links, db, settings(threaded, tmp_path))
    again = prefetch(links, db, settings(threaded, tmp_path))
    assert decks.statuses == [200] * 10 + [304] * 10
    for x in links:
        a, b = first[x], again[x]
        assert isinstance(a, LoadedDeck) and isinstance(b, LoadedDeck)
        assert a.deck == b.deck and b.cached is None


def test_a_hung_server_costs_one_timeout_per_run(
    threaded: HTTPServer, tmp_path: Path, db: CardDB
) -> None:
    release = threading.Event()
    asked: list[str] = []

    def hang(request: Request) -> Response:
        asked.append(request.path)
        release.wait(60)  # past the read timeout, however long the machine takes
        return Response("{}", status=500)

    for n in range(30):
        threaded.expect_request(f"/api/2.0/public/decklist/{uuid(n)}").respond_with_handler(hang)
    links = [link(uuid(n)) for n in range(30)]
    try:
        found = prefetch(links, db, settings(threaded, tmp_path, read_timeout=0.5), jobs=4)
    finally:
        release.set()
    assert len(asked) <= 4  # only the requests already under way when the first timed out
    errors = [found[x] for x in links]
    assert all(isinstance(e, RemoteDeckError) for e in errors)
    said = [e.message for e in errors if isinstance(e, RemoteDeckError)]
    assert sum("timed out" in m and "not fetched" not in m for m in said) <= 4
    skipped = [m for m in said if m.startswith("not fetched: earlier")]
    assert len(skipped) >= 26 and all("timed out" in m for m in skipped)


def test_a_bug_on_one_link_is_that_decks_alone(
    httpserver: HTTPServer, tmp_path: Path, db: CardDB, monkeypatch: pytest.MonkeyPatch
) -> None:
    import nrdeck.app.check as check
    import nrdeck.app.inputs.remote as remote
    from nrdeck.app.check import CheckOptions, check_decks
    from nrdeck.app.inputs.cards import DataSettings
    from nrdeck.rules import Selection

    httpserver.expect_request(f"/api/2.0/public/decklist/{GOOD}").respond_with_json(answer(GOOD))
    real = remote.obtain_deck

    def broken(source: Any, db: CardDB, settings: DeckSettings) -> LoadedDeck:
        if PRIVATE in source.label:
            raise KeyError("a bug")
        return real(source, db, settings)

    monkeypatch.setattr(remote, "obtain_deck", broken)
    monkeypatch.setattr(check, "obtain_deck", broken)
    found = prefetch([link(GOOD), link(PRIVATE)], db, settings(httpserver, tmp_path))
    assert list(found) == [link(GOOD)]  # the other link is left to the caller

    monkeypatch.setenv("NRDECK_V2_URL", httpserver.url_for("/api/2.0/public"))
    data = DataSettings(cache_dir=tmp_path, v2_url=httpserver.url_for("/api/2.0/public"))
    today = dt.date(2025, 9, 20)
    options = CheckOptions(data=data, selection=Selection(today, format_id="system_gateway"))
    run = check_decks([link(GOOD), link(PRIVATE)], options, db)
    outcomes = {o.source: o for o in run.report.outcomes}
    assert outcomes[link(GOOD)].result is not None
    assert [p.code for p in outcomes[link(PRIVATE)].problems] == ["internal-error"]
    assert len(run.failures) == 1 and "KeyError" in run.failures[0]


def test_no_link_no_thread(tmp_path: Path, db: CardDB) -> None:
    before = threading.active_count()
    assert prefetch(["deck.txt", "-"], db, DeckSettings(cache_dir=tmp_path)) == {}
    assert threading.active_count() == before
