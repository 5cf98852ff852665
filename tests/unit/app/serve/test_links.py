"""A server's answers for NetrunnerDB links: kept a while (a failure less long), at most so
many, and fetched once however many ask at the same time."""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

from msgspec.structs import replace

from nrdeck.app.serve.links import (
    KEEP_AT_MOST,
    KEEP_FAILED_SECONDS,
    KEEP_SECONDS,
    LinkAnswers,
)
from nrdeck.results.check import DeckOutcome
from tests.builders import checked_outcome, legal_result, unavailable_outcome


class Clock:
    """A clock the test moves."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def counting(outcome: DeckOutcome) -> tuple[list[int], Callable[[], DeckOutcome]]:
    calls: list[int] = []

    def fetch() -> DeckOutcome:
        calls.append(1)
        return outcome

    return calls, fetch


def test_an_answer_is_kept_for_a_while_then_fetched_again() -> None:
    clock = Clock()
    links = LinkAnswers(clock)
    calls, fetch = counting(checked_outcome(legal_result()))
    first = links.answer("a", fetch)
    clock.now += KEEP_SECONDS - 1
    assert links.answer("a", fetch) is first and len(calls) == 1
    clock.now += 2
    links.answer("a", fetch)
    assert len(calls) == 2


def test_a_deck_not_given_is_asked_again_sooner() -> None:
    clock = Clock()
    links = LinkAnswers(clock)
    calls, fetch = counting(unavailable_outcome())
    links.answer("a", fetch)
    clock.now += KEEP_FAILED_SECONDS + 1
    links.answer("a", fetch)
    assert len(calls) == 2 and KEEP_FAILED_SECONDS < KEEP_SECONDS


def test_each_key_has_its_own_answer() -> None:
    links = LinkAnswers(Clock())
    legal = checked_outcome(legal_result())
    other = replace(legal, source="other")
    assert links.answer("a", lambda: legal) is legal
    assert links.answer("b", lambda: other) is other
    assert links.answer("a", lambda: other) is legal


def test_at_most_so_many_answers_are_kept_the_oldest_going_first() -> None:
    links = LinkAnswers(Clock())
    outcome = checked_outcome(legal_result())
    for key in range(KEEP_AT_MOST + 1):
        links.answer(key, lambda: outcome)
    calls, fetch = counting(outcome)
    links.answer(KEEP_AT_MOST, fetch)
    assert calls == []  # the newest is kept
    links.answer(0, fetch)
    assert calls == [1]  # the oldest was let go


def test_callers_asking_at_once_share_one_fetch() -> None:
    links = LinkAnswers(Clock())
    started, release = threading.Event(), threading.Event()
    calls: list[int] = []
    outcome = checked_outcome(legal_result())

    def slow() -> DeckOutcome:
        calls.append(1)
        started.set()
        release.wait(10)
        return outcome

    with ThreadPoolExecutor(4) as pool:
        first = pool.submit(links.answer, "a", slow)
        assert started.wait(10)
        others = [pool.submit(links.answer, "a", slow) for _ in range(3)]
        release.set()
        answers = [f.result(10) for f in (first, *others)]
    assert calls == [1] and all(a is outcome for a in answers)
