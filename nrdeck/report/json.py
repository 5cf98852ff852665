"""The JSON reporter: one versioned document (schema: ``check-v1.schema.json``)."""

from __future__ import annotations

import json
from typing import Any

from nrdeck.carddb import DataInfo
from nrdeck.problems import Problem
from nrdeck.report.model import Report, ReportOptions
from nrdeck.result import CardCost, CheckResult, DeckStats

VERSION = 1


class JsonReporter:
    """Machine-readable report; stdout stays clean JSON."""

    name = "json"

    def render(self, report: Report, options: ReportOptions) -> str:
        """The document as indented JSON (``quiet`` keeps only illegal decks)."""
        return json.dumps(document(report, options), indent=2, ensure_ascii=False) + "\n"


def document(report: Report, options: ReportOptions | None = None) -> dict[str, Any]:
    """The report as plain data (summary counts cover every deck, shown or not)."""
    quiet = options.quiet if options else False
    return {
        "version": VERSION,
        "card_data": card_data(report.data),
        "decks": [deck_entry(r) for r in report.results if not (quiet and r.legal)],
        "summary": {
            "decks": len(report.results),
            "legal": report.legal,
            "illegal": report.illegal,
            "unavailable": report.unavailable,
        },
    }


def card_data(info: DataInfo) -> dict[str, Any]:
    """Where the card data came from."""
    return {
        "source": info.source,
        "kind": info.kind,
        "date": info.dataset_date,
        "fetched_at": info.fetched_at,
        "url": info.url,
        "path": info.path,
        "description": info.describe(),
    }


def deck_entry(result: CheckResult) -> dict[str, Any]:
    """One deck's verdict."""
    period = result.period
    identity = (
        {"id": result.identity_id, "title": result.identity_title} if result.identity_id else None
    )
    return {
        "source": result.deck.source,
        "name": result.deck.name,
        "identity": identity,
        "side": result.side,
        "format": {"id": period.format_id, "name": period.format_name},
        "snapshot": period.snapshot_id,
        "card_pool": _named(period.card_pool_id, period.card_pool_name),
        "restriction": _named(period.restriction_id, period.restriction_name),
        "as_of": period.as_of.isoformat(),
        "correction": period.correction,
        "legal": result.legal,
        "stats": stats_entry(result.stats),
        "problems": [problem_entry(p) for p in result.problems],
    }


def _named(ident: str | None, name: str | None) -> dict[str, Any] | None:
    return {"id": ident, "name": name or ident} if ident else None


def stats_entry(stats: DeckStats) -> dict[str, Any]:
    """The deck's figures."""
    return {
        "cards": stats.cards,
        "min_cards": stats.min_cards,
        "influence_spent": stats.influence_spent,
        "influence_limit": stats.influence_limit,
        "printed_influence_limit": stats.printed_influence_limit,
        "influence_breakdown": [_cost(c) for c in stats.influence_breakdown],
        "agenda_points": stats.agenda_points,
        "agenda_band": list(stats.agenda_band) if stats.agenda_band else None,
        "points": stats.points,
        "point_limit": stats.point_limit,
        "points_breakdown": [_cost(c) for c in stats.points_breakdown],
    }


def _cost(cost: CardCost) -> dict[str, Any]:
    return {
        "card": cost.card_id,
        "title": cost.title,
        "copies": cost.copies,
        "amount": cost.amount,
        "note": cost.note,
    }


def problem_entry(problem: Problem) -> dict[str, Any]:
    """One problem."""
    return {
        "code": problem.code,
        "severity": problem.severity.value,
        "message": problem.message,
        "rule": problem.rule,
        "cards": list(problem.cards),
        "line": problem.line,
    }
