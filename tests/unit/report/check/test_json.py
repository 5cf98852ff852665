"""The check JSON document: every shape of outcome fits the shipped schema, and each field
says what the outcome is (legal, how it was obtained, figures, problems, the counts)."""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

import pytest
from msgspec.structs import replace

from nrdeck.problems import INTERNAL_ERROR, Location, Problem
from nrdeck.report.check import REPORTER_BY_NAME, ReportOptions
from nrdeck.report.check.json import VERSION, deck_entry, document, summary_entry
from nrdeck.results.check import CachedCopy, CheckReport, CheckTally, DeckOutcome
from nrdeck.results.outcome import Status
from tests.builders import (
    DATA,
    REPORT_PERIOD,
    checked_outcome,
    illegal_result,
    legal_result,
    unavailable_outcome,
)
from tests.schemas import validate

CACHED = replace(
    checked_outcome(legal_result()),
    cached=CachedCopy(dt.date(2025, 10, 1), "offline"),
    origin="remote",
)
UNREADABLE = DeckOutcome(
    source="gone.txt",
    problems=(Problem("parse-error", "no such file", location=Location("gone.txt")),),
)
BUG = DeckOutcome(source="x.txt", problems=(Problem(INTERNAL_ERROR, "boom"),), origin="stdin")
OUTCOMES = {
    "checked": checked_outcome(legal_result()),
    "illegal": checked_outcome(illegal_result()),
    "unavailable": unavailable_outcome(),
    "cached": CACHED,
    "unreadable": UNREADABLE,
    "bug": BUG,
}


def rendered(*outcomes: DeckOutcome, period: Any = REPORT_PERIOD) -> dict[str, Any]:
    report = CheckReport(outcomes=outcomes, data=DATA, period=period)
    doc: dict[str, Any] = json.loads(REPORTER_BY_NAME["json"].render(report, ReportOptions()))
    validate(doc, "check-v1.schema.json")
    return doc


@pytest.mark.parametrize("name", OUTCOMES)
def test_every_outcome_fits_the_schema(name: str) -> None:
    rendered(OUTCOMES[name])


def test_a_run_of_no_deck_fits_the_schema() -> None:
    doc = rendered()
    assert doc["decks"] == [] and doc["summary"]["decks"] == 0
    assert doc["version"] == VERSION == 1


@pytest.mark.parametrize(
    ("name", "outcome", "legal"),
    [
        ("checked", "checked", True),
        ("illegal", "checked", False),
        ("unavailable", "unavailable", False),
        ("cached", "cached", True),
        ("unreadable", "unreadable", False),
        ("bug", "unreadable", False),
    ],
)
def test_each_deck_says_how_it_was_obtained_and_if_it_is_legal(
    name: str, outcome: str, legal: bool
) -> None:
    [deck] = rendered(OUTCOMES[name])["decks"]
    assert (deck["outcome"], deck["legal"]) == (outcome, legal)
    assert deck["origin"] == OUTCOMES[name].origin
    assert (deck["cached_copy"] is not None) is (name == "cached")


def test_a_cached_copy_gives_its_date_and_reason() -> None:
    [deck] = rendered(CACHED)["decks"]
    assert deck["cached_copy"] == {"date": "2025-10-01", "reason": "offline"}


def test_a_deck_not_read_has_no_identity_zero_figures_and_the_runs_period() -> None:
    entry = deck_entry(UNREADABLE, REPORT_PERIOD)
    assert (entry["identity"], entry["side"], entry["name"]) == (None, None, None)
    assert entry["stats"]["cards"] == 0 and entry["stats"]["influence_limit"] is None
    assert entry["format"] == {"id": "standard", "name": "Standard"}
    assert entry["as_of"] == REPORT_PERIOD.as_of.isoformat()
    assert [p["code"] for p in entry["problems"]] == ["parse-error"]
    assert (entry["languages"], entry["translated_titles"]) == ({}, [])


def test_a_deck_not_read_in_a_run_without_a_period_names_none() -> None:
    entry = deck_entry(UNREADABLE, None)
    assert "format" not in entry and "restriction" not in entry


def test_problems_are_listed_as_found_with_every_field() -> None:
    [deck] = rendered(OUTCOMES["illegal"])["decks"]
    first = deck["problems"][0]
    assert set(first) == {"code", "severity", "message", "rule", "cards", "line"}
    assert (first["code"], first["severity"], first["rule"], first["line"]) == (
        "copies",
        "error",
        "CR 1.4.7",
        3,
    )
    assert [p["severity"] for p in deck["problems"]] == ["error", "error", "error", "warning"]


def test_the_period_names_the_list_pool_and_tier() -> None:
    [deck] = rendered(OUTCOMES["checked"])["decks"]
    assert deck["snapshot"] == "standard_32"
    assert deck["card_pool"]["id"] == "standard_32" and deck["tier"] == "casual"
    assert deck["restriction"]["id"] == "standard_ban_list_25_08"


def test_stale_card_data_is_a_warning_of_the_card_data() -> None:
    stale = replace(REPORT_PERIOD, stale_data="the card data is old")
    assert rendered(period=stale)["card_data"]["warning"] == "the card data is old"
    assert rendered()["card_data"]["warning"] is None


def test_the_summary_counts_every_status_and_the_internal_errors() -> None:
    summary = rendered(*OUTCOMES.values())["summary"]
    assert summary == {"decks": 6, "legal": 2, "illegal": 3, "unavailable": 1, "internal_errors": 1}
    tally = CheckTally.of(OUTCOMES.values(), DATA)
    assert summary_entry(tally)["illegal"] == tally.count(Status.ILLEGAL)


def test_the_document_held_whole_is_the_one_written() -> None:
    report = CheckReport(outcomes=tuple(OUTCOMES.values()), data=DATA, period=REPORT_PERIOD)
    assert json.loads(REPORTER_BY_NAME["json"].render(report, ReportOptions())) == document(report)


def test_quiet_changes_nothing_in_a_machine_format() -> None:
    report = CheckReport(outcomes=tuple(OUTCOMES.values()), data=DATA, period=REPORT_PERIOD)
    reporter = REPORTER_BY_NAME["json"]
    assert reporter.render(report, ReportOptions(quiet=True)) == reporter.render(
        report, ReportOptions()
    )
