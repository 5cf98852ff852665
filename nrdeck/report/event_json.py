"""The event JSON reporter: one versioned document, a player per roster entry."""

from __future__ import annotations

import json
from typing import Any

from nrdeck.report.event_model import DeckOutcome, EventReport, PlayerReport
from nrdeck.report.json import problem_entry

VERSION = 1


def render_json(report: EventReport, *, quiet: bool = False) -> str:
    """The whole run as JSON (with ``quiet``, only players who are not ready)."""
    players = [p for p in report.players if not (quiet and p.ready)]
    document = {
        "version": VERSION,
        "roster": report.roster,
        "card_data": _card_data(report),
        "format": _format(report),
        "changed_since": _changed(report),
        "players": [_player(p) for p in players],
        "summary": {
            "players": len(report.players),
            "ready": report.count("legal"),
            "illegal": report.count("illegal"),
            "unavailable": report.count("unavailable"),
            "decks": {s: report.deck_count(s) for s in ("legal", "illegal", "unavailable")},
        },
    }
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def _card_data(report: EventReport) -> dict[str, Any]:
    info = report.data
    return {
        "kind": info.kind,
        "source": info.source,
        "date": info.dataset_date,
        "fetched_at": info.fetched_at,
        "description": info.describe(),
    }


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
        "status": player.status,
        "problems": [problem_entry(p) for p in player.problems],
        "corp": _deck(player.corp),
        "runner": _deck(player.runner),
    }


def _deck(deck: DeckOutcome) -> dict[str, Any]:
    result = deck.result
    identity = None
    if result is not None and result.identity_id is not None:
        identity = {"id": result.identity_id, "title": result.identity_title}
    return {
        "source": deck.source,
        "kind": deck.kind,
        "status": deck.status,
        "legal": deck.legal,
        "legal_before": deck.legal_before,
        "name": deck.name,
        "identity": identity,
        "side": deck.side,
        "problems": [problem_entry(p) for p in deck.all_problems],
    }
