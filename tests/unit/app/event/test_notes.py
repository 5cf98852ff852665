"""What an event adds to each deck's check: problems of one kind said once (with a few of
the cards they name), lists several players registered, and lists compared with another
roster's."""

from __future__ import annotations

import datetime as dt

import pytest
from msgspec.structs import replace

from nrdeck.app.event.notes import (
    GROUP_PHRASES,
    compare_lists,
    group_problems,
    identical_lists,
    list_key,
)
from nrdeck.catalog import CardDB
from nrdeck.deck import Deck, DeckEntry
from nrdeck.problems import Location, Problem, Severity
from nrdeck.results.event import EventDeck
from nrdeck.rules import InForce, Selection
from nrdeck.rules.selection import select
from tests.builders import checked_deck, failed_deck

HERE = Location("roster.csv", 2)


@pytest.fixture(scope="module")
def in_force(db: CardDB) -> InForce:
    return select(db, Selection(today=dt.date(2026, 1, 1), as_of=dt.date(2025, 10, 1)))


def pool(card: str, line: int) -> Problem:
    return Problem("not-in-card-pool", "m", cards=(card,), location=Location("d", line))


def test_one_problem_of_a_kind_is_said_as_it_is(db: CardDB, in_force: InForce) -> None:
    problem = Problem("banned", "Sting! is banned", cards=("sting",))
    [group] = group_problems([problem], db, in_force)
    assert (group.code, group.summary, group.problems, group.examples) == (
        "banned",
        problem.message,
        (problem,),
        (),
    )


def test_cards_rotated_out_apart_from_cards_never_in_the_pool(
    db: CardDB, in_force: InForce
) -> None:
    problems = [pool("corroder", 3), pool("sting", 4), pool("mimic", 5), pool("mimic", 9)]
    rotated, never = group_problems(problems, db, in_force)
    assert rotated.summary == f"3 {GROUP_PHRASES['not-in-card-pool:rotated']}"
    assert rotated.examples == ("Corroder", "Mimic")  # each card named once
    assert never.summary == never.problems[0].message  # one problem: said as it is
    assert {rotated.code, never.code} == {"not-in-card-pool"}


def test_errors_come_first_and_lines_stand_in_for_cards(db: CardDB, in_force: InForce) -> None:
    warning = Problem("competitive-delay", "w", cards=("x",), severity=Severity.WARNING)
    unknown = [Problem("unknown-card", "u", location=Location("d", n)) for n in (7, 8)]
    groups = group_problems([warning, *unknown], db, in_force)
    assert [g.code for g in groups] == ["unknown-card", "competitive-delay"]
    assert groups[0].examples == ("line 7", "line 8")
    assert groups[0].summary == f"2 {GROUP_PHRASES['unknown-card']}"


def test_a_kind_without_a_phrase_is_named_by_its_code(db: CardDB, in_force: InForce) -> None:
    twice = [Problem("deck-size", "m"), Problem("deck-size", "n")]
    [group] = group_problems(twice, db, in_force)
    assert group.summary == "2 deck-size problems" and group.examples == ()


def with_entries(deck: EventDeck, *entries: DeckEntry) -> EventDeck:
    assert deck.result is not None
    result = replace(deck.result, deck=replace(deck.result.deck, entries=entries))
    return replace(deck, outcome=replace(deck.outcome, result=result))


HEDGE = DeckEntry("hedge_fund", 3)


def test_a_list_is_its_identity_and_copies() -> None:
    a = with_entries(checked_deck("corp"), HEDGE, DeckEntry("ipo", 1))
    b = with_entries(checked_deck("corp"), DeckEntry("ipo", 1), DeckEntry("hedge_fund", 3))
    assert list_key(a) == list_key(b) is not None  # the order of lines does not matter
    assert list_key(checked_deck("corp")) is None  # no cards: nothing to compare
    assert list_key(failed_deck("corp", "parse-error", "m")) is None


def test_identical_lists_name_the_other_players_and_their_columns() -> None:
    deck = with_entries(checked_deck("corp"), HEDGE)
    runner_column = replace(deck, column="runner")
    players = [("Ana", [deck]), ("Bo", [deck]), ("Cy", [runner_column]), ("Di", [])]
    found = identical_lists(players, shown=1)
    assert found[(0, "corp")] == ((("Bo", "corp"),), 2)
    assert found[(2, "runner")] == ((("Ana", "corp"),), 2)
    assert set(found) == {(0, "corp"), (1, "corp"), (2, "runner")}


def test_one_player_registering_a_list_twice_is_not_a_copy() -> None:
    deck = with_entries(checked_deck("corp"), HEDGE)
    assert identical_lists([("Ana", [deck]), (" ana ", [deck])]) == {}


def test_each_list_is_compared_with_the_other_rosters(db: CardDB) -> None:
    mine = with_entries(checked_deck("corp"), HEDGE)
    assert mine.result is not None
    other = replace(mine.result.deck, entries=(DeckEntry("hedge_fund", 2),))
    same = replace(mine.result.deck, entries=(HEDGE,))
    comparisons, problems = compare_lists([mine], {"corp": same}, db, "old.csv", HERE)
    assert [c.diff.same for c in comparisons if c.diff] == [True] and problems == ()
    comparisons, problems = compare_lists([mine], {"corp": other}, db, "old.csv", HERE)
    [problem] = problems
    assert (problem.code, problem.severity, problem.location) == (
        "event-list-differs",
        Severity.WARNING,
        HERE,
    )
    assert comparisons[0].diff is not None and not comparisons[0].diff.same


def test_a_list_not_in_the_other_roster_is_noted_and_a_missing_one_is_not(db: CardDB) -> None:
    mine = with_entries(checked_deck("corp"), HEDGE)
    comparisons, problems = compare_lists([mine], None, db, "old.csv", HERE)
    assert [(c.column, c.diff) for c in comparisons] == [("corp", None)]
    assert comparisons[0].note and len(problems) == 1
    missing = failed_deck("runner", "event-deck-missing", "none")
    assert compare_lists([missing], None, db, "old.csv", HERE) == ((), ())
    absent: dict[str, Deck | None] = {"runner": None}
    assert compare_lists([missing], absent, db, "old.csv", HERE) == ((), ())
