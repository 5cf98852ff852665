"""Every request nrdeck makes says who it is: User-Agent nrdeck/<version>."""

from __future__ import annotations

from pathlib import Path

from pytest_httpserver import HTTPServer

from nrdeck import __version__
from nrdeck.app.decks import DeckSettings, load_deck
from nrdeck.carddb import CardDB
from nrdeck.http import HttpSettings, make_session, timeouts

AGENT = {"User-Agent": f"nrdeck/{__version__}"}
UUID = "0b7c2a1e-1d2c-4a5b-9c8d-0123456789ab"


def test_card_data_requests_carry_the_user_agent(httpserver: HTTPServer) -> None:
    httpserver.expect_request("/api/v3/public/formats", headers=AGENT).respond_with_json({})
    settings = HttpSettings(retries=0)
    with make_session(settings) as session:
        answer = session.get(httpserver.url_for("/api/v3/public/formats"), timeout=timeouts())
    assert answer.status_code == 200  # 500 when the header does not match
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
