"""Check results built by hand, so reporters are tested without the rules engine."""

from __future__ import annotations

import datetime as dt

import pytest

from nrdeck.carddb import DataInfo
from nrdeck.deck import Deck, DeckEntry
from nrdeck.problems import Location, Problem, Severity
from nrdeck.results.check import CardCost, CheckReport, CheckResult, DeckOutcome, DeckStats, Period

STANDARD = Period(
    format_id="standard",
    format_name="Standard",
    as_of=dt.date(2025, 9, 17),
    snapshot_id="standard_32",
    card_pool_id="standard_32",
    card_pool_name="Standard Card Pool 25.08",
    restriction_id="standard_ban_list_25_08",
    restriction_name="Standard Ban List 25.08",
)
DATA = DataInfo(kind="bundled", source="netrunner-cards-json", dataset_date="2025-09-17")


def legal_result() -> CheckResult:
    deck = Deck(
        source="decks/hb.txt",
        name="Glacier HB",
        identity=DeckEntry("haas_bioroid_precision_design", 1, line=1),
        entries=(DeckEntry("hedge_fund", 3, line=2),),
    )
    stats = DeckStats(
        cards=45,
        min_cards=45,
        influence_spent=12,
        influence_limit=15,
        influence_breakdown=(CardCost("spin_doctor", "Spin Doctor", 2, 4),),
        printed_influence_limit=15,
        agenda_points=20,
        agenda_band=(20, 21),
    )
    return CheckResult(
        deck=deck,
        identity_id="haas_bioroid_precision_design",
        identity_title="Haas-Bioroid: Precision Design",
        side="corp",
        period=STANDARD,
        stats=stats,
        problems=(),
    )


def illegal_result() -> CheckResult:
    deck = Deck(
        source="decks/bad, deck:1.txt",
        name=None,
        identity=DeckEntry("zahya_sadeghi_versatile_smuggler", 1, line=1),
        entries=(DeckEntry("sure_gamble", 4, line=3),),
    )
    problems = (
        Problem(
            "copies",
            "4 copies of Sure Gamble: its deck limit is 3",
            rule="CR 1.4.7",
            cards=("sure_gamble",),
            location=Location("decks/bad, deck:1.txt", 3),
        ),
        Problem(
            "unknown-card",
            "line 7: no card is named 'Hedge Fnd' (did you mean Hedge Fund?)\nsecond line 100%",
            location=Location("decks/bad, deck:1.txt", 7),
        ),
        Problem("deck-size", "40 cards: The identity needs at least 45", rule="CR 1.4.3"),
        Problem(
            "encoding",
            "the file was not UTF-8 and was read as cp1252",
            severity=Severity.WARNING,
        ),
    )
    stats = DeckStats(cards=40, min_cards=45, influence_spent=0, influence_limit=15)
    return CheckResult(
        deck=deck,
        identity_id="zahya_sadeghi_versatile_smuggler",
        identity_title="Zahya Sadeghi: Versatile Smuggler",
        side="runner",
        period=STANDARD,
        stats=stats,
        problems=problems,
    )


def unavailable_outcome() -> DeckOutcome:
    source = "https://netrunnerdb.com/en/decklist/7a6b0d6e-0000-4000-8000-000000000000"
    problem = Problem(
        "deck-unavailable",
        "NetrunnerDB answered 404: no public decklist with that id",
        location=Location(source),
    )
    return DeckOutcome(source=source, problems=(problem,), unavailable=True, origin="remote")


def checked(result: CheckResult) -> DeckOutcome:
    """The outcome of a deck that was read and checked."""
    return DeckOutcome(source=result.deck.source, result=result)


@pytest.fixture
def report() -> CheckReport:
    outcomes = (checked(legal_result()), checked(illegal_result()), unavailable_outcome())
    return CheckReport(outcomes=outcomes, data=DATA, period=STANDARD)
