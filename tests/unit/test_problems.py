"""Problems are values with stable codes: only the codes nrdeck documents, each in the shape
the JSON schemas accept; errors unless said otherwise."""

from __future__ import annotations

import re

import pytest

from nrdeck.problems import CODES, INTERNAL_ERROR, Location, Problem, Severity
from tests.paths import ROOT
from tests.schemas import schema

DOCS = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "docs").rglob("*.md"))


def test_an_unknown_code_is_refused() -> None:
    with pytest.raises(ValueError, match="no-such-code"):
        Problem("no-such-code", "m")


@pytest.mark.parametrize("code", sorted(CODES))
def test_every_code_is_documented_in_the_schemas_shape(code: str) -> None:
    pattern = schema("check-v1.schema.json")["$defs"]["problem"]["properties"]["code"]["pattern"]
    assert re.fullmatch(pattern, code)
    assert f"`{code}`" in DOCS, f"{code} is not documented under docs/"
    assert CODES[code]  # a description of its own


def test_a_problem_is_an_error_of_no_rule_cards_or_place_by_default() -> None:
    problem = Problem("banned", "m")
    assert (problem.severity, problem.rule, problem.cards) == (Severity.ERROR, "", ())
    assert problem.location == Location() and problem.line is None


def test_a_problem_at_a_line_says_which() -> None:
    assert Problem("copies", "m", location=Location("deck.txt", 4)).line == 4


def test_severities_are_their_json_values_and_internal_errors_a_code() -> None:
    assert [s.value for s in Severity] == ["error", "warning"]
    assert INTERNAL_ERROR in CODES


def test_problems_are_frozen_values() -> None:
    problem = Problem("banned", "m", cards=("x",))
    assert problem == Problem("banned", "m", cards=("x",)) and len({problem, problem}) == 1
    with pytest.raises(AttributeError):
        problem.code = "copies"  # type: ignore[misc]
