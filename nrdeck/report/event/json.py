"""The event JSON reporter: one versioned document (version 2), a player per roster entry.

The period and card data are the same pieces as every other document
(``report.json_pieces``); the schema ships beside this module (``event-v2.schema.json``).
"""

from __future__ import annotations

import json
from typing import Any

from nrdeck.report.diff import diff_entry
from nrdeck.report.event.common import EventRenderOptions
from nrdeck.report.json_pieces import (
    card_data,
    identity_entry,
    outcome_entry,
    period_entry,
    problem_entry,
)
from nrdeck.results.event import (
    CobraEvent,
    EventDeck,
    EventReport,
    ListComparison,
    PlayerReport,
    PlayerState,
    ProblemGroup,
)
from nrdeck.results.outcome import Status

VERSION = 2


def render_json(report: EventReport, options: EventRenderOptions) -> str:
    """The whole run as JSON (every player, with or without ``quiet``)."""
    document = {
        "version": VERSION,
        "roster": report.roster,
        "roster_format": report.roster_format,
        "card_data": card_data(report.data, report.period.stale_data if report.period else None),
        "period": period_entry(report.period) if report.period else None,
        "cardpool_up_to": _limit(report),
        "changed_since": _changed(report),
        "compared_with": report.compared_with,
        "cobra": _cobra(report.cobra),
        "players": [_player(p) for p in report.players],
        "summary": _summary(report),
    }
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def _summary(report: EventReport) -> dict[str, Any]:
    statuses = (Status.LEGAL, Status.ILLEGAL, Status.UNAVAILABLE)
    states = {s.slug.replace("-", "_"): report.count_state(s) for s in PlayerState}
    return {
        "players": len(report.players),
        **states,
        "decks": {s.value: report.deck_count(s) for s in statuses},
    }


def _limit(report: EventReport) -> dict[str, Any] | None:
    limit = report.pool_limit
    return {"id": limit.set_id, "name": limit.set_name} if limit else None


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
        "status": player.state.slug,
        "verdict": player.status.value,
        "problems": [problem_entry(p) for p in player.problems],
        "corp": _deck(player, player.corp),
        "runner": _deck(player, player.runner),
        "comparisons": [_comparison(c) for c in player.comparisons],
        "cobra": player.cobra,
    }


def _cobra(event: CobraEvent | None) -> dict[str, Any] | None:
    """The tournament, every setting with its source, the warnings, the players compared."""
    if event is None:
        return None
    return {
        "url": event.url,
        "tournament_id": event.tournament_id,
        "name": event.name,
        "type": event.type,
        "settings_from_cobra": list(event.from_cobra),
        "settings": [
            {"setting": s.setting, "value": s.value, "source": s.source, "note": s.note or None}
            for s in event.settings
        ],
        "warnings": [{"code": w.code, "message": w.message} for w in event.warnings],
        "players": {
            "listed": event.players.listed,
            "not_listed": list(event.players.not_listed),
            "missing": list(event.players.missing),
            "dropped": list(event.players.dropped),
        },
        "cached": event.cached,
    }


def _deck(player: PlayerReport, deck: EventDeck) -> dict[str, Any]:
    return {
        "source": deck.source,
        "kind": deck.kind,
        "status": deck.status.value,
        "registered_right": deck.column not in player.misplaced,
        "legal": deck.legal,
        "legal_before": deck.legal_before,
        "name": deck.name,
        "identity": identity_entry(deck.result),
        "side": deck.side,
        **outcome_entry(deck.outcome),
        "problems": [problem_entry(p) for p in deck.all_problems],
        "groups": [_group(g) for g in deck.groups],
        "same_list_as": list(deck.same_as),
        "same_list_columns": list(deck.same_columns),
        "same_list_count": deck.same_count,
    }


def _group(group: ProblemGroup) -> dict[str, Any]:
    return {
        "code": group.code,
        "severity": group.severity.value,
        "summary": group.describe(),
        "count": len(group.problems),
        "examples": list(group.examples),
    }


def _comparison(comparison: ListComparison) -> dict[str, Any]:
    entry: dict[str, Any] = {"side": comparison.column, "note": comparison.note or None}
    if comparison.diff is None:
        return {
            **entry,
            "same": None,
            "identity": None,
            "identity_compared": None,
            "added": [],
            "removed": [],
        }
    return {**entry, **diff_entry(comparison.diff)}
