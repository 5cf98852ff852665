"""Plain-text pieces the event reporters share: marks, deck cells, problem lines."""

from __future__ import annotations

from nrdeck.problems import Problem
from nrdeck.report.event_model import ILLEGAL, LEGAL, DeckOutcome

PASS, FAIL, NOT_FETCHED = "✓", "✗", "?"


def deck_mark(deck: DeckOutcome) -> str:
    """✓ legal, ✗ illegal/unreadable/missing, ? not fetched."""
    return {LEGAL: PASS, ILLEGAL: FAIL}.get(deck.status, NOT_FETCHED)


def deck_label(deck: DeckOutcome) -> str:
    """The identity, or what stands in for it: 'missing', 'not fetched', 'no identity'."""
    if deck.kind == "empty":
        return "missing"
    if deck.result is None:
        return "not fetched" if deck.unavailable else "unreadable"
    return deck.identity_title or "no identity"


def deck_cell(deck: DeckOutcome) -> str:
    """'✓ Identity Title'."""
    return f"{deck_mark(deck)} {deck_label(deck)}"


def problem_text(problem: Problem, roster: str) -> str:
    """'banned: message (line 12)', or '(roster line 5)' for a registration problem."""
    return f"{problem.code}: {problem.message}{where(problem, roster)}"


def where(problem: Problem, roster: str) -> str:
    """' (line 12)' in the deck, ' (roster line 5)', or ''."""
    if problem.line is None:
        return ""
    place = "roster line" if problem.location.source == roster else "line"
    return f" ({place} {problem.line})"


def labelled_problem(label: str, problem: Problem, roster: str) -> str:
    """'Corp: banned: message (line 12)' or 'Player: event-side-swapped: … (roster line 3)'."""
    return f"{label}: {problem_text(problem, roster)}"
