"""The simulation core on decks built directly: sections, methods, mulligan, samples, errors."""

from __future__ import annotations

import pytest

from nrdeck.catalog import CardDB
from nrdeck.deck import Deck, DeckEntry
from nrdeck.errors import UsageError
from nrdeck.sim.ask.query import QueryError
from nrdeck.sim.ask.request import SimRequest
from nrdeck.sim.engine import simulate_deck
from nrdeck.sim.solvers.exact import hypergeom_at_least


def make_deck(db: CardDB, identity: str | None, titles: dict[str, int]) -> Deck:
    entries = []
    for title, n in titles.items():
        card = db.card_by_title(title)
        assert card is not None, title
        entries.append(DeckEntry(card.id, n))
    ident = None
    if identity:
        card = db.card_by_title(identity)
        assert card is not None
        ident = DeckEntry(card.id, 1)
    return Deck(source="test", name="Test deck", identity=ident, entries=tuple(entries))


CORP_CARDS = {
    "Hedge Fund": 3, "IPO": 3, "Ice Wall": 3, "Enigma": 3, "Rototurret": 3, "Hagen": 3,
    "Eli 1.0": 3, "Priority Requisition": 3, "Project Atlas": 3, "Hostile Takeover": 3,
    "Send a Message": 1, "PAD Campaign": 3, "Spin Doctor": 3, "Government Subsidy": 3,
    "Regolith Mining License": 3, "Gold Farmer": 3, "Wall of Static": 3,
}  # fmt: skip
RUNNER_CARDS = {
    "Sure Gamble": 3, "Corroder": 2, "Gordian Blade": 2, "Mimic": 2, "Daily Casts": 3,
    "Dirty Laundry": 3, "Overclock": 3, "Diesel": 3, "Jailbreak": 3, "Kati Jones": 3,
    "Liberated Account": 3, "Easy Mark": 3, "Mayfly": 3, "Carmen": 3, "Unity": 3, "Cleaver": 2,
}  # fmt: skip


@pytest.fixture(scope="module")
def corp(db: CardDB) -> Deck:
    return make_deck(db, "Haas-Bioroid: Precision Design", CORP_CARDS)


@pytest.fixture(scope="module")
def runner(db: CardDB) -> Deck:
    return make_deck(db, "The Catalyst: Convention Breaker", RUNNER_CARDS)


def test_corp_default_report_matches_the_hypergeometric(db: CardDB, corp: Deck) -> None:
    sim = simulate_deck(corp, db, SimRequest(seed=1))
    assert sim.side == "corp" and sim.deck_size == 49 and sim.method == "exact"
    flood = sim.sections[0]
    assert flood.rows == tuple(range(12)) and flood.seen == tuple(range(5, 17))
    three = flood.columns[1]
    assert three.query == "agenda>=3"
    agendas = 10
    for turn, seen in zip(flood.rows, flood.seen, strict=True):
        expected = float(hypergeom_at_least(49, agendas, seen, 3))
        assert three.odds.at_turn[turn] == pytest.approx(expected, abs=1e-12)
    assert any("mandatory" in line for line in sim.assumptions)


def test_queries_with_mulligan_and_keep(db: CardDB, runner: Deck) -> None:
    request = SimRequest(queries=("econ>=1 & breaker>=1",), mulligan="breaker==0", seed=2)
    sim = simulate_deck(runner, db, request)
    assert sim.sections[0].title == "Queries"
    assert sim.mulligan == "breaker==0" and sim.mulligan_rate is not None
    assert 0 < sim.mulligan_rate < 0.5
    keep = simulate_deck(runner, db, SimRequest(queries=request.queries, keep="breaker>=1"))
    assert keep.sections[0].columns[0].odds == sim.sections[0].columns[0].odds
    assert any("taken in" in a for a in sim.assumptions)
    # the Runner clicks once to draw each turn unless told otherwise
    assert sim.sections[0].seen[:3] == (5, 6, 7)


def test_method_mc_reports_samples_and_seed(db: CardDB, runner: Deck) -> None:
    request = SimRequest(queries=("killer>=1",), method="mc", games=20_000, seed=9)
    sim = simulate_deck(runner, db, request)
    column = sim.sections[0].columns[0]
    assert column.method == "mc" and column.samples == 20_000 and column.odds.ci95
    [method] = [a for a in sim.assumptions if a.startswith("method: Monte Carlo")]
    assert "20000 games" in method and "95%" in method and method.endswith("; seed 9")
    assert simulate_deck(runner, db, request) == sim
    exact = simulate_deck(runner, db, SimRequest(queries=("killer>=1",)))
    for p, (low, high) in zip(exact.sections[0].columns[0].odds.at_turn, column.odds.ci95,
                              strict=True):  # fmt: skip
        assert low - 0.01 <= p <= high + 0.01


def test_auto_says_why_it_falls_back_to_monte_carlo(db: CardDB, runner: Deck) -> None:
    request = SimRequest(queries=("econ>=2 & breaker>=2",), exact_budget=1e-9, games=5_000)
    sim = simulate_deck(runner, db, request)
    assert sim.method == "mc" and sim.random
    reason = next(a for a in sim.assumptions if a.startswith("Monte Carlo for econ>=2"))
    assert "estimated at" in reason and "--exact-budget" in reason
    forced = simulate_deck(runner, db, SimRequest(queries=request.queries, exact_budget=1e-9,
                                                  method="exact"))  # fmt: skip
    assert forced.method == "exact" and not forced.random


def test_reports(db: CardDB, corp: Deck, runner: Deck) -> None:
    rnd = simulate_deck(corp, db, SimRequest(report="rnd"))
    top, points = rnd.sections
    assert top.row_name == "accesses" and top.rows == tuple(range(1, 11))
    assert top.columns[0].odds.at_turn[0] == pytest.approx(10 / 49)
    for figure in ("10 agendas", "49 cards", "(20.4% of cards)", "21 agenda points"):
        assert figure in top.note
    assert points.columns[0].odds.met_by[-1] >= 0.999
    assert points.columns[0].first_met.median is not None
    assert points.columns[0].query == "runner_points>=7"
    policies = simulate_deck(runner, db, SimRequest(report="runner")).sections[1]
    finals = [c.odds.at_turn[-1] for c in policies.columns]
    assert finals == sorted(finals)  # more click-draws, more complete rigs
    with pytest.raises(UsageError, match="Runner decks"):
        simulate_deck(corp, db, SimRequest(report="runner"))


def test_unknown_group_names_the_query_and_where_in_it(db: CardDB, runner: Deck) -> None:
    with pytest.raises(QueryError) as info:
        simulate_deck(runner, db, SimRequest(queries=("econ>=1 & brekaer>=1",)))
    assert (info.value.query, info.value.at) == ("econ>=1 & brekaer>=1", 11)
    assert "brekaer" in info.value.one_line() and "at character 11" in info.value.one_line()


def test_sample_hands_are_seeded_and_tagged(db: CardDB, runner: Deck) -> None:
    request = SimRequest(queries=("breaker>=1",), sample=4, seed=11, mulligan="breaker==0")
    sim = simulate_deck(runner, db, request)
    assert len(sim.hands) == 4 and all(len(h.cards) == 5 for h in sim.hands)
    assert simulate_deck(runner, db, request).hands == sim.hands
    for hand in sim.hands:
        for card in hand.cards:
            if card.title == "Corroder":
                assert set(card.groups) >= {"breaker"}
        if not hand.mulliganed:
            assert any("breaker" in c.groups for c in hand.cards)


def test_andromeda_opens_with_nine(db: CardDB) -> None:
    deck = make_deck(db, "Andromeda: Dispossessed Ristie", RUNNER_CARDS)
    sim = simulate_deck(deck, db, SimRequest(queries=("killer>=1",), sample=1))
    assert sim.sections[0].seen[0] == 9 and len(sim.hands[0].cards) == 9
    assert any("Andromeda" in a for a in sim.assumptions)


def test_bad_requests(db: CardDB, corp: Deck) -> None:
    for request, fragment in (
        (SimRequest(method="quantum"), "--method"),
        (SimRequest(mulligan="ice==0", keep="ice>=1"), "exclusive"),
        (SimRequest(turns=-1), "--turns"),
        (SimRequest(side="both"), "--side"),
        (SimRequest(click_draws="5"), "--click-draws"),
    ):
        with pytest.raises(UsageError, match=fragment):
            simulate_deck(corp, db, request)
    empty = Deck(source="empty.txt", name=None, identity=None, entries=())
    with pytest.raises(UsageError):
        simulate_deck(empty, db, SimRequest(side="corp"))
