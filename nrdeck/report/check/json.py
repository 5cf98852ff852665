"""The JSON reporter: one versioned document (schema: ``check-v1.schema.json``)."""

from __future__ import annotations

import json
from typing import Any

from nrdeck.report.check.common import ReportOptions, failed_count, problems_of
from nrdeck.report.json_pieces import (
    card_data,
    identity_entry,
    outcome_entry,
    period_entry,
    problem_entry,
    stats_entry,
    titles_entry,
)
from nrdeck.results.check import CheckReport, DeckOutcome, DeckStats
from nrdeck.results.outcome import Status

VERSION = 1
NO_FIGURES = DeckStats(cards=0, min_cards=None, influence_spent=0, influence_limit=None)


class JsonReporter:
    """Machine-readable report; stdout stays clean JSON."""

    name = "json"

    def render(self, report: CheckReport, options: ReportOptions) -> str:
        """The document as indented JSON (the same with or without ``quiet``)."""
        return json.dumps(document(report), indent=2, ensure_ascii=False) + "\n"


def document(report: CheckReport) -> dict[str, Any]:
    """The report as plain data: every deck, and the counts by status."""
    return {
        "version": VERSION,
        "card_data": card_data(report.data, report.period.stale_data if report.period else None),
        "decks": [deck_entry(o, report) for o in report.outcomes],
        "summary": {
            "decks": len(report.outcomes),
            "legal": report.count(Status.LEGAL),
            "illegal": report.count(Status.ILLEGAL),
            "unavailable": report.count(Status.UNAVAILABLE),
            "internal_errors": failed_count(report),
        },
    }


def deck_entry(outcome: DeckOutcome, report: CheckReport) -> dict[str, Any]:
    """One deck's verdict (a deck that was not checked has no identity and zero figures)."""
    result = outcome.result
    period = result.period if result else report.period
    return {
        "source": outcome.source,
        "origin": outcome.origin,
        "name": result.deck.name if result else None,
        "identity": identity_entry(result),
        "side": result.side if result else None,
        **(period_entry(period) if period else {}),
        "legal": outcome.status is Status.LEGAL,
        **outcome_entry(outcome),
        "stats": stats_entry(result.stats if result else NO_FIGURES),
        "problems": [problem_entry(p) for p in problems_of(outcome)],
        **titles_entry(result.deck if result else None),
    }
