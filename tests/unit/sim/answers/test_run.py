"""A run: the request read once against the deck (its side, the tables to compute, every
group resolved), and problems solved once per problem."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from nrdeck.catalog import CardDB
from nrdeck.deck import DeckEntry
from nrdeck.errors import ExitCode, UsageError
from nrdeck.sim.answers.run import (
    DEFAULT_CLICK_DRAWS,
    Pool,
    Tally,
    base_pool,
    build_problem,
    deck_side,
    group_infos,
    group_key,
    prepare,
    resolve_group,
    section_specs,
    solve_problem,
)
from nrdeck.sim.ask import QueryError, parse_query
from nrdeck.sim.ask.request import SimRequest
from tests.unit.sim.answers.runs import CATALYST, SMALL, run_of
from tests.unit.sim.test_engine import make_deck


def test_a_run_reads_the_deck_and_resolves_every_group_once(db: CardDB) -> None:
    run = run_of(db, SMALL, queries=("econ>=1 & breaker>=2", "killer>=1"), mulligan="econ==0")
    assert run.side == "runner" and run.exact
    assert dict(run.counts) == {
        "sure_gamble": 2, "corroder": 1, "mimic": 1, "gordian_blade": 1, "diesel": 2,
    }  # fmt: skip
    assert list(run.used) == ["econ", "breaker", "killer"]
    assert run.rule is not None and run.rule.text == "econ==0" and run.mulligan_if


def test_a_keep_rule_mulligans_when_it_fails(db: CardDB) -> None:
    run = run_of(db, SMALL, queries=("econ>=1",), keep="breaker>=1")
    assert run.rule is not None and run.mulligan_if is False


def test_the_side_clicks_by_default_as_the_runner_does(db: CardDB) -> None:
    run = run_of(db, SMALL, queries=("econ>=1",))
    assert run.schedule.click_draws == DEFAULT_CLICK_DRAWS["runner"] == (1,)


def test_the_side_is_the_identitys_and_an_override_must_agree(db: CardDB) -> None:
    deck = make_deck(db, CATALYST, SMALL)
    assert deck_side(deck, db, None) == "runner"
    assert deck_side(deck, db, "runner") == "runner"
    for override in ("corp", "both"):
        with pytest.raises(UsageError) as caught:
            deck_side(deck, db, override)
        assert caught.value.exit_code is ExitCode.USAGE


def test_without_an_identity_the_cards_tell_the_side(db: CardDB) -> None:
    deck = replace(make_deck(db, CATALYST, SMALL), identity=None)
    assert deck_side(deck, db, None) == "runner"
    unknown = replace(deck, entries=(DeckEntry("no_such_card", 3),))
    assert deck_side(unknown, db, "corp") == "corp"  # only then does --side settle it
    with pytest.raises(UsageError):
        deck_side(unknown, db, None)


def test_a_deck_of_no_known_card_is_a_usage_error(db: CardDB) -> None:
    deck = replace(make_deck(db, CATALYST, SMALL), entries=(DeckEntry("no_such_card", 3),))
    with pytest.raises(UsageError):
        prepare(deck, db, SimRequest(queries=("econ>=1",)))


def test_the_tables_are_the_queries_then_the_report_else_the_sides_report() -> None:
    [given] = section_specs(SimRequest(queries=(" econ>=1 ",)), "runner")
    assert given.title == "Queries"
    assert [(c.label, c.query) for c in given.columns] == [("econ>=1", " econ>=1 ")]
    both = section_specs(SimRequest(queries=("econ>=1",), report="cards"), "runner")
    assert both[0].title == "Queries" and len(both) == 2
    assert section_specs(SimRequest(), "corp") == section_specs(SimRequest(report="corp"), "corp")
    assert section_specs(SimRequest(target="econ>=1>=50%@T1"), "runner") == []


def test_an_unknown_group_is_a_usage_error_naming_where_it_is(db: CardDB) -> None:
    query = " econ>=1 & nosuchgroup>=1"
    with pytest.raises(QueryError) as caught:
        run_of(db, SMALL, queries=("econ>=1", query))
    err = caught.value
    assert (err.what, err.query, err.at) == ("query", query.strip(), query.strip().index("no") + 1)
    assert "nosuchgroup" in err.problem and f"at character {err.at}" in err.message and err.hint
    with pytest.raises(QueryError) as rule:
        run_of(db, SMALL, queries=("econ>=1",), keep="econ>=1 | nosuchgroup>=1")
    assert (rule.value.what, rule.value.at) == ("--keep", 11)


def test_a_group_is_resolved_once_and_a_quoted_title_never_is_a_group(db: CardDB) -> None:
    run = run_of(db, SMALL, queries=('"Mimic">=1',))
    assert group_key("Mimic", True) != group_key("Mimic", False)
    once = resolve_group(run, "breaker", False, None)
    assert resolve_group(run, "breaker", False, None) is once
    assert once.weight("mimic") == 1 and once.weight("sure_gamble") == 0


def test_a_problem_is_solved_once_and_the_solver_tallied(db: CardDB) -> None:
    run = run_of(db, SMALL, queries=("breaker>=1",))
    pool = base_pool(run)
    problem = build_problem(run, pool, [parse_query("breaker>=1")], [5, 6, 7], True)
    tally = Tally()
    first = solve_problem(run, tally, problem, (0, 0))
    assert solve_problem(run, tally, problem, (0, 0)) is first
    assert len(run.memo) == 1 and tally.solvers and "mc" not in tally.solvers
    assert first.queries[0].at_turn[-1] == 1  # 7 cards seen of 7


def test_group_infos_count_the_pools_cards_and_hint_at_empty_groups(db: CardDB) -> None:
    run = run_of(db, SMALL, queries=("breaker>=1 & icebreaker>=0",))
    infos = {g.name: g for g in group_infos(run, base_pool(run))}
    assert infos["breaker"].cards == 3 and infos["breaker"].hint == ""
    empty = Pool("none", {"diesel": 2}, 2)
    assert all(g.cards == 0 for g in group_infos(run, empty))
