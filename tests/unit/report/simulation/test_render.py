"""Renderers: probabilities, bars, plain text tables, JSON and CSV documents."""

from __future__ import annotations

import csv
import io
import json
from typing import get_args

import pytest

from nrdeck.catalog import CardDB
from nrdeck.report.simulation.cells import bar, format_probability
from nrdeck.report.simulation.doc import CSV_HEADER, JSON_VERSION, render_csv, render_json
from nrdeck.report.simulation.text import RENDERER_BY_NAME, render_text
from nrdeck.results.simulation import Simulation
from nrdeck.sim.ask.request import SimRequest
from nrdeck.sim.engine import simulate_deck
from tests.unit.sim.test_engine import CORP_CARDS, make_deck


@pytest.mark.parametrize(
    ("p", "text"),
    [(0.0, "0%"), (1.0, "100%"), (0.30374, "30.4%"), (0.0024, "1 in 417"), (0.99991, ">99.9%"),
     (0.01, "1.0%"), (1 - 1e-15, "100%"), (1e-17, "0%"), (-1e-17, "0%")],
)  # fmt: skip
def test_format_probability(p: float, text: str) -> None:
    assert format_probability(p) == text


def test_bar() -> None:
    assert bar(0.0, 4) == "    "
    assert bar(1.0, 4) == "████"
    assert bar(0.5, 4) == "██  "
    assert len(bar(0.37, 4)) == 4


@pytest.fixture(scope="module")
def sim(db: CardDB) -> Simulation:
    deck = make_deck(db, "Haas-Bioroid: Precision Design", CORP_CARDS)
    request = SimRequest(queries=("agenda>=3", "ice>=2@T1"), mulligan="ice==0", sample=2, seed=4)
    return simulate_deck(deck, db, request)


def test_text_has_the_table_first_met_and_footer(sim: Simulation) -> None:
    text = render_text(sim).plain()
    assert "Queries" in text and "agenda>=3" in text and "hand" in text and "T11" in text
    assert "first met" in text and "median" in text and "never" in text
    assert "mulligan: when ice==0" in text
    assert "Sample opening hands" in text and "seed 4" in text
    assert "T-0.0" not in text and "-0.0" not in text
    lines = text.splitlines()
    assert all(len(line) <= 120 for line in lines[:20])  # tables are not wrapped or padded


def test_json_document(sim: Simulation) -> None:
    doc = json.loads(render_json(sim))
    assert doc["version"] == JSON_VERSION == 2 and doc["seed"] == 4
    assert doc["mulligan"]["rule"] == "ice==0" and 0 < doc["mulligan"]["rate"] < 1
    section = doc["sections"][0]
    assert section["rows"] == list(range(12)) and section["cards_seen"][0] == 5
    column = section["columns"][0]
    assert column["query"] == "agenda>=3" and len(column["probability"]) == 12
    assert column["method"] == "exact" and column["ci95"] is None
    first = column["first_met"]
    assert first["never"] == 0 and first["end"] > 11 and first["mean"] > first["median"] - 3
    deadline = section["columns"][1]["first_met"]
    assert 0 < deadline["never"] < 1  # ice>=2@T1 is never met in the games that miss it by T1
    assert len(doc["hands"]) == 2 and len(doc["hands"][0]["cards"]) == 5


def test_csv_long_format(sim: Simulation) -> None:
    rows = list(csv.reader(io.StringIO(render_csv(sim))))
    assert tuple(rows[0]) == CSV_HEADER
    assert len(rows) == 1 + 12 * 2
    first = dict(zip(CSV_HEADER, rows[1], strict=True))
    assert first["row"] == "0" and first["cards_seen"] == "5" and first["query"] == "agenda>=3"
    assert 0 < float(first["probability"]) < 1


def test_every_output_format_has_a_renderer() -> None:
    from nrdeck.cli.simulate import Method, ReportName, SimFormat
    from nrdeck.sim.ask.reports import REPORT_BY_NAME
    from nrdeck.sim.ask.request import METHODS

    assert set(get_args(SimFormat)) == set(RENDERER_BY_NAME)
    for name in RENDERER_BY_NAME:
        assert RENDERER_BY_NAME[name].render is not None
    assert set(get_args(ReportName)) == set(REPORT_BY_NAME)
    assert set(get_args(Method)) == set(METHODS)
