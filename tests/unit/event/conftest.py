"""Hand-built event reports: decks' verdicts without reading or checking anything."""

from __future__ import annotations

import datetime as dt

from nrdeck.carddb import DataInfo
from nrdeck.deck import Deck
from nrdeck.problems import Location, Problem
from nrdeck.results.check import CheckResult, DeckOutcome, DeckStats, Period
from nrdeck.results.event import ChangedSince, EventDeck, EventReport, PlayerReport

PERIOD = Period(
    format_id="standard",
    format_name="Standard",
    as_of=dt.date(2025, 9, 1),
    snapshot_id="standard_31",
    card_pool_id="rotation_2025",
    card_pool_name="Seventh Rotation",
    restriction_id="standard_ban_list_25_08",
    restriction_name="Standard Ban List 25.08",
)
DATA = DataInfo(kind="bundled", source="netrunner-cards-json", dataset_date="2025-09-17")
IDENTITY = {"corp": "Haas-Bioroid: Precision Design", "runner": "Zahya Sadeghi: Versatile Smuggler"}


def checked(
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


def failed(column: str, code: str, message: str) -> EventDeck:
    """A deck with no result: missing, unreadable or not fetched."""
    kind = {"deck-unavailable": "remote", "event-deck-missing": "empty"}.get(code, "file")
    problem = Problem(code, message, location=Location("roster.csv", 3))
    source = "" if kind == "empty" else "x"
    outcome = DeckOutcome(source=source, problems=(problem,), unavailable=kind == "remote")
    return EventDeck(column, kind, source, outcome)


def banned(line: int = 12) -> Problem:
    return Problem(
        "banned",
        "Info Bounty is banned (Standard Ban List 25.08)",
        rule="Standard Ban List 25.08",
        cards=("info_bounty",),
        location=Location("runner.txt", line),
    )


def player(
    name: str, corp: EventDeck, runner: EventDeck, *problems: Problem, line: int = 2
) -> PlayerReport:
    return PlayerReport(name, line, corp, runner, problems, {"Table": str(line)})


def report(*players: PlayerReport, changed: bool = False) -> EventReport:
    since = ChangedSince("standard_ban_list_25_04", "Standard Ban List 25.04") if changed else None
    return EventReport(
        roster="roster.csv",
        players=players,
        data=DATA,
        period=PERIOD,
        extra_columns=("Table",),
        changed_since=since,
    )
