"""The server's check service: many threads checking decks against one card database (as
``nrdeck serve``'s workers do) get the answers one thread gets."""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import msgspec
import pytest

from nrdeck.app.inputs.cards import DataSettings
from nrdeck.app.serve.service import CheckService, DeckRequest, ServeSettings
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
