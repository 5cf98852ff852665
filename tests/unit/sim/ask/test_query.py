"""The query language: grammar, verdicts, monotonicity, and one-line errors saying where."""

from __future__ import annotations

import pytest

from nrdeck.errors import UsageError
from nrdeck.sim.ask.query import QueryError, compile_leaves, parse_query


def test_precedence_and_parentheses() -> None:
    q = parse_query("a>=1 | b>=1 & c>=1")
    assert [leaf.text() for leaf in q.leaves] == ["a>=1", "b>=1", "c>=1"]
    assert q.evaluate([True, False, False]) is True
    assert q.evaluate([False, True, False]) is False
    grouped = parse_query("(a>=1 | b>=1) & c>=1")
    assert grouped.evaluate([True, False, False]) is False
    assert compile_leaves(grouped)([True, False, True]) is True


def test_quoted_titles_deadlines_and_negation() -> None:
    q = parse_query('"Sure Gamble">=2 & !ice==0@T1')
    title, ice = q.leaves
    assert (title.group, title.quoted, title.op, title.n) == ("Sure Gamble", True, ">=", 2)
    assert (ice.group, ice.deadline) == ("ice", 1)
    assert q.monotone is False
    assert parse_query("a>=1 & (b>2 | c>=1@T3)").monotone is True
    assert parse_query("a==1").monotone is False


def test_leaf_comparisons() -> None:
    (leaf,) = parse_query("x<=2").leaves
    assert leaf.holds(2) and not leaf.holds(3)
    assert parse_query("x=2").leaves[0].op == "=="


@pytest.mark.parametrize(
    ("text", "at", "fragment"),
    [
        ("econ>=1 &", 10, "expected a group name"),
        ("econ>= & a>=1", 8, "whole number"),
        ("econ 1", 6, "expected a comparison"),
        ("(econ>=1", 9, "expected ')'"),
        ("econ>=1 breaker>=1", 9, "expected & or |"),
        ("econ>=1 $", 9, "unexpected character"),
        ("  econ>=1 $  ", 9, "unexpected character"),  # counted in the query as quoted
        ("", None, "empty query"),
    ],
)
def test_errors_say_at_which_character(text: str, at: int | None, fragment: str) -> None:
    with pytest.raises(QueryError) as info:
        parse_query(text, "--keep")
    err = info.value
    assert isinstance(err, UsageError) and err.hint  # exit 2, with an example
    assert (err.what, err.query, err.at) == ("--keep", text.strip(), at)
    assert fragment in err.problem
    line = err.one_line()
    assert "\n" not in line and "column" not in line
    if at is not None:
        assert "at the end of the query" in line if at > len(text.strip()) else f"at character {at}"
