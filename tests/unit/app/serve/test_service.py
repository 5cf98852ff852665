"""The server's check service: many threads checking decks against one card database (as
``nrdeck serve``'s workers do) get the answers one thread gets; what fetching a link met is
logged."""

from __future__ import annotations

import logging
import sys
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import msgspec
import pytest
from pytest_httpserver import HTTPServer

from nrdeck.app.inputs.cards import DataSettings
from nrdeck.app.serve.service import CheckService, DeckRequest, ServeSettings
from nrdeck.decklist.nrdb_url import cache_path
from tests.fakes.nrdb_v2 import answer, deck_item
from tests.paths import EXAMPLES

THREADS = 8
ROUNDS = 3
# (deck file, format, tier): legal and illegal decks, lists in other languages, a misspelt
# card, decks out of their format's pool, both tiers
CASES = [
    ("standard-zahya.txt", "standard", "casual"),
    ("standard-zahya.txt", "standard", "competitive"),
    ("illegal-standard.txt", "standard", "casual"),
    ("illegal-standard-de.txt", "standard", "competitive"),
    ("sg-catalyst.txt", "system_gateway", "casual"),
    ("sg-catalyst.txt", "standard", "casual"),
    ("hoshiko-two.txt", "startup", "casual"),
    ("neh-fast-advance-2015.txt", "standard", "casual"),
    ("neh-fast-advance-2015.txt", "eternal", "competitive"),
    ("astro-weyland.txt", "startup", "competitive"),
]


def requests() -> list[DeckRequest]:
    found = [
        DeckRequest((EXAMPLES / name).read_text("utf-8"), format_id=fmt, tier=tier, name=name)
        for name, fmt, tier in CASES
    ]
    typo = found[0].deck.replace("Hedge Fund", "Hedge Fnd")
    return [*found, DeckRequest(typo, name="typo.txt")]


def answers(service: CheckService, asked: list[DeckRequest]) -> list[bytes]:
    return [msgspec.json.encode(service.check(r)) for r in asked]


@pytest.fixture
def switching_often() -> Iterator[None]:
    """Threads switch as often as the interpreter lets them: a race shows, if there is one."""
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    yield
    sys.setswitchinterval(before)


def test_many_threads_checking_against_one_database_get_one_threads_answers(
    switching_often: None,
) -> None:
    asked = requests()
    alone = answers(CheckService(ServeSettings(DataSettings(no_cache=True))), asked)
    service = CheckService(ServeSettings(DataSettings(no_cache=True)))  # a database none asked
    start = threading.Barrier(THREADS)

    def worker(offset: int) -> list[list[bytes]]:
        start.wait()  # every thread asks the cold database at once
        rotated = asked[offset % len(asked) :] + asked[: offset % len(asked)]
        found = [answers(service, rotated) for _ in range(ROUNDS)]
        back = offset % len(asked)
        return [f[-back:] + f[:-back] if back else f for f in found]

    with ThreadPoolExecutor(THREADS) as pool:
        results = list(pool.map(worker, range(THREADS)))
    for rounds in results:
        for found in rounds:
            assert found == alone


def test_a_damaged_cached_deck_is_fetched_again_and_the_server_logs_it(
    httpserver: HTTPServer, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """The server has no user to tell: its log is where the operator hears of the damage."""
    uuid = "0b7c2a1e-1d2c-4a5b-9c8d-0123456789ab"
    v2 = httpserver.url_for("/api/2.0/public")
    httpserver.expect_request(f"/api/2.0/public/decklist/{uuid}").respond_with_json(
        answer(deck_item(uuid, "Catalyst", {"30076": 1, "30030": 3}))
    )
    data = DataSettings(cache_dir=tmp_path, v2_url=v2)
    request = DeckRequest(f"https://netrunnerdb.com/en/decklist/{uuid}", format_id="startup")
    first = CheckService(ServeSettings(data)).check(request)
    entry = cache_path(tmp_path, "decklist", uuid, v2)
    entry.write_bytes(entry.read_bytes()[:-5])
    with caplog.at_level(logging.WARNING, logger="nrdeck.serve"):
        again = CheckService(ServeSettings(data)).check(request)  # a server started anew
    assert again.outcomes[0].result is not None and again.outcomes == first.outcomes
    logged = [r for r in caplog.records if r.name == "nrdeck.serve"]
    assert [r.levelno for r in logged] == [logging.WARNING] and uuid in logged[0].getMessage()
    assert len(httpserver.log) == 2
