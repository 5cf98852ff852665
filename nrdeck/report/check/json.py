"""The JSON reporter: one versioned document (schema: ``check-v1.schema.json``)."""

from __future__ import annotations

import json
from typing import Any

from nrdeck.catalog.records import DataInfo
from nrdeck.report.check.common import ReportOptions, problems_of, whole
from nrdeck.report.json_pieces import (
    card_data,
    identity_entry,
    outcome_entry,
    period_entry,
    problem_entry,
    stats_entry,
    titles_entry,
)
from nrdeck.results.check import CheckReport, CheckTally, DeckOutcome, DeckStats, Period
from nrdeck.results.outcome import Status

VERSION = 1
NO_FIGURES = DeckStats(cards=0, min_cards=None, influence_spent=0, influence_limit=None)


class JsonReporter:
    """Machine-readable report; stdout stays clean JSON."""

    name = "json"

    def pieces(self, data: DataInfo, period: Period | None, options: ReportOptions) -> JsonPieces:
        """The document in pieces (the same with or without ``quiet``)."""
        return JsonPieces(data, period)

    def render(self, report: CheckReport, options: ReportOptions) -> str:
        """The document as indented JSON (the same with or without ``quiet``)."""
        return "".join(map(str, whole(self.pieces(report.data, report.period, options), report)))


class JsonPieces:
    """The document written deck by deck, as ``json.dumps(document(report), indent=2)`` would
    write it whole: the head, each entry of ``decks``, then the summary."""

    counts_first = False

    def __init__(self, data: DataInfo, period: Period | None) -> None:
        self.data = data
        self.period = period
        self._decks = 0

    def opening(self, tally: CheckTally) -> str:
        """'{"version": 1, "card_data": {…}, "decks": [', indented."""
        head = _dumps(head_entries(self.data, self.period))
        return head[: -len("\n}")] + ',\n  "decks": ['

    def deck(self, outcome: DeckOutcome) -> str:
        """One entry of ``decks``, after a comma from the entry before it."""
        entry = _indented(_dumps(deck_entry(outcome, self.period)), "    ")
        self._decks += 1
        return (",\n" if self._decks > 1 else "\n") + entry

    def closing(self, tally: CheckTally) -> str:
        """'], "summary": {…}}', indented."""
        summary = _indented(_dumps(summary_entry(tally)), "  ")[2:]
        return ("\n  ]" if self._decks else "]") + f',\n  "summary": {summary}\n}}\n'


def _dumps(value: dict[str, Any]) -> str:
    return json.dumps(value, indent=2, ensure_ascii=False)


def _indented(text: str, prefix: str) -> str:
    return "\n".join(prefix + line for line in text.split("\n"))


def document(report: CheckReport) -> dict[str, Any]:
    """The report as plain data: every deck, and the counts by status."""
    return {
        **head_entries(report.data, report.period),
        "decks": [deck_entry(o, report.period) for o in report.outcomes],
        "summary": summary_entry(report.tally),
    }


def head_entries(data: DataInfo, period: Period | None) -> dict[str, Any]:
    """What comes before the decks: the version and the card data."""
    return {
        "version": VERSION,
        "card_data": card_data(data, period.stale_data if period else None),
    }


def summary_entry(tally: CheckTally) -> dict[str, Any]:
    """The counts by status."""
    return {
        "decks": tally.decks,
        "legal": tally.count(Status.LEGAL),
        "illegal": tally.count(Status.ILLEGAL),
        "unavailable": tally.count(Status.UNAVAILABLE),
        "internal_errors": tally.failed,
    }


def deck_entry(outcome: DeckOutcome, run_period: Period | None) -> dict[str, Any]:
    """One deck's verdict (a deck that was not checked has no identity and zero figures;
    ``run_period``: what was in force for the run, named for such a deck)."""
    result = outcome.result
    period = result.period if result else run_period
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
