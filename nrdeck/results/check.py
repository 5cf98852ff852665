"""What a legality check returns (period, figures, problems) and what became of each deck."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from functools import cached_property
from typing import Literal

import msgspec

from nrdeck.catalog.records import DataInfo
from nrdeck.deck import Deck
from nrdeck.errors import ExitCode
from nrdeck.problems import INTERNAL_ERROR, Problem, Severity
from nrdeck.results.outcome import Status, exit_code

# Where a deck comes from: a file, standard input, pasted decklist text, or NetrunnerDB.
Origin = Literal["file", "stdin", "text", "remote"]


class Period(msgspec.Struct, frozen=True):
    """What was in force: format, snapshot, card pool, restriction, date, tier, corrections.

    ``warnings`` and ``stale_data`` are what a user must be told about it (once per run).
    """

    format_id: str
    format_name: str
    as_of: dt.date
    snapshot_id: str | None = None
    card_pool_id: str | None = None
    card_pool_name: str | None = None
    restriction_id: str | None = None
    restriction_name: str | None = None
    restriction_source: str | None = None  # where a format file's list comes from (URL, commit)
    correction: str | None = None
    # casual: sets legal on release; competitive: docs/reference/legality.md §4's delay
    tier: str = "casual"
    warnings: tuple[str, ...] = ()  # rules of the lists in force that nrdeck cannot apply
    stale_data: str | None = None  # the date is long after the card data's: lists unknown
    format_note: str | None = None  # the card data's format used, not a shipped file's

    def describe(self) -> str:
        """'Standard · Ban List 25.08 · pool rotation_2025 · 2025-09-01'."""
        parts = [self.format_name]
        if self.restriction_name:
            parts.append(self.restriction_name)
        if self.card_pool_name:
            parts.append(self.card_pool_name)
        return " · ".join(parts)


class CardCost(msgspec.Struct, frozen=True):
    """One card's contribution to a figure (influence or Eternal points)."""

    card_id: str
    title: str
    copies: int
    amount: int
    note: str = ""


class DeckStats(msgspec.Struct, frozen=True):
    """The deck's figures."""

    cards: int
    min_cards: int | None
    influence_spent: int
    influence_limit: int | None  # None: unlimited; after any global penalty
    influence_breakdown: tuple[CardCost, ...] = ()
    printed_influence_limit: int | None = None
    agenda_points: int | None = None  # Corp only
    agenda_band: tuple[int, int] | None = None
    points: int | None = None  # Eternal points, when the restriction has points
    point_limit: int | None = None
    points_breakdown: tuple[CardCost, ...] = ()


class CheckResult(msgspec.Struct, frozen=True):
    """The verdict on one deck."""

    deck: Deck
    identity_id: str | None
    identity_title: str | None
    side: str | None
    period: Period
    stats: DeckStats
    problems: tuple[Problem, ...]

    @property
    def legal(self) -> bool:
        """True when no problem is an error."""
        return not any(p.severity is Severity.ERROR for p in self.problems)


class CachedCopy(msgspec.Struct, frozen=True):
    """A remote deck checked from the copy cached on ``date``, and why it was not fetched."""

    date: dt.date
    reason: str


class DeckOutcome(msgspec.Struct, frozen=True, dict=True):
    """One deck: its check (fresh or from a cached copy), or why it could not be checked.

    ``result`` is None when the deck could not be read or obtained; ``problems`` then say
    why, and ``unavailable`` tells a deck that could not be obtained (exit 3: try again)
    from one that could not be read (the deck's fault: illegal). A deck nrdeck failed on
    (a bug) has an ``internal-error`` problem: it counts as not legal and the run exits 4.
    """

    source: str
    result: CheckResult | None = None
    cached: CachedCopy | None = None
    problems: tuple[Problem, ...] = ()
    unavailable: bool = False
    origin: Origin = "file"

    @property
    def failed(self) -> bool:
        """True when nrdeck failed on this deck (an internal error: a bug)."""
        return any(p.code == INTERNAL_ERROR for p in self.problems)

    @cached_property  # every report asks again
    def status(self) -> Status:
        """Unavailable, illegal (problems, unreadable) or legal."""
        if self.unavailable:
            return Status.UNAVAILABLE
        if self.result is None or not self.result.legal:
            return Status.ILLEGAL
        if any(p.severity is Severity.ERROR for p in self.problems):
            return Status.ILLEGAL
        return Status.LEGAL

    @property
    def all_problems(self) -> tuple[Problem, ...]:
        """Why it was not checked, then the check's problems; errors first."""
        found = self.problems + (self.result.problems if self.result else ())
        return tuple(sorted(found, key=lambda p: p.severity is not Severity.ERROR))


class CheckTally:
    """A check run's counts, kept deck by deck as the outcomes come (a run streamed to its
    report holds these, not the outcomes): the summary line and the exit code read them."""

    def __init__(self, data: DataInfo) -> None:
        self.data = data
        self.decks = 0
        self.failed = 0  # decks nrdeck failed on (internal errors; counted among the illegal)
        self.cached = 0  # remote decks checked from a cached copy
        self._by_status = dict.fromkeys(Status, 0)

    @classmethod
    def of(cls, outcomes: Iterable[DeckOutcome], data: DataInfo) -> CheckTally:
        """The counts of outcomes held whole."""
        tally = cls(data)
        for outcome in outcomes:
            tally.add(outcome)
        return tally

    def add(self, outcome: DeckOutcome) -> None:
        """Count one more deck."""
        self.decks += 1
        self._by_status[outcome.status] += 1
        self.failed += outcome.failed
        self.cached += outcome.cached is not None

    def count(self, status: Status) -> int:
        """How many decks have this status."""
        return self._by_status[status]

    @property
    def exit_code(self) -> ExitCode:
        """The run's exit code (see ``exit_code``): 4 when nrdeck failed on any deck; 2 when
        the paths held no deck at all (every file a folder search found was skipped)."""
        if not self.decks:
            return ExitCode.USAGE
        seen = (status for status, n in self._by_status.items() if n)
        return exit_code(seen, failed=self.failed > 0)


class CheckReport(msgspec.Struct, frozen=True):
    """One check run: an outcome per deck in the order given, what was in force, the data."""

    outcomes: tuple[DeckOutcome, ...]
    data: DataInfo
    period: Period | None = None

    def count(self, status: Status) -> int:
        """How many decks have this status."""
        return sum(1 for o in self.outcomes if o.status is status)

    @property
    def tally(self) -> CheckTally:
        """The run's counts."""
        return CheckTally.of(self.outcomes, self.data)

    @property
    def exit_code(self) -> ExitCode:
        """The run's exit code (see ``CheckTally.exit_code``)."""
        return self.tally.exit_code
