"""Tournament organiser mode: check every registered deck of an event roster.

Each player registers one Corp and one Runner deck. Every deck is read (files, decklist
text) or fetched (NetrunnerDB links and UUIDs, serially, through the decklist cache),
checked against what is in force, and each player is checked for exactly one deck per
side, each in the right column. One unreachable or unreadable deck never stops the run.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import msgspec

from nrdeck.app.roster import DeckCell, Roster, RosterEntry, classify_cell
from nrdeck.errors import DeckInputError, ExitCode, RemoteDeckError, UsageError
from nrdeck.problems import Location, Problem
from nrdeck.report.event_model import (
    ILLEGAL,
    SIDE_NAMES,
    UNAVAILABLE,
    ChangedSince,
    DeckOutcome,
    EventReport,
    PlayerReport,
)

if TYPE_CHECKING:
    from nrdeck.app.decks import DeckSettings
    from nrdeck.carddb import CardDB
    from nrdeck.deck import Deck
    from nrdeck.rules import InForce

# Called after each deck with (decks done, decks in all, what was just done).
ProgressFn = Callable[[int, int, str], None]


class EventSettings(msgspec.Struct, frozen=True):
    """What to check the decks against (the same choices as ``nrdeck check``)."""

    format_id: str = "standard"
    today: dt.date | None = None
    as_of: dt.date | None = None
    snapshot_id: str | None = None
    banlist_id: str | None = None
    format_file: Path | None = None
    changed_since: str | None = None


def run_event(
    roster: Roster,
    db: CardDB,
    settings: EventSettings,
    deck_settings: DeckSettings,
    progress: ProgressFn | None = None,
) -> EventReport:
    """Read or fetch, then check, every deck of the roster; check each registration."""
    in_force, before = _select(db, settings)
    cells = [_cells(entry, roster.folder) for entry in roster.entries]
    total = sum(1 for pair in cells for cell in pair if cell.kind != "empty")
    done = 0
    players: list[PlayerReport] = []
    for entry, pair in zip(roster.entries, cells, strict=True):
        outcomes: list[DeckOutcome] = []
        for column, cell in zip(("corp", "runner"), pair, strict=True):
            outcomes.append(_outcome(roster, entry, column, cell, db, deck_settings, in_force))
            if cell.kind != "empty":
                done += 1
                if progress is not None:
                    progress(done, total, f"{entry.player} · {SIDE_NAMES[column]}")
        if before is not None:
            outcomes = [_compare(o, db, before) for o in outcomes]
        players.append(_player(roster, entry, outcomes[0], outcomes[1]))
    players = mark_duplicates(players, roster)
    return EventReport(
        roster=roster.source,
        players=tuple(players),
        data=db.info,
        period=in_force.period,
        extra_columns=roster.extra_columns,
        changed_since=_changed_since(before),
    )


def exit_code(report: EventReport) -> ExitCode:
    """1 if any deck or registration is illegal, else 3 if any deck was not fetched, else 0."""
    if report.count(ILLEGAL):
        return ExitCode.ILLEGAL
    if report.count(UNAVAILABLE):
        return ExitCode.UNAVAILABLE
    return ExitCode.OK


def _select(db: CardDB, settings: EventSettings) -> tuple[InForce, InForce | None]:
    """What is in force, and with --changed-since what was in force under the old list."""
    from nrdeck import rules

    today = settings.today or dt.date.today()
    in_force = rules.select(
        db,
        settings.format_id,
        today=today,
        as_of=settings.as_of,
        snapshot_id=settings.snapshot_id,
        banlist_id=settings.banlist_id,
        format_file=settings.format_file,
    )
    if settings.changed_since is None:
        return in_force, None
    before = rules.select(
        db,
        settings.format_id,
        today=today,
        as_of=settings.as_of,
        banlist_id=settings.changed_since,
        format_file=settings.format_file,
    )
    return in_force, before


def _changed_since(before: InForce | None) -> ChangedSince | None:
    if before is None or before.restriction is None:
        return None
    return ChangedSince(before.restriction.id, before.restriction.name)


def _cells(entry: RosterEntry, folder: Path) -> tuple[DeckCell, DeckCell]:
    from nrdeck.app.decks import is_remote

    return (
        classify_cell(entry.corp, folder, is_remote),
        classify_cell(entry.runner, folder, is_remote),
    )


def _outcome(
    roster: Roster,
    entry: RosterEntry,
    column: str,
    cell: DeckCell,
    db: CardDB,
    deck_settings: DeckSettings,
    in_force: InForce,
) -> DeckOutcome:
    """Read or fetch one deck and check it; failures become the outcome's problems."""
    from nrdeck.rules import check_deck

    deck, problems = _read(roster, entry, column, cell, db, deck_settings)
    result = check_deck(deck, db, in_force) if deck is not None else None
    return DeckOutcome(column, cell.kind, cell.label(), result, problems)


def _read(
    roster: Roster,
    entry: RosterEntry,
    column: str,
    cell: DeckCell,
    db: CardDB,
    deck_settings: DeckSettings,
) -> tuple[Deck | None, tuple[Problem, ...]]:
    from nrdeck.app.decks import load_deck, read_deck_text

    here = roster_location(roster, entry.line)
    if cell.kind == "empty":
        message = f"no {SIDE_NAMES[column]} deck registered for {entry.player}"
        return None, (Problem("event-deck-missing", message, location=here),)
    if cell.kind == "text":
        source = f"{roster.source}:{entry.line} ({column})"
        return read_deck_text(cell.spec, source, db), ()
    spec = str(cell.path) if cell.path is not None else cell.spec
    try:
        return load_deck(spec, db, deck_settings), ()
    except RemoteDeckError as err:
        where = Location(cell.spec)
        return None, (Problem("deck-unavailable", err.one_line(), location=where),)
    except (UsageError, DeckInputError) as err:
        message = err.one_line().replace(spec, cell.spec)
        return None, (Problem("parse-error", message, location=Location(cell.spec)),)


def _compare(outcome: DeckOutcome, db: CardDB, before: InForce) -> DeckOutcome:
    """Add whether the deck was legal under the old ban list (--changed-since)."""
    from msgspec.structs import replace

    from nrdeck.rules import check_deck

    if outcome.result is None:
        return outcome
    old = check_deck(outcome.result.deck, db, before)
    return replace(outcome, legal_before=old.legal)


def _player(
    roster: Roster, entry: RosterEntry, corp: DeckOutcome, runner: DeckOutcome
) -> PlayerReport:
    problems = check_sides(corp, runner, roster_location(roster, entry.line))
    return PlayerReport(entry.player, entry.line, corp, runner, problems, entry.extra)


def roster_location(roster: Roster, line: int | None) -> Location:
    """Where a registration problem points: the roster, and its line for a CSV roster."""
    return Location(roster.source, line if roster.unit == "line" else None)


def check_sides(corp: DeckOutcome, runner: DeckOutcome, where: Location) -> tuple[Problem, ...]:
    """Exactly one Corp and one Runner deck, each in its own column."""
    if corp.side == "runner" and runner.side == "corp":
        message = (
            f"the Corp column holds a Runner deck ({corp.identity_title}) and the Runner "
            f"column a Corp deck ({runner.identity_title}): swap them"
        )
        return (Problem("event-side-swapped", message, location=where),)
    problems: list[Problem] = []
    for outcome, expected in ((corp, "corp"), (runner, "runner")):
        if outcome.side is not None and outcome.side != expected:
            message = (
                f"the {SIDE_NAMES[expected]} column holds a {SIDE_NAMES[outcome.side]} deck "
                f"({outcome.identity_title}): register one {SIDE_NAMES[expected]} deck"
            )
            problems.append(Problem("event-wrong-side", message, location=where))
    return tuple(problems)


def mark_duplicates(players: list[PlayerReport], roster: Roster) -> list[PlayerReport]:
    """A player registered twice gets a problem on every registration after the first."""
    from msgspec.structs import replace

    first: dict[str, PlayerReport] = {}
    marked: list[PlayerReport] = []
    for player in players:
        key = " ".join(player.player.casefold().split())
        seen = first.setdefault(key, player)
        if seen is not player:
            message = (
                f"{player.player} is already registered ({roster.unit} {seen.line} of the roster)"
            )
            where = roster_location(roster, player.line)
            problem = Problem("event-duplicate-player", message, location=where)
            player = replace(player, problems=(*player.problems, problem))
        marked.append(player)
    return marked
