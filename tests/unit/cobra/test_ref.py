"""What TOURNAMENT and --cobra-url name: ids, tournament pages, short links, this Cobra only."""

from __future__ import annotations

from urllib.parse import parse_qs

import pytest

from nrdeck.cli.event import cobra_settings
from nrdeck.cobra import (
    DEFAULT_COBRA_URL,
    TournamentRef,
    base_url,
    players_url,
    tournament_ref,
    tournament_url,
)
from nrdeck.errors import UsageError
from tests.fakes.cobra import API

BASE = DEFAULT_COBRA_URL
PUBLIC_HOST = "tournaments.nullsignal.games"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("5871", TournamentRef(BASE, id=5871)),
        (" 5871 ", TournamentRef(BASE, id=5871)),
        ("k7qz", TournamentRef(BASE, slug="K7QZ")),
        ("https://tournaments.nullsignal.games/tournaments/5871", TournamentRef(BASE, id=5871)),
        ("tournaments.nullsignal.games/tournaments/5871/players", TournamentRef(BASE, id=5871)),
        (
            "https://tournaments.nullsignal.games/beta/tournaments/5871",
            TournamentRef(BASE, id=5871),
        ),
        ("https://tournaments.nullsignal.games/K7QZ", TournamentRef(BASE, slug="K7QZ")),
        ("http://cobr.ai/k7qz/", TournamentRef(BASE, slug="K7QZ")),
        ("https://www.cobr.ai/tournaments/12", TournamentRef(BASE, id=12)),
    ],
)
def test_what_a_tournament_is_named_by(text: str, expected: TournamentRef) -> None:
    assert tournament_ref(text, BASE) == expected


def test_a_url_of_the_configured_cobra_is_read_on_it() -> None:
    base = "http://127.0.0.1:8766"
    assert tournament_ref(f"{base}/tournaments/7304", base) == TournamentRef(base, id=7304)
    assert tournament_ref(f"{base}/M2XD", base) == TournamentRef(base, slug="M2XD")


@pytest.mark.parametrize(
    "text",
    ["https://elsewhere.example/tournaments/1", "K7QZ1", "tournaments/x", "", "https://[::1"],
)
def test_anything_else_is_a_usage_error(text: str) -> None:
    with pytest.raises(UsageError):
        tournament_ref(text, BASE)


def test_the_urls_asked() -> None:
    tournament, query = tournament_url(BASE, 5871).split("?")
    assert tournament == f"{BASE}{API}/tournaments/5871"
    assert parse_qs(query)["include"][0].split(",") == [
        "tournament_type",
        "format",
        "deckbuilding_restriction",
        "card_set",
    ]
    players, query = players_url(BASE, 5871).split("?")
    assert players == f"{tournament}/players"
    assert parse_qs(query) == {"page[size]": ["1000"], "sort": ["id"]}


def test_the_cobra_url_option_then_the_environment_then_the_public_host(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("NRDECK_COBRA_URL", raising=False)
    assert cobra_settings("5871").base_url == f"https://{PUBLIC_HOST}"
    monkeypatch.setenv("NRDECK_COBRA_URL", "http://127.0.0.1:1")
    assert cobra_settings("5871").base_url == "http://127.0.0.1:1"
    assert cobra_settings("5871", "http://127.0.0.1:2").base_url == "http://127.0.0.1:2"
    assert base_url("https://cobra.example/") == "https://cobra.example"
    with pytest.raises(UsageError):
        base_url("cobra.example")
