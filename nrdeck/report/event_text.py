"""Plain-text pieces the event reporters share: marks, deck cells, problem lines, summary."""

from __future__ import annotations

from nrdeck.problems import Problem
from nrdeck.results.event import SIDE_NAMES, EventDeck, EventReport, PlayerReport
from nrdeck.results.outcome import Status

PASS, FAIL, NOT_FETCHED = "✓", "✗", "?"


def deck_mark(deck: EventDeck) -> str:
    """✓ legal, ✗ illegal/unreadable/missing, ? not fetched."""
    return {Status.LEGAL: PASS, Status.ILLEGAL: FAIL}.get(deck.status, NOT_FETCHED)


def deck_label(deck: EventDeck) -> str:
    """The identity, or what stands in for it: 'missing', 'not fetched', 'no identity'."""
    if deck.kind == "empty":
        return "missing"
    if deck.result is None:
        return "not fetched" if deck.unavailable else "unreadable"
    label = deck.identity_title or "no identity"
    return f"{label} (cached copy of {deck.cached.date})" if deck.cached else label


def deck_cell(deck: EventDeck) -> str:
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


def player_problems(player: PlayerReport) -> list[tuple[str, Problem]]:
    """Every problem of a player, labelled ``Player``, ``Corp`` or ``Runner``."""
    found = [("Player", p) for p in player.problems]
    for deck in player.decks:
        found.extend((SIDE_NAMES[deck.column], p) for p in deck.all_problems)
    return found


def cached_notes(player: PlayerReport) -> list[str]:
    """'Corp: checked from the cached copy of D: reason', per deck read from a cached copy."""
    return [
        f"{SIDE_NAMES[d.column]}: checked from the cached copy of {c.date}: {c.reason}"
        for d in player.decks
        if (c := d.cached) is not None
    ]


def describe_period(report: EventReport) -> str:
    """'Standard · Standard Ban List 25.08 · … · as of 2025-09-01', or '' when unknown."""
    period = report.period
    if period is None:
        return ""
    parts = [period.format_name, period.restriction_name, period.card_pool_name]
    named = [p for p in dict.fromkeys(parts) if p]
    return " · ".join([*named, f"as of {period.as_of.isoformat()}"])


def summary_line(report: EventReport) -> str:
    """'16 players: 10 ready, 4 illegal, 2 with decks not fetched · card data: …'."""
    n = len(report.players)
    parts = [f"{report.count(Status.LEGAL)} ready", f"{report.count(Status.ILLEGAL)} illegal"]
    if report.count(Status.UNAVAILABLE):
        parts.append(f"{report.count(Status.UNAVAILABLE)} with decks not fetched")
    cached = sum(1 for p in report.players for d in p.decks if d.cached is not None)
    if cached:
        parts.append(f"{cached} decks from cached copies")
    if report.changed_since is not None:
        parts.append(
            f"{len(report.newly_illegal)} made illegal since "
            f"{report.changed_since.restriction_name}"
        )
    noun = "player" if n == 1 else "players"
    return f"{n} {noun}: {', '.join(parts)} · card data: {report.data.describe()}"
