"""The JSON pieces every document shares: card data, what was in force, how a deck was
obtained, figures, problems and the titles read in other languages, field by field."""

from __future__ import annotations

import datetime as dt

from msgspec.structs import replace

from nrdeck.deck import TitleReading
from nrdeck.problems import Location, Problem, Severity
from nrdeck.report.json_pieces import (
    cached_entry,
    card_data,
    format_entry,
    identity_entry,
    named,
    outcome_entry,
    period_entry,
    problem_entry,
    stats_entry,
    titles_entry,
)
from nrdeck.results.check import CachedCopy, DeckOutcome
from tests.builders import DATA, PERIOD, checked_outcome, legal_result, unavailable_outcome


def test_card_data_names_its_source_and_a_warning() -> None:
    entry = card_data(DATA, "old")
    assert (entry["source"], entry["kind"], entry["date"]) == (
        DATA.source,
        "bundled",
        "2025-09-17",
    )
    assert entry["description"] == DATA.describe() and entry["warning"] == "old"
    assert card_data(DATA)["warning"] is None


def test_a_name_falls_back_to_its_id_and_no_id_is_none() -> None:
    assert named("std", "Standard") == {"id": "std", "name": "Standard"}
    assert named("std", None) == {"id": "std", "name": "std"}
    assert named(None, "Standard") is None


def test_the_period_in_force_field_by_field() -> None:
    entry = period_entry(replace(PERIOD, restriction_source="https://x", tier="competitive"))
    assert entry["format"] == {"id": "standard", "name": "Standard"}
    assert entry["restriction"] == {
        "id": "standard_ban_list_25_08",
        "name": "Standard Ban List 25.08",
        "source": "https://x",
    }
    assert (entry["as_of"], entry["tier"], entry["snapshot"]) == (
        "2025-09-01",
        "competitive",
        "standard_31",
    )
    assert period_entry(replace(PERIOD, restriction_id=None))["restriction"] is None


def test_a_format_notes_only_when_the_card_datas_was_used() -> None:
    assert format_entry("core", "Core", None) == {"id": "core", "name": "Core"}
    assert format_entry("core", "Core", "n")["note"] == "n"


def test_how_a_deck_was_obtained() -> None:
    read = checked_outcome(legal_result())
    copy = CachedCopy(dt.date(2025, 10, 1), "offline")
    assert outcome_entry(read) == {"outcome": "checked", "cached_copy": None}
    assert outcome_entry(replace(read, cached=copy))["outcome"] == "cached"
    assert outcome_entry(unavailable_outcome())["outcome"] == "unavailable"
    assert outcome_entry(DeckOutcome(source="x"))["outcome"] == "unreadable"
    assert cached_entry(copy) == {"date": "2025-10-01", "reason": "offline"}


def test_an_identity_only_when_the_deck_was_read_and_has_one() -> None:
    result = legal_result()
    assert identity_entry(result) == {"id": result.identity_id, "title": result.identity_title}
    assert identity_entry(replace(result, identity_id=None)) is None
    assert identity_entry(None) is None


def test_figures_and_their_breakdown() -> None:
    entry = stats_entry(legal_result().stats)
    assert (entry["cards"], entry["agenda_band"], entry["points"]) == (45, [20, 21], None)
    assert entry["influence_breakdown"] == [
        {"card": "spin_doctor", "title": "Spin Doctor", "copies": 2, "amount": 4, "note": ""}
    ]


def test_a_problem_field_by_field() -> None:
    problem = Problem(
        "copies",
        "m",
        rule="CR 1.4.7",
        cards=("a",),
        location=Location("d", 3),
        severity=Severity.WARNING,
    )
    assert problem_entry(problem) == {
        "code": "copies",
        "severity": "warning",
        "message": "m",
        "rule": "CR 1.4.7",
        "cards": ["a"],
        "line": 3,
    }


def test_titles_read_in_other_languages() -> None:
    readings = (
        TitleReading(2, "Fonds", "hedge_fund", "Hedge Fund", "fr", ("X",), "side"),
        TitleReading(3, "IPO", "ipo", "IPO"),
        TitleReading(4, "Mur", "ice_wall", "Ice Wall", "fr"),
    )
    deck = replace(legal_result().deck, readings=readings)
    entry = titles_entry(deck)
    assert entry["languages"] == {"fr": 2, "en": 1}
    first = entry["translated_titles"][0]
    assert (first["line"], first["card"], first["also_names"], first["decided_by"]) == (
        2,
        "hedge_fund",
        ["X"],
        "side",
    )
    assert entry["translated_titles"][1]["decided_by"] is None
    assert titles_entry(None) == {"languages": {}, "translated_titles": []}
