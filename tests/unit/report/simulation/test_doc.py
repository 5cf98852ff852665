"""The simulation as data: every shape of answer (tables, the per-card table, a target, the
optimal mulligan, Monte Carlo intervals, exact Fractions) fits the shipped schema as plain
numbers; CSV has one line per row and column, and no shape for a question's answer."""

from __future__ import annotations

import csv
import io
import json
from fractions import Fraction
from typing import Any

import pytest
from msgspec.structs import replace

from nrdeck.errors import ExitCode, UsageError
from nrdeck.report.simulation.doc import (
    CSV_HEADER,
    JSON_VERSION,
    render_comparison_csv,
    render_comparison_json,
    render_csv,
    render_json,
)
from nrdeck.results.simulation import (
    CardOdds,
    CardTable,
    Column,
    Comparison,
    FirstMet,
    HandChoice,
    OptimalMulligan,
    QueryOdds,
    Section,
    Simulation,
    TargetResult,
    TargetStep,
    Variant,
)
from tests.builders import DATA
from tests.schemas import validate

EXACT = Column(
    "econ",
    "econ>=1",
    QueryOdds((Fraction(1, 3), Fraction(1, 2)), (Fraction(1, 3), Fraction(2, 3))),
    FirstMet(Fraction(2, 3), Fraction(3, 2), 1, Fraction(0), 1, 5),
)
SAMPLED = Column(
    "breaker",
    "breaker>=1",
    QueryOdds((0.25, 0.5), (0.25, 0.5), ((0.2, 0.3), (0.45, 0.55))),
    FirstMet(0.5, None, None, 0.5, 1, 5),
    method="mc",
    samples=1000,
    seen=(5, 7),
)
SIM = Simulation(
    deck="deck.txt",
    side="runner",
    identity=None,
    deck_size=40,
    sections=(Section("Queries", "turn", (0, 1), (5, 6), (EXACT, SAMPLED)),),
    assumptions=("deck: 40 cards (Runner)",),
    seed=3,
    method="exact+mc",
    mulligan="econ==0",
    mulligan_rate=0.1,
    data=DATA,
    random=True,
    cards=CardTable((0, 1), (5, 6), (CardOdds('Sure "Gamble"', 3, (0.3, 0.4)),)),
)
TARGET = replace(
    SIM,
    sections=(),
    cards=None,
    target=TargetResult("econ>=1", "econ", 0.9, 2, (TargetStep(3, Fraction(9, 10)),), 3),
)
OPTIMAL = replace(
    SIM,
    sections=(),
    cards=None,
    optimal=OptimalMulligan(
        "econ>=1",
        1,
        ("econ",),
        (HandChoice((0,), Fraction(1, 4), Fraction(1, 2), False),),
        Fraction(1, 2),
        Fraction(5, 8),
        Fraction(1, 4),
        "keep",
    ),
)


def document(sim: Simulation) -> dict[str, Any]:
    found: dict[str, Any] = json.loads(render_json(sim))
    validate(found, "simulate-v2.schema.json")
    return found


def test_tables_and_the_per_card_table_fit_the_schema_as_plain_numbers() -> None:
    doc = document(SIM)
    assert doc["version"] == JSON_VERSION == 2
    exact, sampled = doc["sections"][0]["columns"]
    assert exact["probability"] == [1 / 3, 0.5] and exact["ci95"] is None
    assert exact["first_met"] == {
        "by_last": 2 / 3,
        "median": 1,
        "mean": 1.5,
        "never": 0.0,
        "within": 1,
        "end": 5,
    }
    assert (sampled["method"], sampled["samples"], sampled["cards_seen"]) == ("mc", 1000, [5, 7])
    assert sampled["ci95"] == [[0.2, 0.3], [0.45, 0.55]]
    assert doc["cards"]["cards"][0]["at_least_one"] == [0.3, 0.4]
    assert doc["mulligan"] == {"rule": "econ==0", "rate": 0.1}
    assert (doc["target"], doc["optimal_mulligan"]) == (None, None)


def test_a_run_without_a_mulligan_or_card_data() -> None:
    doc = document(replace(SIM, mulligan=None, mulligan_rate=None, data=None))
    assert doc["mulligan"] is None and doc["card_data"] is None


def test_the_fewest_copies_for_a_target() -> None:
    target = document(TARGET)["target"]
    assert (target["varies"], target["fewest"], target["steps"]) == (
        "econ",
        3,
        [{"copies": 3, "chance": 0.9}],
    )


def test_the_optimal_mulligan_with_its_gain() -> None:
    optimal = document(OPTIMAL)["optimal_mulligan"]
    assert (optimal["never_mulligan"], optimal["optimal"], optimal["gain"]) == (0.5, 0.625, 0.125)
    assert optimal["hands"] == [{"counts": [0], "chance": 0.25, "goal_if_kept": 0.5, "keep": False}]


def test_a_comparison_labels_each_variant_under_one_version() -> None:
    comparison = Comparison("pad", "deck.txt", (Variant("40 cards", SIM), Variant("43", SIM)))
    doc = json.loads(render_comparison_json(comparison))
    validate(doc, "simulate-v2.schema.json")
    assert [v["label"] for v in doc["variants"]] == ["40 cards", "43"]
    assert all("version" not in v for v in doc["variants"]) and doc["version"] == 2


def test_csv_is_one_line_per_row_and_column_then_per_card_and_turn() -> None:
    rows = list(csv.DictReader(io.StringIO(render_csv(SIM))))
    assert list(rows[0]) == list(CSV_HEADER)
    assert len(rows) == 2 * 2 + 2  # two rows of two columns, a title over two turns
    mc = next(r for r in rows if r["column"] == "breaker" and r["row"] == "1")
    assert (mc["cards_seen"], mc["ci95_low"], mc["ci95_high"]) == ("7", "0.450000", "0.550000")
    exact = next(r for r in rows if r["column"] == "econ" and r["row"] == "0")
    assert (exact["probability"], exact["ci95_low"]) == ("0.333333", "")
    card = rows[-1]
    assert card["query"] == "\"Sure 'Gamble'\">=1" and card["row"] == "1"


def test_a_comparisons_csv_names_the_variant_last() -> None:
    comparison = Comparison("sweep", "d", (Variant("2 copies", SIM), Variant("3 copies", SIM)))
    rows = list(csv.reader(io.StringIO(render_comparison_csv(comparison))))
    assert rows[0][-1] == "variant" and {r[-1] for r in rows[1:]} == {"2 copies", "3 copies"}


@pytest.mark.parametrize("sim", [TARGET, OPTIMAL], ids=["target", "optimal"])
def test_csv_has_no_shape_for_a_questions_answer(sim: Simulation) -> None:
    with pytest.raises(UsageError) as caught:
        render_csv(sim)
    assert caught.value.exit_code is ExitCode.USAGE and caught.value.hint
