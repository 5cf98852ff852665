"""The event JSON reporter: one versioned document, a player per roster entry."""

from __future__ import annotations

import json
from typing import Any

from nrdeck.report.json_pieces import card_data, identity_entry, outcome_entry, problem_entry
from nrdeck.results.event import EventDeck, EventReport, PlayerReport
from nrdeck.results.outcome import Status

VERSION = 1


def render_json(report: EventReport, *, quiet: bool = False) -> str:
    """The whole run as JSON (every player, with or without ``quiet``)."""
    statuses = (Status.LEGAL, Status.ILLEGAL, Status.UNAVAILABLE)
    document = {
        "version": VERSION,
        "roster": report.roster,
        "card_data": card_data(report.data, report.period.stale_data if report.period else None),
        "format": _format(report),
        "changed_since": _changed(report),
        "players": [_player(p) for p in report.players],
        "summary": {
            "players": len(report.players),
            "ready": report.count(Status.LEGAL),
            "illegal": report.count(Status.ILLEGAL),
            "unavailable": report.count(Status.UNAVAILABLE),
            "decks": {s.value: report.deck_count(s) for s in statuses},
        },
    }
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def _format(report: EventReport) -> dict[str, Any] | None:
    period = report.period
    if period is None:
        return None
    return {
        "id": period.format_id,
        "name": period.format_name,
        "as_of": period.as_of.isoformat(),
        "snapshot": period.snapshot_id,
        "card_pool": period.card_pool_id,
        "restriction": period.restriction_id,
        "restriction_name": period.restriction_name,
        "tier": period.tier,
        "warnings": list(period.warnings),
    }


def _changed(report: EventReport) -> dict[str, Any] | None:
    if report.changed_since is None:
        return None
    return {
        "restriction": report.changed_since.restriction_id,
        "name": report.changed_since.restriction_name,
        "players": [p.player for p in report.newly_illegal],
    }


def _player(player: PlayerReport) -> dict[str, Any]:
    return {
        "player": player.player,
        "line": player.line,
        "extra": dict(player.extra),
        "status": player.status.value,
        "problems": [problem_entry(p) for p in player.problems],
        "corp": _deck(player.corp),
        "runner": _deck(player.runner),
    }


def _deck(deck: EventDeck) -> dict[str, Any]:
    return {
        "source": deck.source,
        "kind": deck.kind,
        "status": deck.status.value,
        "legal": deck.legal,
        "legal_before": deck.legal_before,
        "name": deck.name,
        "identity": identity_entry(deck.result),
        "side": deck.side,
        **outcome_entry(deck.outcome),
        "problems": [problem_entry(p) for p in deck.all_problems],
    }
