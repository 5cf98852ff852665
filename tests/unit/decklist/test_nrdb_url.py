"""NetrunnerDB links: parsing, fetching from a local server, caching, offline, failures."""

from __future__ import annotations

import datetime as dt
import json
import threading
from pathlib import Path
from typing import Any

import pytest
from msgspec.structs import replace
from pytest_httpserver import HTTPServer
from werkzeug import Request, Response

from nrdeck.app.inputs.decks import DeckSettings, load_deck, obtain_deck
from nrdeck.app.inputs.sources import deck_source, is_remote
from nrdeck.catalog import CardDB
from nrdeck.decklist.deck_ref import DeckRef, parse_deck_ref
from nrdeck.decklist.nrdb_url import cache_path
from nrdeck.errors import ExitCode, RemoteDeckError
from nrdeck.http import HttpSettings
from tests.fakes.deck_cache import cache_deck, cached_answer
from tests.ids import CATALYST

UUID = "0b7c2a1e-1d2c-4a5b-9c8d-0123456789ab"
DECK = {
    "id": 123,
    "uuid": UUID,
    "name": "Catalyst Rush",
    "cards": {"30076": 1, "30030": 3, "01050": 2},
}


def envelope(*decks: dict[str, Any]) -> dict[str, Any]:
    return {"data": list(decks), "total": len(decks), "success": bool(decks),
            "version_number": "2.0"}  # fmt: skip


@pytest.mark.parametrize(
    ("spec", "ref"),
    [
        (f"https://netrunnerdb.com/en/decklist/{UUID}/catalyst-rush", DeckRef(UUID, ("decklist",))),
        (f"https://netrunnerdb.com/en/decklist/{UUID}", DeckRef(UUID, ("decklist",))),
        (f"netrunnerdb.com/decklist/{UUID}", DeckRef(UUID, ("decklist",))),
        ("https://netrunnerdb.com/en/decklist/54321/old-slug", DeckRef("54321", ("decklist",))),
        (f"https://netrunnerdb.com/en/deck/view/{UUID}", DeckRef(UUID, ("deck",))),
        (f"https://netrunnerdb.com/fr/deck/edit/{UUID}?x=1", DeckRef(UUID, ("deck",))),
        ("https://netrunnerdb.com/en/deck/view/1234", DeckRef("1234", ("deck",))),
        (UUID.upper(), DeckRef(UUID, ("decklist", "deck"))),
        ("54321", DeckRef("54321", ("decklist", "deck"))),
    ],
)
def test_parse_deck_ref(spec: str, ref: DeckRef) -> None:
    assert parse_deck_ref(spec) == ref
    assert is_remote(spec)


@pytest.mark.parametrize(
    "spec",
    ["deck.txt", "-", "https://example.com/decklist/1", "https://netrunnerdb.com/en/card/01110"],
)
def test_not_remote(spec: str) -> None:
    assert parse_deck_ref(spec) is None and not is_remote(spec)


def test_numeric_name_of_an_existing_file_is_local(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("2024").write_text("3x Hedge Fund\n")
    assert not is_remote("2024")


def settings_for(server: HTTPServer, cache: Path, **kw: Any) -> DeckSettings:
    offline = bool(kw.pop("offline", False))
    http = HttpSettings(retries=0, **kw)
    url = server.url_for("/api/2.0/public")
    return DeckSettings(v2_url=url, cache_dir=cache, offline=offline, http=http)


def test_fetch_decklist_caches_and_serves_offline(
    httpserver: HTTPServer, tmp_path: Path, db: CardDB
) -> None:
    httpserver.expect_request(f"/api/2.0/public/decklist/{UUID}").respond_with_json(envelope(DECK))
    url = f"https://netrunnerdb.com/en/decklist/{UUID}/catalyst-rush"
    deck = load_deck(url, db, settings_for(httpserver, tmp_path))
    assert (deck.source, deck.name, deck.problems) == (url, "Catalyst Rush", ())
    assert deck.identity is not None and deck.identity.card_id == CATALYST
    assert deck.counts() == {"sure_gamble": 5}
    v2 = httpserver.url_for("/api/2.0/public")
    cached = cached_answer(tmp_path, "decklist", UUID, v2_url=v2)
    assert cached["data"][0]["name"] == "Catalyst Rush"
    assert not list(cache_path(tmp_path, "decklist", UUID, v2).parent.glob(".*.tmp"))

    httpserver.clear()  # any request now fails the test
    offline = load_deck(url, db, settings_for(httpserver, tmp_path, offline=True))
    assert offline.counts() == deck.counts() and offline.problems == ()
    httpserver.check_assertions()


def test_bare_id_falls_back_to_shared_private_deck(
    httpserver: HTTPServer, tmp_path: Path, db: CardDB
) -> None:
    httpserver.expect_request("/api/2.0/public/decklist/777").respond_with_json(envelope())
    httpserver.expect_request("/api/2.0/public/deck/777").respond_with_json(envelope(DECK))
    deck = load_deck("777", db, settings_for(httpserver, tmp_path))
    assert deck.counts() == {"sure_gamble": 5}
    assert cache_path(tmp_path, "deck", "777", httpserver.url_for("/api/2.0/public")).exists()


def fetch_error(spec: str, server: HTTPServer, cache: Path, db: CardDB, **kw: Any) -> str:
    with pytest.raises(RemoteDeckError) as info:
        load_deck(spec, db, settings_for(server, cache, **kw))
    assert info.value.exit_code is ExitCode.UNAVAILABLE
    line = info.value.one_line()
    assert "\n" not in line
    return line


def test_private_deck_403(httpserver: HTTPServer, tmp_path: Path, db: CardDB) -> None:
    httpserver.expect_request(f"/api/2.0/public/deck/{UUID}").respond_with_data("", status=403)
    line = fetch_error(f"https://netrunnerdb.com/en/deck/view/{UUID}", httpserver, tmp_path, db)
    assert "private" in line and "403" in line


def test_unknown_id_success_false_and_404(
    httpserver: HTTPServer, tmp_path: Path, db: CardDB
) -> None:
    httpserver.expect_request("/api/2.0/public/decklist/999").respond_with_json(envelope())
    httpserver.expect_request("/api/2.0/public/deck/999").respond_with_data("", status=404)
    line = fetch_error("999", httpserver, tmp_path, db)
    assert "unknown id" in line and "999" in line


def test_network_failure(tmp_path: Path, db: CardDB) -> None:
    settings = DeckSettings(v2_url="http://127.0.0.1:9/api/2.0/public", cache_dir=tmp_path,
                            http=HttpSettings(retries=0))  # fmt: skip
    with pytest.raises(RemoteDeckError) as info:
        load_deck(UUID, db, settings)
    assert settings.reachability.is_down  # unreachable, not an answer refused
    assert "could not reach" in info.value.one_line()


def test_timeout(httpserver: HTTPServer, tmp_path: Path, db: CardDB) -> None:
    release = threading.Event()

    def slow(request: Request) -> Response:
        release.wait(60)  # past the read timeout, however long the machine takes
        return Response(json.dumps(envelope(DECK)), content_type="application/json")

    httpserver.expect_request(f"/api/2.0/public/decklist/{UUID}").respond_with_handler(slow)
    try:
        line = fetch_error(UUID, httpserver, tmp_path, db, read_timeout=0.2)
    finally:
        release.set()
    assert "timed out" in line


def test_server_error_after_retries(httpserver: HTTPServer, tmp_path: Path, db: CardDB) -> None:
    httpserver.expect_request(f"/api/2.0/public/decklist/{UUID}").respond_with_data(
        "down", status=502
    )
    assert "HTTP 502" in fetch_error(UUID, httpserver, tmp_path, db)


def test_not_json_answer(httpserver: HTTPServer, tmp_path: Path, db: CardDB) -> None:
    httpserver.expect_request(f"/api/2.0/public/decklist/{UUID}").respond_with_data("<html>")
    assert "not JSON" in fetch_error(UUID, httpserver, tmp_path, db)


def test_offline_without_cache(httpserver: HTTPServer, tmp_path: Path, db: CardDB) -> None:
    line = fetch_error(UUID, httpserver, tmp_path, db, offline=True)
    assert "not in the cache" in line and "--offline" in line
    assert httpserver.log == []


def test_network_failure_falls_back_to_the_cache_with_a_warning(tmp_path: Path, db: CardDB) -> None:
    cache_deck(tmp_path, "decklist", UUID, envelope(DECK))
    settings = DeckSettings(v2_url="http://127.0.0.1:9/api/2.0/public", cache_dir=tmp_path,
                            http=HttpSettings(retries=0))  # fmt: skip
    loaded = obtain_deck(deck_source(UUID), db, settings)
    assert loaded.deck.counts() == {"sure_gamble": 5}
    assert loaded.deck.problems == ()  # the fallback is the outcome's, not a problem
    assert loaded.cached is not None and loaded.cached.date == dt.date.today()
    assert settings.reachability.is_down and "could not reach" in loaded.cached.reason


def test_corrupt_cache_entry_is_ignored(httpserver: HTTPServer, tmp_path: Path, db: CardDB) -> None:
    v2 = httpserver.url_for("/api/2.0/public")
    path = cache_path(tmp_path, "decklist", UUID, v2)
    path.parent.mkdir(parents=True)
    path.write_text("{not json")
    offline = fetch_error(UUID, httpserver, tmp_path, db, offline=True)
    assert "damaged (no header" in offline and "--offline" in offline  # not 'not in the cache'
    httpserver.expect_request(f"/api/2.0/public/decklist/{UUID}").respond_with_json(envelope(DECK))
    settings = settings_for(httpserver, tmp_path)
    assert load_deck(UUID, db, settings).counts() == {"sure_gamble": 5}
    assert cached_answer(tmp_path, "decklist", UUID, v2_url=v2)["success"] is True
    assert len(settings.warnings) == 1  # the damaged copy, fetched again: told once


def test_after_a_network_failure_the_run_stops_trying(
    httpserver: HTTPServer, tmp_path: Path, db: CardDB
) -> None:
    settings = DeckSettings(v2_url="http://127.0.0.1:9/api/2.0/public", cache_dir=tmp_path,
                            http=HttpSettings(retries=0))  # fmt: skip
    with pytest.raises(RemoteDeckError):
        load_deck(UUID, db, settings)
    assert settings.reachability.is_down

    # The same run, now pointed at a server that would answer: nothing is asked of it.
    httpserver.expect_request(f"/api/2.0/public/decklist/{UUID}").respond_with_json(envelope(DECK))
    same_run = replace(settings, v2_url=httpserver.url_for("/api/2.0/public"))
    with pytest.raises(RemoteDeckError) as info:
        load_deck("54321", db, same_run)
    line = info.value.one_line()
    assert line.startswith("not fetched: earlier") and "could not reach" in line
    assert httpserver.log == []

    # A deck cached by an earlier run is still served, with a warning.
    cache_deck(tmp_path, "decklist", UUID, envelope(DECK), v2_url=same_run.v2_url)
    loaded = obtain_deck(deck_source(UUID), db, same_run)
    assert loaded.deck.counts() == {"sure_gamble": 5}
    assert loaded.cached is not None and "earlier in this run" in loaded.cached.reason
    assert httpserver.log == []

    # A new run starts with a clean slate.
    fresh = load_deck(UUID, db, DeckSettings(v2_url=same_run.v2_url, cache_dir=tmp_path))
    assert fresh.problems == () and len(httpserver.log) == 1
