"""Tournament organiser mode: check every registered deck of an event roster.

Each player registers one Corp and one Runner deck. Every deck is read (files, decklist
text) or fetched (NetrunnerDB links and UUIDs, serially, through the decklist cache),
checked against what is in force, and each player is checked for exactly one deck per
side, each in the right column. One unreachable or unreadable deck never stops the run.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import msgspec
from msgspec.structs import replace

from nrdeck.app.check import check_source
from nrdeck.app.decks import DeckSettings, is_remote, read_deck_text
from nrdeck.app.roster import DeckCell, Roster, RosterEntry, classify_cell
from nrdeck.carddb import CardDB
from nrdeck.errors import DeckInputError, UsageError
from nrdeck.problems import Location, Problem
from nrdeck.results.check import DeckOutcome
from nrdeck.results.event import (
    SIDE_NAMES,
    SIDES,
    ChangedSince,
    EventDeck,
    EventReport,
    PlayerReport,
)
from nrdeck.rules import InForce, Selection, check_deck, select
from nrdeck.rules.registration import check_sides, mark_duplicates

# Called after each deck with (decks done, decks in all, what was just done).
ProgressFn = Callable[[int, int, str], None]


class EventSettings(msgspec.Struct, frozen=True):
    """What to check the decks against (as ``nrdeck check``), and an older list to compare."""

    selection: Selection
    changed_since: str | None = None


def run_event(
    roster: Roster,
    db: CardDB,
    settings: EventSettings,
    deck_settings: DeckSettings,
    progress: ProgressFn | None = None,
) -> EventReport:
    """Read or fetch, then check, every deck of the roster; check each registration."""
    in_force = select(db, settings.selection)
    before = _before(db, settings)
    cells = [_cells(entry, roster.folder) for entry in roster.entries]
    total = sum(1 for pair in cells for cell in pair if cell.kind != "empty")
    done = 0
    players: list[PlayerReport] = []
    for entry, pair in zip(roster.entries, cells, strict=True):
        decks: list[EventDeck] = []
        for column, cell in zip(SIDES, pair, strict=True):
            deck = _deck(roster, entry, column, cell, db, deck_settings, in_force)
            decks.append(_compare(deck, db, before) if before is not None else deck)
            if cell.kind != "empty":
                done += 1
                if progress is not None:
                    progress(done, total, f"{entry.player} · {SIDE_NAMES[column]}")
        players.append(_player(roster, entry, decks[0], decks[1]))
    players = mark_duplicates(players, roster.unit, lambda line: roster_location(roster, line))
    return EventReport(
        roster=roster.source,
        players=tuple(players),
        data=db.info,
        period=in_force.period,
        extra_columns=roster.extra_columns,
        changed_since=_changed_since(before),
    )


def _before(db: CardDB, settings: EventSettings) -> InForce | None:
    """With --changed-since: what was in force under the old list (same format, date, pool)."""
    if settings.changed_since is None:
        return None
    older = replace(settings.selection, banlist_id=settings.changed_since, snapshot_id=None)
    return select(db, older)


def _changed_since(before: InForce | None) -> ChangedSince | None:
    if before is None or before.restriction is None:
        return None
    return ChangedSince(before.restriction.id, before.restriction.name)


def _cells(entry: RosterEntry, folder: Path) -> tuple[DeckCell, DeckCell]:
    return (
        classify_cell(entry.corp, folder, is_remote),
        classify_cell(entry.runner, folder, is_remote),
    )


def _deck(
    roster: Roster,
    entry: RosterEntry,
    column: str,
    cell: DeckCell,
    db: CardDB,
    deck_settings: DeckSettings,
    in_force: InForce,
) -> EventDeck:
    """Read or fetch one deck and check it; failures become the outcome's problems."""
    outcome = _outcome(roster, entry, column, cell, db, deck_settings, in_force)
    return EventDeck(column, cell.kind, cell.label(), outcome)


def _outcome(
    roster: Roster,
    entry: RosterEntry,
    column: str,
    cell: DeckCell,
    db: CardDB,
    deck_settings: DeckSettings,
    in_force: InForce,
) -> DeckOutcome:
    if cell.kind == "empty":
        message = f"no {SIDE_NAMES[column]} deck registered for {entry.player}"
        missing = Problem(
            "event-deck-missing", message, location=roster_location(roster, entry.line)
        )
        return DeckOutcome(source="", problems=(missing,))
    if cell.kind == "text":
        source = f"{roster.source}:{entry.line} ({column})"
        result = check_deck(read_deck_text(cell.spec, source, db), db, in_force)
        return DeckOutcome(source=source, result=result)
    spec = str(cell.path) if cell.path is not None else cell.spec
    try:
        outcome = check_source(spec, db, in_force, deck_settings)
    except (UsageError, DeckInputError) as err:
        message = err.one_line().replace(spec, cell.spec)
        unreadable = Problem("parse-error", message, location=Location(cell.spec))
        return DeckOutcome(source=cell.spec, problems=(unreadable,))
    if outcome.unavailable:  # name the cell as the roster has it
        problems = tuple(replace(p, location=Location(cell.spec)) for p in outcome.problems)
        return replace(outcome, source=cell.spec, problems=problems)
    return outcome


def _compare(deck: EventDeck, db: CardDB, before: InForce) -> EventDeck:
    """Add whether the deck was legal under the old ban list (--changed-since)."""
    if deck.result is None:
        return deck
    old = check_deck(deck.result.deck, db, before)
    return replace(deck, legal_before=old.legal)


def _player(roster: Roster, entry: RosterEntry, corp: EventDeck, runner: EventDeck) -> PlayerReport:
    problems = check_sides(corp, runner, roster_location(roster, entry.line))
    return PlayerReport(entry.player, entry.line, corp, runner, problems, entry.extra)


def roster_location(roster: Roster, line: int | None) -> Location:
    """Where a registration problem points: the roster, and its line for a CSV roster."""
    return Location(roster.source, line if roster.unit == "line" else None)
