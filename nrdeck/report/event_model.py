"""What the event reporters render: per player, the two decks' verdicts and the problems.

The values are built by ``nrdeck.app.event``; reporters only read them.
"""

from __future__ import annotations

from collections.abc import Mapping

import msgspec
from msgspec import field

from nrdeck.carddb import DataInfo
from nrdeck.problems import Problem, Severity
from nrdeck.result import CheckResult, Period

SIDES = ("corp", "runner")
SIDE_NAMES = {"corp": "Corp", "runner": "Runner"}
UNAVAILABLE_CODE = "deck-unavailable"
MISSING_CODE = "event-deck-missing"

# Deck and player statuses, worst last.
LEGAL, UNAVAILABLE, ILLEGAL = "legal", "unavailable", "illegal"


class DeckOutcome(msgspec.Struct, frozen=True):
    """One registered deck: where it came from, its check result, or why there is none."""

    column: str  # the roster column: "corp" or "runner"
    kind: str  # "file", "remote", "text" or "empty"
    source: str  # the cell as the output names it
    result: CheckResult | None = None
    problems: tuple[Problem, ...] = ()  # reading/fetching problems when there is no result
    legal_before: bool | None = None  # with --changed-since: legal under the old ban list

    @property
    def unavailable(self) -> bool:
        """True when a remote deck could not be fetched."""
        return any(p.code == UNAVAILABLE_CODE for p in self.problems)

    @property
    def all_problems(self) -> tuple[Problem, ...]:
        """Reading problems, then the check's problems, errors first."""
        found = self.problems + (self.result.problems if self.result else ())
        return tuple(sorted(found, key=lambda p: p.severity is not Severity.ERROR))

    @property
    def status(self) -> str:
        """``legal``, ``illegal`` (problems, unreadable or missing) or ``unavailable``."""
        if self.unavailable:
            return UNAVAILABLE
        if self.result is None or not self.result.legal:
            return ILLEGAL
        return ILLEGAL if any(p.severity is Severity.ERROR for p in self.problems) else LEGAL

    @property
    def legal(self) -> bool:
        """True when the deck was read and has no error."""
        return self.status == LEGAL

    @property
    def identity_title(self) -> str | None:
        """The identity's title, when the deck was read and has one."""
        return self.result.identity_title if self.result else None

    @property
    def side(self) -> str | None:
        """The side of the deck's identity (``corp``/``runner``), when known."""
        return self.result.side if self.result else None

    @property
    def name(self) -> str | None:
        """The deck's name, when it has one."""
        return self.result.deck.name if self.result else None

    @property
    def newly_illegal(self) -> bool:
        """With --changed-since: legal under the old ban list, illegal under the new one."""
        return self.legal_before is True and self.status == ILLEGAL


class PlayerReport(msgspec.Struct, frozen=True):
    """One player's registration: both decks and the player-level problems."""

    player: str
    line: int | None
    corp: DeckOutcome
    runner: DeckOutcome
    problems: tuple[Problem, ...] = ()
    extra: Mapping[str, str] = field(default_factory=dict)

    @property
    def decks(self) -> tuple[DeckOutcome, DeckOutcome]:
        """(Corp column, Runner column)."""
        return (self.corp, self.runner)

    @property
    def status(self) -> str:
        """``illegal`` beats ``unavailable`` beats ``legal``."""
        statuses = {d.status for d in self.decks}
        if ILLEGAL in statuses or any(p.severity is Severity.ERROR for p in self.problems):
            return ILLEGAL
        return UNAVAILABLE if UNAVAILABLE in statuses else LEGAL

    @property
    def ready(self) -> bool:
        """True when both decks are legal and the registration has no problem."""
        return self.status == LEGAL

    @property
    def newly_illegal(self) -> bool:
        """With --changed-since: a deck that was legal under the old list is not now."""
        return any(d.newly_illegal for d in self.decks)


class ChangedSince(msgspec.Struct, frozen=True):
    """The --changed-since comparison: the old ban list, named for the output."""

    restriction_id: str
    restriction_name: str


class EventReport(msgspec.Struct, frozen=True):
    """One event run: the roster, what was in force, and a report per player."""

    roster: str
    players: tuple[PlayerReport, ...]
    data: DataInfo
    period: Period | None = None
    extra_columns: tuple[str, ...] = ()
    changed_since: ChangedSince | None = None

    def count(self, status: str) -> int:
        """How many players have this status."""
        return sum(1 for p in self.players if p.status == status)

    def deck_count(self, status: str) -> int:
        """How many decks have this status."""
        return sum(1 for p in self.players for d in p.decks if d.status == status)

    @property
    def newly_illegal(self) -> tuple[PlayerReport, ...]:
        """Players with a deck made illegal by the new ban list (with --changed-since)."""
        return tuple(p for p in self.players if p.newly_illegal)


def player_problems(player: PlayerReport) -> list[tuple[str, Problem]]:
    """Every problem of a player, labelled ``Player``, ``Corp`` or ``Runner``."""
    found = [("Player", p) for p in player.problems]
    for deck in player.decks:
        found.extend((SIDE_NAMES[deck.column], p) for p in deck.all_problems)
    return found


def describe_period(report: EventReport) -> str:
    """'Standard · Standard Ban List 25.08 · … · as of 2025-09-01', or '' when unknown."""
    period = report.period
    if period is None:
        return ""
    parts = [period.format_name, period.restriction_name, period.card_pool_name]
    named = [p for p in dict.fromkeys(parts) if p]
    return " · ".join([*named, f"as of {period.as_of.isoformat()}"])


def summary_line(report: EventReport) -> str:
    """'16 players: 10 ready, 4 illegal, 2 unavailable · card data: …'."""
    n = len(report.players)
    parts = [f"{report.count(LEGAL)} ready", f"{report.count(ILLEGAL)} illegal"]
    if report.count(UNAVAILABLE):
        parts.append(f"{report.count(UNAVAILABLE)} with decks not fetched")
    if report.changed_since is not None:
        parts.append(
            f"{len(report.newly_illegal)} made illegal since "
            f"{report.changed_since.restriction_name}"
        )
    noun = "player" if n == 1 else "players"
    return f"{n} {noun}: {', '.join(parts)} · card data: {report.data.describe()}"
