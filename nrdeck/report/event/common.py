"""Plain-text pieces the event reporters share: marks, deck cells, problem lines, actions.

The strings returned here quote untrusted text (player names, roster cells, deck names)
as it is; each renderer makes them safe for its format (``report.safe`` on a terminal,
escaping in Markdown and HTML).
"""

from __future__ import annotations

import msgspec

from nrdeck.problems import Problem
from nrdeck.results.event import SIDE_NAMES, EventDeck, EventReport, PlayerReport, PlayerState

PASS, FAIL, NOT_FETCHED = "✓", "✗", "?"
AUDIENCES = ("public", "organiser")


class EventRenderOptions(msgspec.Struct, frozen=True):
    """How to render: ``quiet`` (players not ready only), who reads it, CSV for Excel."""

    quiet: bool = False
    audience: str = "organiser"  # public: player names and states only
    public_columns: tuple[str, ...] = ()  # extra columns a public page may show
    excel: bool = False  # CSV with a BOM


def deck_mark(player: PlayerReport, deck: EventDeck) -> str:
    """✓ legal and in its place, ? not fetched, ✗ anything else (never two ✓ for a swap)."""
    if player.deck_ok(deck):
        return PASS
    return NOT_FETCHED if deck.unavailable else FAIL


def deck_label(deck: EventDeck) -> str:
    """The identity, or what stands in for it: 'missing', 'not fetched', 'unreadable'."""
    if deck.missing:
        return "missing"
    if deck.result is None:
        codes = {p.code for p in deck.all_problems}
        if deck.unavailable:
            return "not fetched"
        if "deck-private" in codes:
            return "private deck"
        if "deck-not-found" in codes:
            return "no such deck"
        return "not read" if codes & {"event-path-refused", "not-a-deck-link"} else "unreadable"
    label = deck.identity_title or "no identity"
    return f"{label} (cached copy of {deck.cached.date})" if deck.cached else label


def deck_cell(player: PlayerReport, deck: EventDeck) -> str:
    """'✓ Identity Title'."""
    return f"{deck_mark(player, deck)} {deck_label(deck)}"


def where(problem: Problem, roster: str) -> str:
    """' (line 12)' in the deck, ' (roster line 5)', or ''."""
    if problem.line is None:
        return ""
    place = "roster line" if problem.location.source == roster else "line"
    return f" ({place} {problem.line})"


def problem_lines(player: PlayerReport, roster: str) -> list[str]:
    """'Corp: 20 cards rotated out (Sting!, …)', one line per group, player problems first."""
    lines = [f"Player: {p.message}{where(p, roster)}" for p in player.problems]
    for deck in player.decks:
        for group in deck.groups:
            single = group.problems[0] if len(group.problems) == 1 else None
            suffix = where(single, roster) if single is not None else ""
            lines.append(f"{SIDE_NAMES[deck.column]}: {group.describe()}{suffix}")
    return lines


def note_lines(report: EventReport, player: PlayerReport) -> list[str]:
    """Cached copies, identical lists and --changed-since findings: information."""
    notes = []
    for deck in player.decks:
        side = SIDE_NAMES[deck.column]
        if deck.cached is not None:
            notes.append(
                f"{side}: checked from the cached copy of {deck.cached.date}: {deck.cached.reason}"
            )
        if deck.same_as:
            more = deck.same_count - len(deck.same_as)
            names = ", ".join(deck.same_as) + (f" and {more} more" if more > 0 else "")
            notes.append(f"{side}: the same list as {names}")
    if report.changed_since is not None and player.newly_illegal:
        notes.insert(0, f"legal under {report.changed_since.restriction_name}, illegal now")
    return notes


def public_state(player: PlayerReport) -> str:
    """'ready', or 'ready (checked from a cached copy of 2025-10-01)': nothing private."""
    dates = sorted({d.cached.date for d in player.decks if d.cached is not None})
    if not dates:
        return player.state.value
    return f"{player.state.value} (checked from a cached copy of {', '.join(map(str, dates))})"


def describe_period(report: EventReport) -> str:
    """'Standard · Standard Ban List 25.08 · … · as of 2025-09-01', or '' when unknown."""
    period = report.period
    if period is None:
        return ""
    parts = [period.format_name, period.restriction_name, period.card_pool_name]
    named = [p for p in dict.fromkeys(parts) if p]
    return " · ".join([*named, f"as of {period.as_of.isoformat()}"])


def _count(n: int, state: PlayerState) -> str:
    if state is PlayerState.NEEDS_FIXING:
        return f"{n} {'needs' if n == 1 else 'need'} fixing"
    return f"{n} {state.value}"


def state_counts(report: EventReport) -> str:
    """'13 ready · 5 need fixing · 1 not fetched' (states nobody is in are left out)."""
    order = (
        PlayerState.READY,
        PlayerState.NEEDS_FIXING,
        PlayerState.MISSING,
        PlayerState.NOT_FETCHED,
    )
    parts = [
        _count(report.count_state(s), s)
        for s in order
        if report.count_state(s) or s is PlayerState.READY
    ]
    return " · ".join(parts)


def action_lines(report: EventReport) -> list[str]:
    """One line per player who must act: 'Cleo Martin (needs fixing): Corp: …; Runner: …'."""
    lines = []
    for player in report.to_act:
        said = problem_lines(player, report.roster) or [player.state.value]
        lines.append(f"{player.player} ({player.state.value}): {'; '.join(said)}")
    return lines


def summary_line(report: EventReport) -> str:
    """'16 players: 5 ready · 7 need fixing · 4 not fetched · card data: …' (for stderr)."""
    n = len(report.players)
    parts = [state_counts(report)]
    cached = sum(1 for p in report.players for d in p.decks if d.cached is not None)
    if cached:
        parts.append(f"{cached} {'deck' if cached == 1 else 'decks'} from cached copies")
    if report.changed_since is not None:
        parts.append(
            f"{len(report.newly_illegal)} made illegal since "
            f"{report.changed_since.restriction_name}"
        )
    noun = "player" if n == 1 else "players"
    return f"{n} {noun}: {' · '.join(parts)} · card data: {report.data.describe()}"
