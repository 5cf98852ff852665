"""The server's answer about one deck as one JSON document: what ``check --output-format
json`` gives (check-v1), and under ``details`` what the page shows beside it (the figures,
when the deck was legal, what the list in force changed, the warnings, the event).

Served to anyone, so it names no file of the server's (``card_data.path`` is null).
"""

from __future__ import annotations

from typing import Any

from nrdeck.catalog import DataInfo
from nrdeck.report.check.json import document
from nrdeck.report.check.text import figure_lines
from nrdeck.report.history import summary, timeline_periods
from nrdeck.report.periods import change_phrases, period_document
from nrdeck.results.answer import CheckAnswer

DETAILS_VERSION = 1


def served_description(info: DataInfo) -> str:
    """The card data as the server names it to anyone: no file of the server's."""
    if info.kind == "file":
        return f"a pinned file ({info.source} of {info.dataset_date or '?'})"
    return info.describe()


def answer_document(answer: CheckAnswer) -> dict[str, Any]:
    """The check-v1 document of the one deck, with ``details`` (version 1)."""
    found = document(answer.report)
    stale = [w.message for w in answer.warnings if w.code == "stale-data"]
    found["card_data"] = {
        **found["card_data"],
        "path": None,
        "description": served_description(answer.report.data),
        "warning": stale[0] if stale else None,
    }
    found["details"] = details(answer)
    return found


def details(answer: CheckAnswer) -> dict[str, Any]:
    """What the page shows beyond the check's document."""
    outcome = answer.report.outcomes[0] if answer.report.outcomes else None
    result = outcome.result if outcome is not None else None
    timeline = answer.timeline
    changed = answer.changes
    event = answer.event
    return {
        "version": DETAILS_VERSION,
        "figures": figure_lines(result, in_force=False) if result is not None else [],
        "legal_dates": (
            {"summary": summary(timeline), "periods": timeline_periods(timeline)}
            if timeline is not None
            else None
        ),
        "in_force": (
            {**period_document(changed, in_force=True), "said": change_phrases(changed.changes)}
            if changed is not None
            else None
        ),
        "warnings": [{"code": w.code, "message": w.message} for w in answer.warnings],
        "event": (
            {"name": event.name, "url": event.url, "line": event.line}
            if event is not None
            else None
        ),
    }
