"""Plain-text pieces the event reporters share: marks, deck cells, problem lines, actions.

The strings returned here quote untrusted text (player names, roster cells, deck names)
as it is; each renderer makes them safe for its format (``report.safe`` on a terminal,
escaping in Markdown and HTML).
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from nrdeck.problems import Problem
from nrdeck.results.event import (
    SIDE_NAMES,
    CobraEvent,
    EventDeck,
    EventReport,
    PlayerReport,
    PlayerState,
    SettingSource,
)

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


COBRA_NOTES = {
    "not-listed": "not on Cobra's player list",
    "no-deck": "on Cobra's player list, no deck in the roster",
    "dropped": "dropped in Cobra",
}


def note_lines(report: EventReport, player: PlayerReport) -> list[str]:
    """Cached copies, identical lists, Cobra's list and --changed-since findings: information."""
    notes = [COBRA_NOTES[player.cobra]] if player.cobra in COBRA_NOTES else []
    for deck in player.decks:
        side = SIDE_NAMES[deck.column]
        if deck.cached is not None:
            notes.append(
                f"{side}: checked from the cached copy of {deck.cached.date}: {deck.cached.reason}"
            )
        if deck.same_as:
            more = deck.same_count - len(deck.same_as)
            lists = [
                f"{name}'s {SIDE_NAMES[column]} list"
                for name, column in zip(deck.same_as, deck.same_columns, strict=True)
            ]
            names = ", ".join(lists) + (f" and {more} more" if more > 0 else "")
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
    dropped = sum(1 for p in report.players if p.cobra == "dropped")
    if dropped:
        parts.append(f"{dropped} dropped in Cobra (not counted in the exit code)")
    if report.changed_since is not None:
        parts.append(
            f"{len(report.newly_illegal)} made illegal since "
            f"{report.changed_since.restriction_name}"
        )
    noun = "player" if n == 1 else "players"
    return f"{n} {noun}: {' · '.join(parts)} · card data: {report.data.describe()}"


def _setting(setting: SettingSource) -> str:
    """'ban list Standard Ban List 25.10', 'card pool: the whole pool'."""
    value = setting.value
    if setting.setting == "card pool":
        said = f"card pool up to {value}" if value else "card pool: the format's whole pool"
    else:
        said = f"{setting.setting} {value}" if value else f"{setting.setting}: none"
    if setting.source == "cobra":
        return said
    return f"{said} ({setting.source}{': ' + setting.note if setting.note else ''})"


def cobra_tournament_line(event: CobraEvent) -> str:
    """'Cobra: London District Championship 2025 (tournament 5871, District Championship) URL'."""
    kind = f", {event.type}" if event.type else ""
    cached = f" (Cobra's answers cached on {event.cached})" if event.cached else ""
    return f"Cobra: {event.name} (tournament {event.tournament_id}{kind}) {event.url}{cached}"


def cobra_settings_lines(event: CobraEvent) -> list[str]:
    """Which settings came from Cobra, and how the others were chosen."""
    cobra = [_setting(s) for s in event.settings if s.source == "cobra"]
    others = [_setting(s) for s in event.settings if s.source != "cobra"]
    lines = [f"settings from Cobra: {', '.join(cobra) or 'none'}"]
    return lines + ([f"not from Cobra: {', '.join(others)}"] if others else [])


def some_names(names: Sequence[str], shown: int = 20) -> str:
    """'Ana, Ben, … and 12 more': the first ``shown`` names (the JSON lists them all)."""
    more = len(names) - shown
    return ", ".join(names[:shown]) + (f" and {more} more" if more > 0 else "")


def cobra_players_line(event: CobraEvent) -> str:
    """'Cobra lists 4 players; not on Cobra's list: X; without a deck: Y; dropped: Z'."""
    compared = event.players
    noun = "player" if compared.listed == 1 else "players"
    parts = [f"Cobra lists {compared.listed} {noun}"]
    for names, said in (
        (compared.not_listed, "not on Cobra's list"),
        (compared.missing, "on Cobra's list without a deck"),
        (compared.dropped, "dropped in Cobra"),
    ):
        if names:
            parts.append(f"{said}: {some_names(names)}")
    if len(parts) == 1:
        parts.append("every roster player is on it, and every player on it has a deck here")
    return "; ".join(parts)


def cobra_lines(event: CobraEvent, *, players: bool = True) -> list[str]:
    """The tournament, where each setting came from, and (``players``) the players compared."""
    lines = [cobra_tournament_line(event), *cobra_settings_lines(event)]
    return [*lines, cobra_players_line(event)] if players else lines


# the players' differences, which the players' line names already
PLAYER_DIFFERENCES = frozenset({"players-not-listed", "players-missing"})


def cobra_warning_lines(event: CobraEvent) -> list[str]:
    """The calendar's warnings ('warning: the tournament's ban list …'), and the players'
    but for the differences ``cobra_players_line`` names."""
    return [f"warning: {w.message}" for w in event.warnings if w.code not in PLAYER_DIFFERENCES]


def public_cobra_lines(event: CobraEvent) -> list[str]:
    """What a public page says of the tournament: its name, its settings, the players
    compared by name (no warnings, no ids)."""
    kind = f" ({event.type})" if event.type else ""
    return [f"Cobra: {event.name}{kind}", *cobra_settings_lines(event), cobra_players_line(event)]
