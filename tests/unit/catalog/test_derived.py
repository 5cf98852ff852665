"""The derived indexes of a card database: built once, whichever thread asks first; a key the
database does not know is answered and not kept."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

from nrdeck.catalog import CardDB
from nrdeck.catalog.derived import ByKey, Lazy

READERS = 8


def test_a_lazy_value_is_built_once_while_every_reader_waits_for_it() -> None:
    lock = threading.RLock()
    started, release = threading.Event(), threading.Event()
    builds: list[int] = []

    def build() -> list[int]:
        builds.append(1)
        started.set()
        release.wait()  # every other reader arrives while the first one builds
        return [len(builds)]

    lazy = Lazy(build, lock)
    with ThreadPoolExecutor(READERS) as pool:
        first = pool.submit(lazy)
        started.wait()
        others = [pool.submit(lazy) for _ in range(READERS - 1)]
        release.set()
        values = [first.result(), *(f.result() for f in others)]
    assert builds == [1]
    assert all(v is values[0] for v in values)


def test_by_key_keeps_the_databases_keys_and_answers_others_without_keeping_them() -> None:
    asked: list[str] = []

    def build(key: str) -> int:
        asked.append(key)
        return len(key)

    index = ByKey(build, threading.RLock(), known={"hedge_fund"})
    assert index["hedge_fund"] == index["hedge_fund"] == len("hedge_fund")
    assert index["no_such_card"] == index["no_such_card"] == len("no_such_card")
    assert asked == ["hedge_fund", "no_such_card", "no_such_card"]
    assert dict(index) == {"hedge_fund": len("hedge_fund")}


def test_a_databases_indexes_are_the_same_objects_from_every_thread(db: CardDB) -> None:
    fresh = CardDB(
        cards=db.cards.values(),
        printings=db.printings.values(),
        sets=db.sets.values(),
        cycles=db.cycles.values(),
        factions=db.factions.values(),
        subtypes=db.subtypes.values(),
        card_pools=db.card_pools.values(),
    )
    card_ids = sorted(fresh.cards)[:200]

    def read(_: int) -> tuple[object, ...]:
        derived = fresh.derived
        sets = tuple(fresh.sets_of(c) for c in card_ids)
        return (derived.titles(), derived.loose_titles(), derived.printings_by_card(), *sets)

    with ThreadPoolExecutor(READERS) as pool:
        answers = list(pool.map(read, range(READERS * 4)))
    assert all(len(a) == len(answers[0]) for a in answers)
    for answer in answers:
        assert all(x is y for x, y in zip(answer, answers[0], strict=True))
