"""What an event run returns: per player, the two registered decks' outcomes and problems.

Built by ``nrdeck.app.event.run`` (registration problems by ``nrdeck.rules.event.registration``);
reporters only read them.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from functools import cached_property

import msgspec

from nrdeck.catalog.records import DataInfo
from nrdeck.errors import ExitCode
from nrdeck.problems import Problem, Severity
from nrdeck.results.check import CachedCopy, CheckResult, DeckOutcome, Period
from nrdeck.results.diff import DeckDiff
from nrdeck.results.outcome import Status, exit_code, worst

SIDES = ("corp", "runner")
SIDE_NAMES = {"corp": "Corp", "runner": "Runner"}
MISSING_CODE = "event-deck-missing"


class ProblemGroup(msgspec.Struct, frozen=True):
    """Problems of one kind in one deck, said once: '20 cards rotated out (Sting!, …)'."""

    code: str
    summary: str  # the one problem's message, or '20 cards rotated out'
    problems: tuple[Problem, ...]
    examples: tuple[str, ...] = ()  # card titles (or lines) the group names

    @property
    def severity(self) -> Severity:
        """An error when any problem of the group is one."""
        errors = any(p.severity is Severity.ERROR for p in self.problems)
        return Severity.ERROR if errors else Severity.WARNING

    def describe(self, shown: int = 3) -> str:
        """'20 cards rotated out (Sting!, Deep Dive, Hedge Fund, …)'."""
        if not self.examples:
            return self.summary
        more = ", …" if len(self.examples) > shown else ""
        return f"{self.summary} ({', '.join(self.examples[:shown])}{more})"


class EventDeck(msgspec.Struct, frozen=True):
    """One registered deck: the roster cell it came from and what became of it."""

    column: str  # the roster column: "corp" or "runner"
    kind: str  # the cell: file, remote, text, listed, empty, refused or not-a-link
    source: str  # the cell as the output names it
    outcome: DeckOutcome
    legal_before: bool | None = None  # with --changed-since: legal under the old ban list
    groups: tuple[ProblemGroup, ...] = ()  # the problems, grouped (errors first)
    same_as: tuple[str, ...] = ()  # other players who registered the identical list (first few)
    same_columns: tuple[str, ...] = ()  # the column each of them registered it in
    same_count: int = 0  # how many other players registered it

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
    def missing(self) -> bool:
        """True when no deck is registered in this column."""
        return self.kind == "empty"

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


class PlayerState(str, Enum):
    """What the organiser reads per player, worst first."""

    NEEDS_FIXING = "needs fixing"
    MISSING = "missing"
    NOT_FETCHED = "not fetched"
    READY = "ready"

    @property
    def rank(self) -> int:
        """0 for the worst state."""
        return list(PlayerState).index(self)

    @property
    def slug(self) -> str:
        """'needs-fixing': the state as a JSON value."""
        return self.value.replace(" ", "-")


class ListComparison(msgspec.Struct, frozen=True):
    """With --compare-with: one column's list against the other roster's (None: absent)."""

    column: str
    diff: DeckDiff | None
    note: str = ""  # why there is no diff ('not in the other roster', 'not read')


class SettingSource(msgspec.Struct, frozen=True):
    """One setting of the event and where it came from: Cobra, an option, or a default.

    ``setting``: date, format, card pool, ban list or tier; ``value`` as shown.
    """

    setting: str
    value: str | None
    source: str  # "cobra", "option" or "default"
    note: str = ""  # why a setting did not come from Cobra ("Cobra gives no tier")


class CalendarWarning(msgspec.Struct, frozen=True):
    """A tournament setting the corrected calendar disagrees with (a stable ``code``)."""

    code: str
    message: str


class PlayersCompared(msgspec.Struct, frozen=True):
    """The roster's players against the tournament's list on Cobra, by name.

    ``not_listed``: in the roster, not on Cobra's list (a stale export, another
    tournament's, a player since deleted); ``missing``: active on Cobra's list without a
    deck in the roster; ``dropped``: dropped in Cobra (information).
    """

    listed: int  # players on Cobra's list
    not_listed: tuple[str, ...] = ()
    missing: tuple[str, ...] = ()
    dropped: tuple[str, ...] = ()

    @property
    def differ(self) -> bool:
        """True when a player is on one list and not the other."""
        return bool(self.not_listed or self.missing)


class CobraEvent(msgspec.Struct, frozen=True):
    """The Cobra tournament an event took its settings from, and what it said."""

    url: str  # the tournament's page
    tournament_id: int
    name: str
    type: str | None  # the tournament type's name ("District Championship")
    settings: tuple[SettingSource, ...] = ()
    warnings: tuple[CalendarWarning, ...] = ()
    players: PlayersCompared = PlayersCompared(0)
    cached: str | None = None  # the cached answers' date, when read offline

    @property
    def from_cobra(self) -> tuple[str, ...]:
        """The settings Cobra gave."""
        return tuple(s.setting for s in self.settings if s.source == "cobra")


COBRA_MARKS = ("listed", "not-listed", "no-deck", "dropped")  # PlayerReport.cobra


class PlayerReport(msgspec.Struct, frozen=True, dict=True):
    """One player's registration: both decks and the player-level problems (its status and
    state worked out once: every report asks for them again)."""

    player: str
    line: int | None
    corp: EventDeck
    runner: EventDeck
    problems: tuple[Problem, ...] = ()
    extra: Mapping[str, str] = {}
    misplaced: tuple[str, ...] = ()  # columns a registration problem flags (swapped, ...)
    comparisons: tuple[ListComparison, ...] = ()
    position: int = 0  # the player's place in the roster (0-based)
    cobra: str | None = None  # with --cobra: one of COBRA_MARKS

    @property
    def decks(self) -> tuple[EventDeck, EventDeck]:
        """(Corp column, Runner column)."""
        return (self.corp, self.runner)

    @cached_property
    def status(self) -> Status:
        """The worst of both decks, and illegal for a registration problem."""
        own = Status.ILLEGAL if any(p.severity is Severity.ERROR for p in self.problems) else None
        return worst([d.status for d in self.decks] + ([own] if own else []))

    @cached_property
    def state(self) -> PlayerState:
        """Needs fixing (an illegal, unreadable or misplaced deck), missing, not fetched, ready."""
        errors = [p for p in self.problems if p.severity is Severity.ERROR]
        illegal = [d for d in self.decks if d.status is Status.ILLEGAL and not d.missing]
        if errors or illegal:
            return PlayerState.NEEDS_FIXING
        if any(d.missing for d in self.decks):
            return PlayerState.MISSING
        if any(d.status is Status.UNAVAILABLE for d in self.decks):
            return PlayerState.NOT_FETCHED
        return PlayerState.READY

    @property
    def ready(self) -> bool:
        """True when both decks are legal and the registration has no problem."""
        return self.state is PlayerState.READY

    def deck_ok(self, deck: EventDeck) -> bool:
        """True when the deck is legal and registered in the right place."""
        return deck.legal and deck.column not in self.misplaced

    @property
    def newly_illegal(self) -> bool:
        """With --changed-since: a deck that was legal under the old list is not now."""
        return any(d.newly_illegal for d in self.decks)

    @property
    def differs(self) -> bool:
        """With --compare-with: a list differs from (or is absent in) the other roster."""
        return any(c.diff is None or not c.diff.same for c in self.comparisons)


class ChangedSince(msgspec.Struct, frozen=True):
    """The --changed-since comparison: the old ban list, named for the output."""

    restriction_id: str
    restriction_name: str


class PoolLimit(msgspec.Struct, frozen=True):
    """--cardpool-up-to: the last set in the pool (Cobra's 'Legal Cardpool Up To')."""

    set_id: str
    set_name: str


class EventReport(msgspec.Struct, frozen=True):
    """One event run: the roster, what was in force, and a report per player."""

    roster: str
    players: tuple[PlayerReport, ...]
    data: DataInfo
    period: Period | None = None
    extra_columns: tuple[str, ...] = ()
    changed_since: ChangedSince | None = None
    roster_format: str = "csv"
    pool_limit: PoolLimit | None = None
    compared_with: str | None = None
    cobra: CobraEvent | None = None

    def count(self, status: Status) -> int:
        """How many players have this status."""
        return sum(1 for p in self.players if p.status is status)

    def count_state(self, state: PlayerState) -> int:
        """How many players are in this state."""
        return sum(1 for p in self.players if p.state is state)

    def deck_count(self, status: Status) -> int:
        """How many decks have this status."""
        return sum(1 for p in self.players for d in p.decks if d.status is status)

    @property
    def to_act(self) -> tuple[PlayerReport, ...]:
        """Players who must do something (every player not ready), worst first."""
        waiting = [p for p in self.players if not p.ready]
        return tuple(sorted(waiting, key=lambda p: p.state.rank))

    @property
    def newly_illegal(self) -> tuple[PlayerReport, ...]:
        """Players with a deck made illegal by the new ban list (with --changed-since)."""
        return tuple(p for p in self.players if p.newly_illegal)

    @property
    def exit_code(self) -> ExitCode:
        """1 if any deck or registration is illegal, else 3 if a deck was unavailable, else 0.

        A player dropped in Cobra plays no more: their decks are shown, as information, and
        count toward neither.
        """
        playing = [p for p in self.players if p.cobra != "dropped"]
        failed = any(d.outcome.failed for p in playing for d in p.decks)
        return exit_code((p.status for p in playing), failed=failed)
