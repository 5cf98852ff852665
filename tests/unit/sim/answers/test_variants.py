"""Variants of a deck: ``--sweep NAME=a..b`` keeps the deck's size (added copies replace
cards in no group, cut ones become such cards), ``--pad`` adds blank cards, ``--compare``
sets two lists of one side side by side."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from nrdeck.catalog import CardDB
from nrdeck.errors import ExitCode, UsageError
from nrdeck.sim.answers.run import base_pool, group_key, prepare
from nrdeck.sim.answers.variants import (
    MAX_VARIANTS,
    parse_sweep,
    pool_with,
    sweep_item,
    variant_pools,
)
from nrdeck.sim.ask.request import SimRequest
from tests.unit.sim.answers.runs import CATALYST, SMALL, run_of
from tests.unit.sim.test_engine import CORP_CARDS, make_deck


@pytest.mark.parametrize(
    ("text", "parsed"),
    [
        ("Sure Gamble=1..3", ("Sure Gamble", False, 1, 3)),
        (" breaker = 4 .. 8 ", ("breaker", False, 4, 8)),
        ('"econ"=2', ("econ", True, 2, 2)),  # quoted: a title, never the group
        ("'Mimic'=0..1", ("Mimic", True, 0, 1)),
        (f"x=0..{MAX_VARIANTS - 1}", ("x", False, 0, MAX_VARIANTS - 1)),
    ],
)
def test_a_sweep_is_a_name_and_a_range(text: str, parsed: tuple[str, bool, int, int]) -> None:
    assert parse_sweep(text) == parsed


@pytest.mark.parametrize("text", ["x", "x=a..b", "=1..2", "x=3..1", f"x=0..{MAX_VARIANTS}"])
def test_a_sweep_that_is_no_range_or_too_long_is_a_usage_error(text: str) -> None:
    with pytest.raises(UsageError) as caught:
        parse_sweep(text)
    assert caught.value.exit_code is ExitCode.USAGE


def test_a_title_swept_replaces_or_becomes_cards_in_no_group(db: CardDB) -> None:
    run = run_of(db, SMALL, queries=("breaker>=1",))
    item = sweep_item(run, "Sure Gamble", False)
    assert (item.card_id, item.key, item.current, item.fixed) == ("sure_gamble", None, 2, 0)
    assert item.free == 2  # the Diesels: in no group of the run
    for copies in (0, 1, 4):
        pool = pool_with(run, item, copies, f"{copies}")
        assert pool.size == base_pool(run).size == 7
        assert pool.counts.get("sure_gamble", 0) == copies


def test_more_copies_than_cards_to_replace_is_a_usage_error(db: CardDB) -> None:
    run = run_of(db, SMALL, queries=("breaker>=1",))
    item = sweep_item(run, "Sure Gamble", False)
    with pytest.raises(UsageError) as caught:
        pool_with(run, item, item.current + item.free + 1, "x")
    assert caught.value.hint


def test_a_group_swept_varies_its_generic_members(db: CardDB) -> None:
    run = run_of(db, SMALL, queries=("breaker>=1",))
    item = sweep_item(run, "breaker", False)
    assert (item.card_id, item.key, item.current, item.fixed) == (None, "breaker", 3, 0)
    pool = pool_with(run, item, 5, "5")
    assert not {"corroder", "mimic", "gordian_blade"} & set(pool.counts)
    [generic] = pool.extra[group_key("breaker", False)]
    assert pool.counts[generic] == 5 and pool.size == 7


def test_group_cards_counted_in_another_group_stay(db: CardDB) -> None:
    run = run_of(db, SMALL, queries=("breaker>=1 & killer>=1",))
    item = sweep_item(run, "breaker", False)
    assert item.fixed == 1  # Mimic is a killer too
    with pytest.raises(UsageError):
        pool_with(run, item, 0, "0")
    assert pool_with(run, item, 1, "1").counts["mimic"] == 1


def test_an_unknown_title_is_a_usage_error(db: CardDB) -> None:
    with pytest.raises(UsageError) as caught:
        sweep_item(run_of(db, SMALL, queries=("breaker>=1",)), "No Such Card", False)
    assert caught.value.exit_code is ExitCode.USAGE


def test_a_sweep_makes_one_variant_per_count(db: CardDB) -> None:
    run = run_of(db, SMALL, queries=("breaker>=1",), sweep="Sure Gamble=1..3")
    kind, pools, note = variant_pools(run, None)
    assert kind == "sweep" and note
    assert [label for label, _, _ in pools] == ["1 copies", "2 copies", "3 copies"]
    assert {pool.size for _, _, pool in pools} == {7}


def test_pad_adds_blank_cards_beside_the_deck_as_it_is(db: CardDB) -> None:
    run = run_of(db, SMALL, queries=("breaker>=1",), pad=3)
    kind, pools, _ = variant_pools(run, None)
    (first, _, deck), (second, _, padded) = pools
    assert kind == "pad" and (first, second) == ("7 cards", "10 cards")
    assert padded.counts == deck.counts and (deck.size, padded.size) == (7, 10)


def test_compare_sets_two_decks_side_by_side_told_apart_by_source(db: CardDB) -> None:
    request = SimRequest(queries=("econ>=1",), fractions=True)
    decks = [
        replace(make_deck(db, CATALYST, titles), source=source)
        for titles, source in ((SMALL, "a.txt"), ({**SMALL, "Diesel": 3}, "b.txt"))
    ]
    run, other = (prepare(deck, db, request) for deck in decks)
    kind, pools, _ = variant_pools(run, other)
    assert kind == "compare" and [p.size for _, _, p in pools] == [7, 8]
    assert [label for label, _, _ in pools] == ["a.txt", "b.txt"]  # both named "Test deck"


def test_compare_needs_two_decks_of_one_side(db: CardDB) -> None:
    corp = make_deck(db, "Haas-Bioroid: Precision Design", CORP_CARDS)
    run = run_of(db, SMALL, queries=("econ>=1",))
    with pytest.raises(UsageError) as caught:
        variant_pools(run, prepare(corp, db, SimRequest(queries=("econ>=1",))))
    assert caught.value.exit_code is ExitCode.USAGE and caught.value.hint
