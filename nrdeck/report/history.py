"""Renderers of `nrdeck timeline` (a deck's verdicts over time) and `nrdeck card` (a card's
history): text for people, one versioned JSON document for machines."""

from __future__ import annotations

import json
from typing import Any

from nrdeck.catalog import Erratum
from nrdeck.report.json_pieces import card_data
from nrdeck.report.safe import block, one_line
from nrdeck.results.history import (
    CardFacts,
    CardHistory,
    CardInterval,
    DeckInterval,
    DeckTimeline,
)

VERSION = 1
PASS, FAIL = "✓", "✗"
OPEN = "…"  # an open end: still so today
PENALTY = {
    "universal_faction_cost": ", +{} influence per copy",
    "global_penalty": ", -{} influence limit per copy",
}


def _day(value: object) -> str | None:
    return None if value is None else str(value)


# -- timeline ------------------------------------------------------------------------
def timeline_json(report: DeckTimeline) -> str:
    """``{"version": 1, "format", "deck", "periods": [...]}`` (docs/reference/legality.md §7)."""
    document = {
        "version": VERSION,
        "format": report.format_id,
        **({"format_note": report.format_note} if report.format_note else {}),
        "tier": report.tier,
        "deck": {
            "source": report.source,
            "name": report.name,
            "identity": (
                {"id": report.identity_id, "title": report.identity_title}
                if report.identity_id
                else None
            ),
            "side": report.side,
        },
        "card_data": card_data(report.data, report.stale_data),
        "warnings": list(report.warnings),
        "periods": timeline_periods(report),
    }
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def timeline_periods(report: DeckTimeline) -> list[dict[str, Any]]:
    """The timeline's intervals as its JSON document gives them in ``periods``."""
    return [_interval_entry(i) for i in report.intervals]


def _interval_entry(interval: DeckInterval) -> dict[str, Any]:
    return {
        "start": interval.start.isoformat(),
        "end": _day(interval.end),
        "snapshot": interval.snapshot_id or None,  # a community format has none
        "card_pool": interval.card_pool_id,
        "restriction": interval.restriction_id,
        "legal": interval.legal,
        "codes": list(interval.codes),
    }


def timeline_text(report: DeckTimeline) -> str:
    """A heading, one line per interval (dates, pool, list, ✓/✗, codes), then a summary.

    Names come from the card data and format files (NetrunnerDB, a community): what would
    steer a terminal is shown escaped.
    """
    name = f' "{one_line(report.name)}"' if report.name else ""
    identity = report.identity_title or "no identity"
    lines = [
        f"{one_line(report.source)}{name} · {identity} · {report.format_name} ({report.tier} tier)"
    ]
    rows = [_interval_cells(i) for i in report.intervals]
    width = max((len(r[1]) for r in rows), default=0)
    lines += [f"  {dates}  {where.ljust(width)}  {verdict}" for dates, where, verdict in rows]
    lines.append(summary(report))
    return block("\n".join(lines)) + "\n"


def _interval_cells(interval: DeckInterval) -> tuple[str, str, str]:
    end = str(interval.end) if interval.end else OPEN.ljust(10)
    where = f"{interval.card_pool_name} · {interval.restriction_name or 'no ban list'}"
    mark = PASS if interval.legal else FAIL
    codes = ", ".join(interval.codes)
    note = f" ({interval.note})" if interval.note else ""
    verdict = f"{mark} {codes}{note}".rstrip()
    return f"{interval.start} → {end}", where, verdict


def summary(report: DeckTimeline) -> str:
    """'legal from 2015-06-01 to 2016-07-18, then: too many copies of AstroScript …'."""
    spans: list[str] = []
    intervals = report.intervals
    index = 0
    while index < len(intervals):
        if not intervals[index].legal:
            index += 1
            continue
        start = intervals[index].start
        while index + 1 < len(intervals) and intervals[index + 1].legal:
            index += 1
        end = intervals[index].end
        after = intervals[index + 1] if index + 1 < len(intervals) else None
        text = f"legal from {start}" + (f" to {end}" if end else " on")
        if after is not None:
            text += f", then {_why(after)}"
        spans.append(text)
        index += 1
    if not spans:
        last = intervals[-1] if intervals else None
        why = f": {_why(last)}" if last else ""
        return f"never legal in {report.format_name} ({report.tier} tier){why}"
    return "; ".join(spans)


def _why(interval: DeckInterval) -> str:
    """'12 cards rotated out', or 'illegal: influence' when no note says more."""
    return interval.note or f"illegal: {', '.join(interval.codes)}"


# -- card ----------------------------------------------------------------------------
def card_json(report: CardHistory) -> str:
    """``{"version": 1, "card", "printings", "formats": {FORMAT: [...]}, "errata"}``."""
    document = {
        "version": VERSION,
        "card": _facts_entry(report.card),
        "tier": report.tier,
        "card_data": card_data(report.data, report.stale_data),
        "printings": [
            {"code": p.code, "set": p.set_id, "date": _day(p.date)} for p in report.printings
        ],
        "formats": {f.format_id: [_status_entry(i) for i in f.intervals] for f in report.formats},
        "errata": [_erratum_entry(e) for e in report.errata],
        "warnings": list(report.warnings),
    }
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def _facts_entry(facts: CardFacts) -> dict[str, Any]:
    return {
        "id": facts.id,
        "title": facts.title,
        "side": facts.side,
        "faction": facts.faction,
        "type": facts.type,
        "subtypes": list(facts.subtypes),
        "cost": facts.cost,
        "influence_cost": facts.influence_cost,
        "deck_limit": facts.deck_limit,
        "agenda_points": facts.agenda_points,
        "advancement_requirement": facts.advancement_requirement,
        "minimum_deck_size": facts.minimum_deck_size,
        "influence_limit": facts.influence_limit,
    }


def _status_entry(interval: CardInterval) -> dict[str, Any]:
    penalty = interval.penalty
    return {
        "start": interval.start.isoformat(),
        "end": _day(interval.end),
        "status": interval.status,
        "points": interval.points,
        "restriction": interval.restriction_id,
        "penalty": {"kind": penalty.kind, "amount": penalty.amount} if penalty else None,
    }


def _erratum_entry(erratum: Erratum) -> dict[str, Any]:
    return {
        "property": erratum.property,
        "value": erratum.value,
        "from": erratum.from_.isoformat(),
        "until": _day(erratum.until),
        "source": erratum.source,
    }


def card_text(report: CardHistory) -> str:
    """The facts, the printings, a block per format and the errata (names from the card data
    and format files shown escaped where they would steer a terminal)."""
    facts = report.card
    lines = [f"{facts.title} · {_facts_line(facts)}"]
    lines.append("printings: " + ", ".join(f"{p.code} {p.set_name} ({p.date or 'unreleased'})"
                                             for p in report.printings))  # fmt: skip
    for fmt in report.formats:
        lines.append(f"{fmt.format_name} ({fmt.format_id}, {report.tier} tier):")
        lines += [f"  {_status_line(i)}" for i in fmt.intervals]
    lines.append("errata:" if report.errata else "errata: none")
    lines += [
        f'  {e.property} {e.value} ("{e.text}") from {e.from_}'
        f"{f' until {e.until}' if e.until else ''}: {e.source}"
        for e in report.errata
    ]
    return block("\n".join(lines)) + "\n"


def _facts_line(facts: CardFacts) -> str:
    parts = [f"{facts.faction_name} {facts.type_name.lower()}"]
    if facts.subtypes:
        parts.append(" - ".join(facts.subtypes))
    if facts.cost is not None:
        parts.append(f"cost {facts.cost}")
    if facts.advancement_requirement is not None:
        parts.append(f"advancement {facts.advancement_requirement}")
    if facts.agenda_points is not None:
        parts.append(f"{facts.agenda_points} agenda point{'' if facts.agenda_points == 1 else 's'}")
    if facts.influence_cost is not None:
        parts.append(f"influence {facts.influence_cost}")
    elif facts.minimum_deck_size is None:
        parts.append("no influence value")
    if facts.minimum_deck_size is not None:
        limit = "∞" if facts.influence_limit is None else facts.influence_limit
        parts.append(f"deck {facts.minimum_deck_size} cards, influence limit {limit}")
    parts.append(f"limit {facts.deck_limit} per deck")
    return " · ".join(parts)


def _status_line(interval: CardInterval) -> str:
    end = str(interval.end) if interval.end else OPEN.ljust(10)
    points = f"{interval.points} point{'' if interval.points == 1 else 's'}"
    status = {"points": points, "not-in-pool": "not in the pool"}.get(
        interval.status, interval.status
    )
    penalty = interval.penalty
    if penalty is not None:
        status += PENALTY[penalty.kind].format(penalty.amount)
    listed = f" ({interval.restriction_name})" if interval.restriction_name else ""
    return f"{interval.start} → {end}  {status}{listed}"
