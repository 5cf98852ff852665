"""Golden decks: each case builds a deck from a legal base and must produce exactly its codes."""

from __future__ import annotations

import datetime as dt
import json
from collections import Counter
from typing import Any

import pytest

from nrdeck.catalog import CardDB
from nrdeck.problems import CODES
from nrdeck.results.check import CheckResult
from nrdeck.rules import check_deck
from tests.paths import GOLDEN
from tests.unit.rules.helpers import make_deck, select_in_force

GOLDEN = GOLDEN / "rules"
BASES: dict[str, dict[str, Any]] = json.loads((GOLDEN / "bases.json").read_text("utf-8"))["bases"]
CASES: list[dict[str, Any]] = json.loads((GOLDEN / "cases.json").read_text("utf-8"))
# The codes docs/reference/legality.md gives the legality rules (reading codes come from the
# parsers).
RULE_CODES = frozenset(
    {
        "identity-missing",
        "identity-copies",
        "identity-multiple",
        "side-mismatch",
        "deck-size",
        "copies",
        "influence",
        "no-influence-value",
        "agenda-points",
        "identity-forbids-card",
        "singleton",
        "ampere-agendas",
        "identity-not-in-format",
        "not-in-card-pool",
        "banned",
        "restricted",
        "points",
        "startup-agenda-cap",
        "one-box",
    }
)


def _lines(case: dict[str, Any], base: dict[str, Any]) -> list[tuple[int, str]]:
    removed = set(case.get("remove", []))
    quantities = {title: qty for qty, title in case.get("set", [])}
    lines = [
        (quantities.pop(title, qty), title) for qty, title in base["cards"] if title not in removed
    ]
    return lines + [(q, t) for t, q in quantities.items()] + [tuple(x) for x in case.get("add", [])]


def run_case(db: CardDB, case: dict[str, Any]) -> CheckResult:
    """Build the case's deck and check it under its format on its date."""
    base = BASES[case["base"]]
    identity = case["identity"] if "identity" in case else base["identity"]
    day = dt.date.fromisoformat(case.get("on", base["on"]))
    in_force = select_in_force(db, case.get("format", base["format"]), today=day, as_of=day)
    deck = make_deck(
        db,
        identity,
        _lines(case, base),
        extra_identities=case.get("extra_identities", ()),
        identity_copies=case.get("identity_copies", 1),
    )
    return check_deck(deck, db, in_force)


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_golden_case(db: CardDB, case: dict[str, Any]) -> None:
    result = run_case(db, case)
    found = [p.code for p in result.problems]
    assert Counter(found) == Counter(case["expect"]), [p.message for p in result.problems]
    assert result.legal == (not case["expect"])
    for problem in result.problems:
        assert problem.message and problem.rule and problem.location.source == "deck.txt"
    if "message" in case:
        assert any(case["message"] in p.message for p in result.problems)
    if "rule" in case:
        assert any(case["rule"] in p.rule for p in result.problems)


def test_every_rule_code_has_a_legal_and_an_illegal_golden_case() -> None:
    illegal = {code for case in CASES for code in case["expect"]}
    assert set(CODES) >= RULE_CODES
    assert illegal >= RULE_CODES
    assert any(not case["expect"] for case in CASES)


def test_every_base_deck_is_legal_on_its_own(db: CardDB) -> None:
    for name in BASES:
        result = run_case(db, {"base": name, "expect": []})
        assert result.legal, (name, [p.message for p in result.problems])
