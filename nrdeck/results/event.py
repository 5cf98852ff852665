"""What an event run returns: per player, the two registered decks' outcomes and problems.

Built by ``nrdeck.app.event`` (registration problems by ``nrdeck.rules.registration``);
reporters only read them.
"""

from __future__ import annotations

from collections.abc import Mapping

import msgspec

from nrdeck.cardrecords import DataInfo
from nrdeck.errors import ExitCode
from nrdeck.problems import Problem, Severity
from nrdeck.results.check import CachedCopy, CheckResult, DeckOutcome, Period
from nrdeck.results.outcome import Status, exit_code, worst

SIDES = ("corp", "runner")
SIDE_NAMES = {"corp": "Corp", "runner": "Runner"}


class EventDeck(msgspec.Struct, frozen=True):
    """One registered deck: the roster cell it came from and what became of it."""

    column: str  # the roster column: "corp" or "runner"
    kind: str  # the cell: "file", "remote", "text" or "empty"
    source: str  # the cell as the output names it
    outcome: DeckOutcome
    legal_before: bool | None = None  # with --changed-since: legal under the old ban list

    @property
    def result(self) -> CheckResult | None:
        """The check, when the deck was read."""
        return self.outcome.result

    @property
    def cached(self) -> CachedCopy | None:
        """The cached copy a remote deck was read from, when it was not fetched."""
        return self.outcome.cached

    @property
    def unavailable(self) -> bool:
        """True when a remote deck could not be obtained."""
        return self.outcome.unavailable

    @property
    def all_problems(self) -> tuple[Problem, ...]:
        """Reading problems, then the check's problems, errors first."""
        return self.outcome.all_problems

    @property
    def status(self) -> Status:
        """Legal, illegal (problems, unreadable or missing) or unavailable."""
        return self.outcome.status

    @property
    def legal(self) -> bool:
        """True when the deck was read and has no error."""
        return self.status is Status.LEGAL

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
        return self.legal_before is True and self.status is Status.ILLEGAL


class PlayerReport(msgspec.Struct, frozen=True):
    """One player's registration: both decks and the player-level problems."""

    player: str
    line: int | None
    corp: EventDeck
    runner: EventDeck
    problems: tuple[Problem, ...] = ()
    extra: Mapping[str, str] = {}

    @property
    def decks(self) -> tuple[EventDeck, EventDeck]:
        """(Corp column, Runner column)."""
        return (self.corp, self.runner)

    @property
    def status(self) -> Status:
        """The worst of both decks, and illegal for a registration problem."""
        own = Status.ILLEGAL if any(p.severity is Severity.ERROR for p in self.problems) else None
        return worst([d.status for d in self.decks] + ([own] if own else []))

    @property
    def ready(self) -> bool:
        """True when both decks are legal and the registration has no problem."""
        return self.status is Status.LEGAL

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

    def count(self, status: Status) -> int:
        """How many players have this status."""
        return sum(1 for p in self.players if p.status is status)

    def deck_count(self, status: Status) -> int:
        """How many decks have this status."""
        return sum(1 for p in self.players for d in p.decks if d.status is status)

    @property
    def newly_illegal(self) -> tuple[PlayerReport, ...]:
        """Players with a deck made illegal by the new ban list (with --changed-since)."""
        return tuple(p for p in self.players if p.newly_illegal)

    @property
    def exit_code(self) -> ExitCode:
        """1 if any deck or registration is illegal, else 3 if a deck was unavailable, else 0."""
        return exit_code(p.status for p in self.players)
