"""Renderers of `nrdeck data periods`: a format's periods as text for people and as one
versioned JSON document for bots and meta sites (``periods-v1.schema.json``)."""

from __future__ import annotations

import json
from typing import Any

from nrdeck.report.json_pieces import card_data, format_entry
from nrdeck.report.safe import one_line
from nrdeck.results.periods import CHANGE_KINDS, Change, FormatPeriod, FormatPeriods, SetRelease

VERSION = 1


# -- JSON ----------------------------------------------------------------------------
def periods_json(report: FormatPeriods) -> str:
    """``{"version": 1, "format", "as_of", "in_force", "periods": [...]}``."""
    current = report.in_force
    document = {
        "version": VERSION,
        "card_data": card_data(report.data, report.stale_data),
        "format": format_entry(report.format_id, report.format_name, report.format_note),
        "as_of": report.as_of.isoformat(),
        "in_force": _period_entry(current, in_force=True) if current else None,
        "periods": [
            _period_entry(p, in_force=current is not None and p.start == current.start)
            for p in report.periods
        ],
        "warnings": list(report.warnings),
    }
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def period_document(period: FormatPeriod, *, in_force: bool) -> dict[str, Any]:
    """One period as ``data periods`` gives it in ``periods`` (the HTTP API's answer)."""
    return _period_entry(period, in_force=in_force)


def _period_entry(period: FormatPeriod, *, in_force: bool) -> dict[str, Any]:
    cap = period.agenda_cap
    return {
        "start": period.start.isoformat(),
        "end": period.end.isoformat() if period.end else None,
        "in_force": in_force,
        "snapshot": period.snapshot_id or None,  # a community format's period has none
        "card_pool": {"id": period.card_pool_id, "name": period.card_pool_name},
        "restriction": _restriction_entry(period),
        "agenda_cap": (
            {
                "min_points": cap.min_points,
                "max_copies": cap.max_copies,
                "rule": period.agenda_cap_rule,
            }
            if cap
            else None
        ),
        "corrections": list(period.corrections),
        "releases": [_release_entry(r) for r in period.releases],
        "warnings": list(period.warnings),
        "changes": [_change_entry(c) for c in period.changes],
    }


_CARD_KINDS = frozenset(CHANGE_KINDS[:7])


def _change_entry(change: Change) -> dict[str, Any]:
    """{"change": kind, "card" | "set": {...}, "before", "after"}: what a period changed
    (docs/reference/legality.md §4)."""
    entry: dict[str, Any] = {"change": change.kind}
    if change.kind in _CARD_KINDS:
        entry["card"] = {"id": change.subject, "title": change.name}
    elif change.kind in ("set-in", "set-out"):
        entry["set"] = {"id": change.subject, "name": change.name}
    if change.kind not in ("banned", "unbanned", "restricted", "unrestricted", "set-in", "set-out"):
        entry["before"], entry["after"] = change.before, change.after
    if change.kind == "agenda-cap":
        entry["min_points"] = change.min_points
    return entry


def _restriction_entry(period: FormatPeriod) -> dict[str, Any] | None:
    if not period.restriction_id:
        return None
    entry = {
        "id": period.restriction_id,
        "name": period.restriction_name,
        "nsg_name": period.restriction_nsg_name,
    }
    if period.restriction_source:
        entry["source"] = period.restriction_source
    return entry


def _release_entry(release: SetRelease) -> dict[str, Any]:
    return {
        "set": {"id": release.set_id, "name": release.name},
        "released": release.released.isoformat(),
        "competitive": release.competitive.isoformat(),
    }


# -- text ----------------------------------------------------------------------------
def periods_text(report: FormatPeriods) -> str:
    """One block per period, oldest first; the one in force on the date says so."""
    current = report.in_force
    lines = [
        f"{report.format_name} ({report.format_id}) on nrdeck's corrected timeline "
        f"(card data: {report.data.describe()})",
        *([f"note: {report.format_note}"] if report.format_note else []),
        f"in force on {report.as_of}: "
        + (_summary(current) if current else "nothing (before the format's first period)"),
        *([_changed(current)] if current and current.changes else []),
    ]
    for period in report.periods:
        marked = current is not None and period.start == current.start
        lines += ["", *_period_lines(period, f" (in force on {report.as_of})" if marked else "")]
    return "".join(one_line(line) + "\n" for line in lines)


def _summary(period: FormatPeriod) -> str:
    """'startup_9 since 2026-03-02: Startup (Vantage Point), Startup Balance Update 26.03'."""
    parts = [period.card_pool_name, *_list_names(period)]
    return f"{period.snapshot_id or 'the period'} since {period.start}: {', '.join(parts)}"


def _changed(period: FormatPeriod) -> str:
    """'2026-09-21 Startup Balance Update 26.09: unbanned NBN: Reality Plus'."""
    named = period.restriction_name or period.card_pool_name
    return f"{period.start} {named}: {'; '.join(change_phrases(period.changes))}"


def _list_names(period: FormatPeriod) -> list[str]:
    if period.restriction_name is None:
        return ["no ban list"]
    nsg = period.restriction_nsg_name
    return [f"{period.restriction_name}" + (f" (Null Signal Games: {nsg})" if nsg else "")]


def _period_lines(period: FormatPeriod, mark: str) -> list[str]:
    until = f"until {period.end}" if period.end else "(still in force)"
    lines = [
        f"{period.snapshot_id or 'period'}: from {period.start} {until}{mark}",
        f"  card pool: {period.card_pool_name} ({period.card_pool_id})",
    ]
    if period.restriction_id:
        nsg = period.restriction_nsg_name
        also = f"; Null Signal Games: {nsg}" if nsg else ""
        lines.append(f"  ban list: {period.restriction_name} ({period.restriction_id}){also}")
        if period.restriction_source:
            lines.append(f"  source: {period.restriction_source}")
    else:
        lines.append("  ban list: none")
    if period.agenda_cap is not None:
        cap = period.agenda_cap
        lines.append(
            f"  agenda cap: at most {cap.max_copies} agendas worth {cap.min_points} or more "
            f"points ({period.agenda_cap_rule})"
        )
    lines += [
        f"  new set: {r.name} ({r.set_id}), released {r.released}, at competitive events "
        f"from {r.competitive}"
        for r in period.releases
    ]
    lines += [f"  changed: {phrase}" for phrase in change_phrases(period.changes)]
    lines += [f"  correction: {c}" for c in period.corrections]
    lines += [f"  warning: {w}" for w in period.warnings]
    return lines


_VERBS = ("banned", "unbanned", "restricted", "unrestricted")
_SETS = {"set-in": "joined the pool", "set-out": "left the pool"}
_VALUES = {
    "points": "Eternal points",
    "universal-influence": "universal influence",
    "global-penalty": "influence limit penalty",
}


def change_phrases(changes: tuple[Change, ...]) -> list[str]:
    """'unbanned NBN: Reality Plus', 'Eternal points: Rumor Mill 3 → 4', 'Vantage Point
    joined the pool', 'agenda cap: at most 4 → at most 3 agendas worth 3 or more points'."""
    phrases: list[str] = []
    for kind in CHANGE_KINDS:
        same = [c for c in changes if c.kind == kind]
        if not same:
            continue
        names = ", ".join(c.name for c in same)
        if kind in _VERBS:
            phrases.append(f"{kind} {names}")
        elif kind in _SETS:
            phrases.append(f"{names} {_SETS[kind]}")
        elif kind in _VALUES:
            values = ", ".join(f"{c.name} {_value(c.before)} → {_value(c.after)}" for c in same)
            phrases.append(f"{_VALUES[kind]}: {values}")
        else:
            phrases.extend(_cap_phrase(c) for c in same)
    return phrases


def _value(value: int | None) -> str:
    return "none" if value is None else str(value)


def _cap_phrase(change: Change) -> str:
    def cap(value: int | None) -> str:
        return "no cap" if value is None else f"at most {value}"

    return (
        f"agenda cap: {cap(change.before)} → {cap(change.after)} agendas worth "
        f"{change.min_points} or more points"
    )
