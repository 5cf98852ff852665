"""The what-if answers, exactly, against brute force over every ordering of small decks:
--sweep, --pad, --compare, --target, --optimal-mulligan and --report cards."""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from itertools import permutations

import pytest

from nrdeck.catalog import CardDB
from nrdeck.deck import Deck
from nrdeck.errors import UsageError
from nrdeck.sim.ask.query import parse_query
from nrdeck.sim.ask.request import SimRequest
from nrdeck.sim.engine import compare_decks, simulate_deck
from tests.unit.sim.brute import brute, truth
from tests.unit.sim.test_engine import make_deck

IDENTITY = "The Catalyst: Convention Breaker"
SMALL = {"Sure Gamble": 2, "Corroder": 1, "Mimic": 1, "Gordian Blade": 1, "Diesel": 2}
IDS = {
    "Sure Gamble": "sure_gamble", "Corroder": "corroder", "Mimic": "mimic",
    "Gordian Blade": "gordian_blade", "Diesel": "diesel",
}  # fmt: skip
BREAKERS = {"corroder": 1, "mimic": 1, "gordian_blade": 1}
GROUPS = {
    "econ": {"sure_gamble": 1},
    "breaker": BREAKERS,
    "killer": {"mimic": 1},
    "Sure Gamble": {"sure_gamble": 1},
}
SEEN = [5, 6, 7]  # the Runner's hand, then one click-draw on each of two turns
QUERY = "econ>=1 & breaker>=2"


def ids(titles: dict[str, int], blanks: int = 0) -> dict[str, int]:
    deck = {IDS[t]: n for t, n in titles.items() if n}
    return {**deck, "blank": blanks} if blanks else deck


def request(**kwargs: object) -> SimRequest:
    return SimRequest(turns=2, fractions=True, **kwargs)  # type: ignore[arg-type]


@pytest.fixture(scope="module")
def small(db: CardDB) -> Deck:
    return make_deck(db, IDENTITY, SMALL)


def test_the_deck_itself(db: CardDB, small: Deck) -> None:
    sim = simulate_deck(small, db, request(queries=(QUERY,), mulligan="breaker==0"))
    at, _, rate = brute(ids(SMALL), GROUPS, [QUERY], SEEN, "breaker==0")
    assert list(sim.sections[0].columns[0].odds.at_turn) == at[0]
    assert sim.mulligan_rate == float(rate)


def test_sweep_keeps_the_deck_size(db: CardDB, small: Deck) -> None:
    comparison = compare_decks(small, db, request(queries=(QUERY,), sweep="Sure Gamble=1..3"))
    assert [v.label for v in comparison.variants] == ["1 copies", "2 copies", "3 copies"]
    for k, variant in zip((1, 2, 3), comparison.variants, strict=True):
        deck = ids({**SMALL, "Sure Gamble": k, "Diesel": 4 - k})  # copies replace Diesels
        at, _, _ = brute(deck, GROUPS, [QUERY], SEEN)
        assert variant.simulation.deck_size == 7
        assert list(variant.simulation.sections[0].columns[0].odds.at_turn) == at[0]


def test_sweep_of_a_group_adds_generic_members(db: CardDB, small: Deck) -> None:
    comparison = compare_decks(small, db, request(queries=("killer>=1",), sweep="killer=0..2"))
    for k, variant in zip((0, 1, 2), comparison.variants, strict=True):
        deck = {"killer": k, "other": 7 - k}
        at, _, _ = brute(deck, {"killer": {"killer": 1}}, ["killer>=1"], SEEN)
        assert list(variant.simulation.sections[0].columns[0].odds.at_turn) == at[0]
    with pytest.raises(UsageError, match="outside the queries' groups"):
        compare_decks(small, db, request(queries=("killer>=1",), sweep="killer=8..9"))


def test_pad_adds_blank_cards(db: CardDB, small: Deck) -> None:
    comparison = compare_decks(small, db, request(queries=(QUERY,), pad=1))
    assert [v.simulation.deck_size for v in comparison.variants] == [7, 8]
    for blanks, variant in zip((0, 1), comparison.variants, strict=True):
        at, _, _ = brute(ids(SMALL, blanks), GROUPS, [QUERY], SEEN)
        assert list(variant.simulation.sections[0].columns[0].odds.at_turn) == at[0]


def test_compare_two_decks(db: CardDB, small: Deck) -> None:
    other_titles = {**SMALL, "Mimic": 0, "Diesel": 3}
    other = make_deck(db, IDENTITY, other_titles)
    comparison = compare_decks(small, db, request(queries=(QUERY, "killer>=1")), other)
    for titles, variant in zip((SMALL, other_titles), comparison.variants, strict=True):
        at, _, _ = brute(ids(titles), GROUPS, [QUERY, "killer>=1"], SEEN)
        columns = variant.simulation.sections[0].columns
        assert [list(c.odds.at_turn) for c in columns] == at
    corp = make_deck(db, "Haas-Bioroid: Precision Design", {"Hedge Fund": 3})
    with pytest.raises(UsageError, match="is a Corp deck"):
        compare_decks(small, db, request(queries=(QUERY,)), corp)


def test_target_finds_the_fewest_copies(db: CardDB, small: Deck) -> None:
    sim = simulate_deck(small, db, request(target='"Sure Gamble">=1>=80%@T1'))
    assert sim.target is not None
    chances = []
    for k in range(0, 4):
        deck = ids({**SMALL, "Sure Gamble": k, "Diesel": 4 - k})
        at, _, _ = brute(deck, GROUPS, ['"Sure Gamble">=1'], SEEN)
        chances.append(at[0][1])
    fewest = next(k for k, p in enumerate(chances) if p >= Fraction(4, 5))
    assert sim.target.fewest == fewest
    assert [s.chance for s in sim.target.steps] == chances[: fewest + 1]


def test_optimal_mulligan_against_brute_force(db: CardDB, small: Deck) -> None:
    goal = "econ>=2 & killer>=1"
    sim = simulate_deck(small, db, request(optimal_mulligan=f"{goal}@T1"))
    opt = sim.optimal
    assert opt is not None and set(opt.classes) == {"econ", "killer"}
    cards = [c for c, n in ids(SMALL).items() for _ in range(n)]
    orders = list(permutations(range(len(cards))))
    query = parse_query(goal)
    ways: dict[tuple[int, ...], int] = defaultdict(int)
    hits: dict[tuple[int, ...], int] = defaultdict(int)
    for order in orders:
        hand = [cards[i] for i in order[:5]]
        count = {name: sum(GROUPS[name].get(c, 0) for c in hand) for name in opt.classes}
        key = tuple(count[name] for name in opt.classes)
        ways[key] += 1
        hits[key] += truth(query, GROUPS, [[cards[i] for i in order[:n]] for n in SEEN], 1)
    total = len(orders)
    fresh = Fraction(sum(hits.values()), total)
    value = {k: Fraction(hits[k], ways[k]) for k in ways}
    best = sum(Fraction(ways[k], total) * max(value[k], fresh) for k in ways)
    assert opt.never == fresh and opt.optimal == best and opt.optimal > opt.never
    by_hand = {c.counts: c for c in opt.choices}
    assert set(by_hand) == set(ways)
    for key, choice in by_hand.items():
        assert choice.chance == Fraction(ways[key], total)
        assert choice.goal_if_kept == value[key]
        assert choice.keep == (value[key] >= fresh)
    assert opt.mulligan_rate == sum(Fraction(ways[k], total) for k in ways if value[k] < fresh)
    assert opt.rule.startswith("keep a hand") and "at least" in opt.rule


def test_cards_report_against_brute_force(db: CardDB, small: Deck) -> None:
    sim = simulate_deck(small, db, request(report="cards", mulligan="breaker==0"))
    assert sim.cards is not None and sim.sections == ()
    titles = {c.title: c for c in sim.cards.cards}
    assert set(titles) == set(SMALL)
    for title, row in titles.items():
        groups = {**GROUPS, title: {IDS[title]: 1}}
        at, _, _ = brute(ids(SMALL), groups, [f'"{title}">=1'], [5, 6, 7], "breaker==0")
        assert list(row.by_turn) == at[0], title
        assert row.copies == SMALL[title]
