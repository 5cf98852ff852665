"""Test data built by hand: periods, card data sources, check results, event reports, card
databases with changes, documents as older nrdeck versions wrote them.

One builder per concept, shared by every test that needs it.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import msgspec
from msgspec.structs import replace

from nrdeck.cards.document import decode
from nrdeck.catalog import CardDB
from nrdeck.catalog.records import DataInfo
from nrdeck.deck import Deck, DeckEntry
from nrdeck.problems import Location, Problem, Severity
from nrdeck.results.check import CardCost, CheckResult, DeckOutcome, DeckStats, Period
from nrdeck.results.event import ChangedSince, EventDeck, EventReport, PlayerReport

DATA = DataInfo(kind="bundled", source="netrunner-cards-json", dataset_date="2025-09-17")


def period(**changes: Any) -> Period:
    """Standard on 2025-09-01 under Ban List 25.08 (the Seventh Rotation), with changes."""
    base = Period(
        format_id="standard",
        format_name="Standard",
        as_of=dt.date(2025, 9, 1),
        snapshot_id="standard_31",
        card_pool_id="rotation_2025",
        card_pool_name="Seventh Rotation",
        restriction_id="standard_ban_list_25_08",
        restriction_name="Standard Ban List 25.08",
    )
    return replace(base, **changes)


PERIOD = period()
# the check reporters' goldens were written for this one
REPORT_PERIOD = period(
    as_of=dt.date(2025, 9, 17),
    snapshot_id="standard_32",
    card_pool_id="standard_32",
    card_pool_name="Standard Card Pool 25.08",
)


# -- check results -------------------------------------------------------------------
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
        period=REPORT_PERIOD,
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
        period=REPORT_PERIOD,
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


def checked_outcome(result: CheckResult) -> DeckOutcome:
    """The outcome of a deck that was read and checked."""
    return DeckOutcome(source=result.deck.source, result=result)


# -- event reports -------------------------------------------------------------------
IDENTITY = {"corp": "Haas-Bioroid: Precision Design", "runner": "Zahya Sadeghi: Versatile Smuggler"}


def checked_deck(
    column: str, side: str | None = None, *problems: Problem, legal_before: bool | None = None
) -> EventDeck:
    """A deck that was read and checked: its identity is on ``side`` (default: the column)."""
    side = side or column
    result = CheckResult(
        deck=Deck(source=f"{column}.txt", name=f"{side} deck", identity=None, entries=()),
        identity_id=side + "_id",
        identity_title=IDENTITY[side],
        side=side,
        period=PERIOD,
        stats=DeckStats(cards=45, min_cards=45, influence_spent=0, influence_limit=15),
        problems=problems,
    )
    outcome = DeckOutcome(source=f"{column}.txt", result=result)
    return EventDeck(column, "file", f"{column}.txt", outcome, legal_before)


def failed_deck(column: str, code: str, message: str) -> EventDeck:
    """A deck with no result: missing, unreadable or not fetched."""
    kind = {"deck-unavailable": "remote", "event-deck-missing": "empty"}.get(code, "file")
    problem = Problem(code, message, location=Location("roster.csv", 3))
    source = "" if kind == "empty" else "x"
    outcome = DeckOutcome(source=source, problems=(problem,), unavailable=kind == "remote")
    return EventDeck(column, kind, source, outcome)


def banned_problem(line: int = 12) -> Problem:
    return Problem(
        "banned",
        "Info Bounty is banned (Standard Ban List 25.08)",
        rule="Standard Ban List 25.08",
        cards=("info_bounty",),
        location=Location("runner.txt", line),
    )


def player_report(
    name: str, corp: EventDeck, runner: EventDeck, *problems: Problem, line: int = 2
) -> PlayerReport:
    return PlayerReport(name, line, corp, runner, problems, {"Table": str(line)})


def event_report(*players: PlayerReport, changed: bool = False) -> EventReport:
    since = ChangedSince("standard_ban_list_25_04", "Standard Ban List 25.04") if changed else None
    return EventReport(
        roster="roster.csv",
        players=players,
        data=DATA,
        period=PERIOD,
        extra_columns=("Table",),
        changed_since=since,
    )


# -- card databases ------------------------------------------------------------------
def database(db: CardDB, **changes: object) -> CardDB:
    """The database with some records or tables changed (as other data would have them)."""
    parts: dict[str, object] = {
        "cards": db.cards.values(),
        "printings": db.printings.values(),
        "sets": db.sets.values(),
        "cycles": db.cycles.values(),
        "factions": db.factions.values(),
        "types": db.types.values(),
        "subtypes": db.subtypes.values(),
        "formats": db.formats.values(),
        "card_pools": db.card_pools.values(),
        "restrictions": db.restrictions.values(),
        "info": db.info,
        "tables": db.tables,
    }
    return CardDB(**{**parts, **changes})  # type: ignore[arg-type]


# what NetrunnerDB's format data of 2025-09-17 had wrong, and the 2026-07-23 data has right
TYPO_DATES_2025 = {
    "standard_30": dt.date(2024, 4, 24),
    "standard_31": dt.date(2024, 8, 1),
    "standard_32": dt.date(2024, 10, 3),
    "startup_7": dt.date(2024, 4, 24),
}


def with_format_faults_of_2025(db: CardDB) -> CardDB:
    """The database with the 2025-09-17 data's faults put back: the four year typos in
    snapshot dates, and the Eternal pool without the Liberation cycle (the corrections'
    targets, so their mechanism can be tested on data that still needs them)."""
    formats = [
        replace(
            f,
            snapshots=tuple(
                replace(s, date_start=TYPO_DATES_2025.get(s.id, s.date_start)) for s in f.snapshots
            ),
        )
        for f in db.formats.values()
    ]
    liberation = {s.id for s in db.sets.values() if s.cycle_id == "liberation"}
    pools = [
        replace(
            p,
            card_cycle_ids=tuple(c for c in p.card_cycle_ids if c != "liberation"),
            card_set_ids=tuple(s for s in p.card_set_ids if s not in liberation),
        )
        if p.id == "eternal"
        else p
        for p in db.card_pools.values()
    ]
    return database(db, formats=formats, card_pools=pools)


# -- documents as older nrdeck versions wrote them -----------------------------------
def before_text_facts(raw: bytes) -> bytes:
    """The document without the facts read from card text: the shape older nrdeck wrote."""
    doc = decode(raw, "a test document")
    cards = [replace(c, economy=False, runner_points=None, draws=None) for c in doc.cards]
    old = msgspec.json.encode(replace(doc, cards=cards, text_facts=0), order="sorted") + b"\n"
    for key in (b'"economy"', b'"runner_points"', b'"draws"', b'"text_facts"'):
        assert key not in old
    return old
