"""A simulation's tables: a section per table asked for, rows over turns (or R&D accesses,
cut where every column is near-certain), columns cut to the rows shown with the first-met
summary over the whole horizon, and the footer saying how the odds were computed."""

from __future__ import annotations

from fractions import Fraction

from nrdeck.catalog import CardDB
from nrdeck.sim.answers.run import Tally, base_pool, prepare
from nrdeck.sim.answers.tables import (
    TOP_ROWS,
    assumptions,
    identity_title,
    method_line,
    policy_schedule,
    simulate_pool,
)
from nrdeck.sim.ask import build_schedule
from nrdeck.sim.ask.request import SimRequest
from tests.unit.sim.answers.runs import CATALYST, SMALL, run_of
from tests.unit.sim.test_engine import CORP_CARDS, make_deck


def test_a_table_of_queries_over_turns(db: CardDB) -> None:
    run = run_of(db, SMALL, queries=("breaker>=1", "econ>=2"), turns=1)
    sim = simulate_pool(run, base_pool(run))
    [section] = sim.sections
    assert (section.title, section.row_name, section.rows) == ("Queries", "turn", (0, 1))
    assert section.seen == (5, 6)
    assert [c.query for c in section.columns] == ["breaker>=1", "econ>=2"]
    for column in section.columns:
        assert len(column.odds.at_turn) == len(column.odds.met_by) == 2 == len(column.seen)
        assert column.first_met.within == 1 and column.first_met.end == 2  # 7 cards by T2
    assert sim.method == "exact" and not sim.random and sim.mulligan is None
    assert (sim.deck, sim.side, sim.deck_size) == ("Test deck", "runner", 7)
    assert sim.identity == identity_title(run) == CATALYST


def test_the_opening_hand_of_five_of_seven_cards(db: CardDB) -> None:
    run = run_of(db, SMALL, queries=("breaker>=1",), turns=0)
    [column] = simulate_pool(run, base_pool(run)).sections[0].columns
    # 5 cards of 7 always hold one of the 3 breakers: only 4 cards are not breakers
    assert column.odds.at_turn == (Fraction(1),)


def test_sample_hands_make_a_run_random_and_cards_get_their_table(db: CardDB) -> None:
    run = run_of(db, SMALL, queries=("econ>=1",), sample=2, report="cards")
    sim = simulate_pool(run, base_pool(run))
    assert len(sim.hands) == 2 and sim.random
    assert sim.cards is not None and [s.title for s in sim.sections] == ["Queries"]


def test_rd_accesses_run_until_near_certain_or_the_top_rows(db: CardDB) -> None:
    deck = make_deck(db, "Haas-Bioroid: Precision Design", CORP_CARDS)
    run = prepare(deck, db, SimRequest(report="rnd", fractions=True))
    top, points = simulate_pool(run, base_pool(run)).sections
    assert top.row_name == "accesses" and top.rows == tuple(range(1, TOP_ROWS + 1))
    assert top.note.startswith("R&D: 10 agendas in 49 ")
    last = [c.odds.met_by[-1] for c in points.columns]
    before = [c.odds.met_by[-2] for c in points.columns]
    assert all(p >= 0.999 for p in last) and not all(p >= 0.999 for p in before)


def test_a_columns_own_click_draws_replace_the_schedules() -> None:
    schedule = build_schedule("runner", 3, (1,), True, None)
    assert policy_schedule(schedule, None) is schedule
    assert policy_schedule(schedule, 3).click_draws == (3,)
    assert policy_schedule(schedule, 3).cards_seen(40, 2) == [
        5,
        8,
        11,
    ]  # no mandatory draw: 3 clicks a turn


def test_the_footer_names_the_deck_the_mulligan_and_the_method(db: CardDB) -> None:
    run = run_of(db, SMALL, queries=("econ>=1",), mulligan="breaker==0")
    tally = Tally(solvers={"closed"}, vectors=12)
    lines = assumptions(run, base_pool(run), tally)
    assert lines[0] == "deck: 7 cards (Runner)"
    assert lines[-1] == method_line(run, tally)
    assert any(line.startswith("mulligan: when breaker==0 holds") for line in lines)
    assert method_line(run, tally).startswith("method: exact: closed form")
    assert "seed" not in method_line(run, tally)


def test_the_seed_is_said_when_it_mattered(db: CardDB) -> None:
    run = run_of(db, SMALL, queries=("econ>=1",), seed=42)
    assert method_line(run, Tally(solvers={"mc"})).endswith("; seed 42")
    assert method_line(run, Tally()) == "method: exact"
