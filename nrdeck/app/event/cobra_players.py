"""``event --cobra``: the roster's players against the tournament's list on Cobra.

Matched by Cobra's player id (a TO export's ``player_id``), else by name (composed, case and
white space folded). A player Cobra lists without a deck in the roster gets an entry of
their own (missing); a roster player Cobra does not list, and a dropped player, are noted.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

import msgspec
from msgspec.structs import replace

from nrdeck.cobra import CobraPlayer
from nrdeck.report.event.common import some_names
from nrdeck.results.event import CalendarWarning, CobraEvent, EventReport, PlayersCompared
from nrdeck.roster import Roster, RosterEntry


class PlayerMatch(msgspec.Struct, frozen=True):
    """The roster with Cobra's players who have no deck added, and how each entry compares."""

    roster: Roster
    marks: tuple[str, ...]  # per entry of ``roster``: listed, not-listed, no-deck, dropped
    compared: PlayersCompared
    warnings: tuple[CalendarWarning, ...] = ()


def player_key(name: str) -> str:
    """A name as the lists are matched: composed (NFC), case and white space folded."""
    return " ".join(unicodedata.normalize("NFC", name).casefold().split())


def match_players(
    roster: Roster, players: Sequence[CobraPlayer], tournament_id: int
) -> PlayerMatch:
    """Each roster entry against Cobra's list (by Cobra's player id, else by name)."""
    by_id = {p.id: p for p in players}
    free = {p.id: p for p in players}
    marks: list[str] = []
    not_listed: list[str] = []
    dropped: list[str] = []
    for entry in roster.entries:
        found = _find(entry, by_id, free)
        if found is None:
            marks.append("not-listed")
            not_listed.append(entry.player)
            continue
        free.pop(found.id, None)
        marks.append("listed" if found.active else "dropped")
        dropped += [] if found.active else [entry.player]
    added = [RosterEntry(p.name) for p in free.values() if p.active]
    dropped += [p.name for p in free.values() if not p.active]
    compared = PlayersCompared(
        len(players), tuple(not_listed), tuple(e.player for e in added), tuple(dropped)
    )
    grown = replace(roster, entries=(*roster.entries, *added))
    warnings = _differ(compared, roster, by_id, tournament_id)
    return PlayerMatch(grown, (*marks, *("no-deck" for _ in added)), compared, warnings)


def _find(
    entry: RosterEntry, by_id: dict[str, CobraPlayer], free: dict[str, CobraPlayer]
) -> CobraPlayer | None:
    if entry.key is not None and entry.key in by_id:
        return by_id[entry.key]
    key = player_key(entry.player)
    return next((p for p in free.values() if player_key(p.name) == key), None)


def _differ(
    compared: PlayersCompared, roster: Roster, by_id: dict[str, CobraPlayer], tournament_id: int
) -> tuple[CalendarWarning, ...]:
    found = []
    keys = [e.key for e in roster.entries if e.key is not None]
    if keys and by_id and not any(k in by_id for k in keys):
        found.append(
            CalendarWarning(
                "players-other-tournament",
                f"no player of {roster.source} is on tournament {tournament_id}'s list by "
                "Cobra's player id: is it this tournament's export?",
            )
        )
    if compared.not_listed:
        names = some_names(compared.not_listed)
        found.append(CalendarWarning("players-not-listed", f"not on Cobra's player list: {names}"))
    if compared.missing:
        names = some_names(compared.missing)
        found.append(
            CalendarWarning("players-missing", f"on Cobra's player list without a deck: {names}")
        )
    return tuple(found)


def with_players(report: EventReport, event: CobraEvent, match: PlayerMatch) -> EventReport:
    """The report with each player's mark and the tournament's comparison."""
    players = tuple(replace(p, cobra=match.marks[p.position]) for p in report.players)
    cobra = replace(event, players=match.compared, warnings=(*event.warnings, *match.warnings))
    return replace(report, players=players, cobra=cobra)
