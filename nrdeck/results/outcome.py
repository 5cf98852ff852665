"""Statuses and exit codes: the one place that turns a run's outcomes into its exit code.

Every command (check, stats, event) maps its decks' outcomes (``results.check.DeckOutcome``)
to a ``Status`` and its run to an exit code here, so no two commands read a deck differently.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum

from nrdeck.errors import ExitCode


class Status(str, Enum):
    """A deck's (or a registration's) verdict, worst last."""

    LEGAL = "legal"
    UNAVAILABLE = "unavailable"  # could not be obtained: not the deck's fault, retry later
    ILLEGAL = "illegal"


def worst(statuses: Iterable[Status]) -> Status:
    """Illegal beats unavailable beats legal (legal for none)."""
    seen = set(statuses)
    for status in (Status.ILLEGAL, Status.UNAVAILABLE):
        if status in seen:
            return status
    return Status.LEGAL


def exit_code(statuses: Iterable[Status], *, failed: bool = False) -> ExitCode:
    """The exit code of a run: 1 if anything is illegal, else 3 if anything was unavailable.

    ``failed``: nrdeck failed on some deck (a bug): 4, whatever the other decks' verdicts.
    """
    if failed:
        return ExitCode.INTERNAL
    return {
        Status.ILLEGAL: ExitCode.ILLEGAL,
        Status.UNAVAILABLE: ExitCode.UNAVAILABLE,
        Status.LEGAL: ExitCode.OK,
    }[worst(statuses)]
