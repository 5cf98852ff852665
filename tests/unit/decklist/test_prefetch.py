"""prefetch: each distinct link of a run fetched once, failures kept per link."""

from __future__ import annotations

from pathlib import Path

from pytest_httpserver import HTTPServer

from nrdeck.app.decks import DeckSettings, LoadedDeck
from nrdeck.app.remote import prefetch
from nrdeck.carddb import CardDB
from nrdeck.errors import RemoteDeckError
from nrdeck.http import HttpSettings

GOOD = "0b7c2a1e-1d2c-4a5b-9c8d-0123456789ab"
PRIVATE = "0b7c2a1e-1d2c-4a5b-9c8d-0123456789ac"


def test_each_link_once_and_failures_per_link(
    httpserver: HTTPServer, tmp_path: Path, db: CardDB
) -> None:
    deck = {"id": 1, "uuid": GOOD, "name": "Rush", "cards": {"30076": 1, "30030": 3}}
    httpserver.expect_request(f"/api/2.0/public/decklist/{GOOD}").respond_with_json(
        {"data": [deck], "total": 1, "success": True}
    )
    httpserver.expect_request(f"/api/2.0/public/decklist/{PRIVATE}").respond_with_data(
        "", status=403
    )
    settings = DeckSettings(
        v2_url=httpserver.url_for("/api/2.0/public"), cache_dir=tmp_path,
        http=HttpSettings(retries=0),
    )  # fmt: skip
    link = f"https://netrunnerdb.com/en/decklist/{GOOD}/rush"
    calls: list[tuple[int, int, str]] = []
    found = prefetch(
        [link, "deck.txt", link, f"https://netrunnerdb.com/en/decklist/{PRIVATE}"],
        db,
        settings,
        lambda *call: calls.append(call),
    )
    assert list(found) == [link, f"https://netrunnerdb.com/en/decklist/{PRIVATE}"]
    good = found[link]
    assert isinstance(good, LoadedDeck) and good.deck.name == "Rush"
    bad = found[f"https://netrunnerdb.com/en/decklist/{PRIVATE}"]
    assert isinstance(bad, RemoteDeckError) and "private" in bad.message
    assert [c[:2] for c in calls] == [(1, 2), (2, 2)]
    assert len(httpserver.log) == 2  # the link named twice was fetched once
