"""The per-card table: every title of the deck, by type then title, with the exact chance
of at least one copy among the cards seen by the opening hand and turns 1 to 3."""

from __future__ import annotations

from fractions import Fraction
from math import comb

from nrdeck.catalog import CardDB
from nrdeck.sim.answers.cards import CARD_TURNS, card_table
from nrdeck.sim.answers.run import Tally, base_pool
from tests.unit.sim.answers.runs import run_of
from tests.unit.sim.test_engine import RUNNER_CARDS


def at_least_one(copies: int, seen: int, size: int) -> Fraction:
    return 1 - Fraction(comb(size - copies, seen), comb(size, seen))


def test_each_title_at_least_once_by_each_turn_is_the_hypergeometric(db: CardDB) -> None:
    run = run_of(db, queries=("econ>=1",))
    pool = base_pool(run)
    table = card_table(run, pool, Tally())
    assert table.turns == tuple(range(CARD_TURNS + 1))
    assert table.seen == tuple(run.schedule.cards_seen(pool.size, CARD_TURNS))
    assert {row.title: row.copies for row in table.cards} == RUNNER_CARDS
    for row in table.cards:
        expected = [at_least_one(row.copies, n, pool.size) for n in table.seen]
        assert list(row.by_turn) == expected, row.title


def test_titles_come_by_type_then_title(db: CardDB) -> None:
    run = run_of(db, queries=("econ>=1",))
    table = card_table(run, base_pool(run), Tally())
    keys = [(db.card_by_title(r.title).type, r.title) for r in table.cards]  # type: ignore[union-attr]
    assert keys == sorted(keys)


def test_fewer_turns_asked_make_a_shorter_table(db: CardDB) -> None:
    run = run_of(db, queries=("econ>=1",), turns=1)
    table = card_table(run, base_pool(run), Tally())
    assert table.turns == (0, 1) and all(len(r.by_turn) == 2 for r in table.cards)


def test_a_mulligan_rule_is_applied_and_its_rate_kept(db: CardDB) -> None:
    run = run_of(db, queries=("econ>=1",), mulligan="breaker==0", turns=1)
    tally = Tally()
    table = card_table(run, base_pool(run), tally)
    assert tally.mulligan_rate is not None and 0 < tally.mulligan_rate < 1
    plain = card_table(run_of(db, queries=("econ>=1",), turns=1), base_pool(run), Tally())
    with_rule = {r.title: r.by_turn[0] for r in table.cards}
    without = {r.title: r.by_turn[0] for r in plain.cards}
    assert with_rule["Corroder"] > without["Corroder"]  # a hand without breakers goes back
