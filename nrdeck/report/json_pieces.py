"""The JSON pieces every document shares (check, stats, event): written once, here."""

from __future__ import annotations

from typing import Any

from nrdeck.catalog.records import DataInfo
from nrdeck.deck import Deck
from nrdeck.problems import Problem
from nrdeck.results.check import CachedCopy, CardCost, CheckResult, DeckOutcome, DeckStats, Period


def card_data(info: DataInfo, warning: str | None = None) -> dict[str, Any]:
    """Where the card data came from; ``warning``: it is too old for the date checked."""
    return {
        "source": info.source,
        "kind": info.kind,
        "date": info.dataset_date,
        "fetched_at": info.fetched_at,
        "url": info.url,
        "path": info.path,
        "description": info.describe(),
        "warning": warning,
    }


def named(ident: str | None, name: str | None) -> dict[str, Any] | None:
    """{"id", "name"} (the name falls back to the id), or None without an id."""
    return {"id": ident, "name": name or ident} if ident else None


def period_entry(period: Period) -> dict[str, Any]:
    """What was in force: format, snapshot, pool, restriction, date, tier, corrections, warnings."""
    return {
        "format": format_entry(period.format_id, period.format_name, period.format_note),
        "snapshot": period.snapshot_id,
        "card_pool": named(period.card_pool_id, period.card_pool_name),
        "restriction": _restriction(period),
        "as_of": period.as_of.isoformat(),
        "tier": period.tier,
        "correction": period.correction,
        "warnings": list(period.warnings),
    }


def format_entry(format_id: str, name: str, note: str | None) -> dict[str, Any]:
    """{"id", "name"}, and "note" when the card data's format was used, not a shipped file's."""
    entry: dict[str, Any] = {"id": format_id, "name": name}
    if note:
        entry["note"] = note
    return entry


def _restriction(period: Period) -> dict[str, Any] | None:
    """The list in force ({"id", "name"}), with its source where a format file gives one."""
    entry = named(period.restriction_id, period.restriction_name)
    if entry is not None and period.restriction_source:
        entry["source"] = period.restriction_source
    return entry


def identity_entry(result: CheckResult | None) -> dict[str, Any] | None:
    """The deck's identity, or None when it has none (or was not read)."""
    if result is None or result.identity_id is None:
        return None
    return {"id": result.identity_id, "title": result.identity_title}


def outcome_entry(outcome: DeckOutcome) -> dict[str, Any]:
    """How the deck was obtained: checked, checked from a cached copy, or unavailable."""
    if outcome.unavailable:
        kind = "unavailable"
    elif outcome.result is None:
        kind = "unreadable"
    else:
        kind = "cached" if outcome.cached else "checked"
    return {"outcome": kind, "cached_copy": cached_entry(outcome.cached)}


def cached_entry(cached: CachedCopy | None) -> dict[str, Any] | None:
    """The cached copy a remote deck was read from (its date and why), or None."""
    if cached is None:
        return None
    return {"date": cached.date.isoformat(), "reason": cached.reason}


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


def titles_entry(deck: Deck | None) -> dict[str, Any]:
    """The languages the deck's titles were read in (lines per language), and each line
    read in a language other than English: what it said and the card it names."""
    languages: dict[str, int] = {}
    for reading in deck.readings if deck else ():
        languages[reading.language] = languages.get(reading.language, 0) + 1
    translated = [
        {
            "line": r.line,
            "written": r.written,
            "card": r.card_id,
            "title": r.title,
            "language": r.language,
            "also_names": list(r.also_names),
            "decided_by": r.decided_by or None,
        }
        for r in (deck.readings if deck else ())
        if r.language != "en"
    ]
    return {"languages": languages, "translated_titles": translated}
