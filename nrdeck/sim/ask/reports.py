"""Built-in reports: the questions Corp and Runner players ask, as query columns.

A report is a list of sections; a section is a table of query columns over turns, over
cards accessed (R&D), or over the deck's titles (``cards``). A column may carry its own
click-draw policy.
"""

from __future__ import annotations

from collections.abc import Callable

import msgspec

from nrdeck.errors import UsageError

TURNS, ACCESSES, CARDS = "turns", "accesses", "cards"
RUNNER_TARGET = 7  # agenda points the Runner needs to win
FULL_RIG = "(fracter>=1 & decoder>=1 & killer>=1) | ai>=1"
FULL_RIG_NOTE = "full rig: a fracter, a decoder and a killer, or an AI breaker (any ice)"


class ColumnSpec(msgspec.Struct, frozen=True):
    """One column: a label, a query, and optionally its own click-draws per turn."""

    label: str
    query: str
    click_draws: int | None = None


class SectionSpec(msgspec.Struct, frozen=True):
    """A table over turns of the deck's side, R&D accesses, or the deck's titles."""

    title: str
    columns: tuple[ColumnSpec, ...]
    kind: str = TURNS
    note: str = ""
    density: bool = False  # add R&D's agenda density to the note
    until: float | None = None  # R&D rows: until every column reaches this chance (else 10)


def corp_report(side: str) -> tuple[SectionSpec, ...]:
    """Agenda flood, ice by turn 1, ice and economy by turn."""
    _need(side, "corp", "corp")
    flood = SectionSpec(
        "Agenda flood",
        tuple(ColumnSpec(f"agendas ≥ {k}", f"agenda>={k}") for k in (2, 3, 4)),
        note="cards seen: hand plus draws; agendas scored or installed still count as seen",
    )
    ice = SectionSpec(
        "Ice and economy",
        (
            ColumnSpec("ice ≥ 1", "ice>=1"),
            ColumnSpec("ice ≥ 2", "ice>=2"),
            ColumnSpec("ice ≥ 2 by T1", "ice>=2@T1"),
            ColumnSpec("ice ≥ 1 & econ ≥ 1", "ice>=1 & econ>=1"),
        ),
    )
    return (flood, ice)


def runner_report(side: str) -> tuple[SectionSpec, ...]:
    """Economy and a breaker, each breaker type, a full rig under each click-draw policy."""
    _need(side, "runner", "runner")
    start = SectionSpec(
        "Economy and breakers",
        (
            ColumnSpec("econ & breaker", "econ>=1 & breaker>=1"),
            ColumnSpec("fracter", "fracter>=1"),
            ColumnSpec("decoder", "decoder>=1"),
            ColumnSpec("killer", "killer>=1"),
            ColumnSpec("full rig", FULL_RIG),
        ),
        note=FULL_RIG_NOTE,
    )
    policies = SectionSpec(
        "Full rig by click-draws per turn",
        tuple(ColumnSpec(f"{k} draw{'s' if k != 1 else ''}/turn", FULL_RIG, k) for k in range(5)),
        note="cards seen: the opening hand plus the column's click-draws each turn",
    )
    return (start, policies)


def rnd_report(side: str) -> tuple[SectionSpec, ...]:
    """R&D: an agenda in the top k cards, and accesses the Runner needs for 7 points."""
    _need(side, "corp", "rnd")
    top = SectionSpec(
        "Agenda in the top k cards of R&D",
        (
            ColumnSpec("≥ 1 agenda", "agenda>=1"),
            ColumnSpec("≥ 2 agendas", "agenda>=2"),
        ),
        kind=ACCESSES,
        density=True,
    )
    points = SectionSpec(
        f"Accesses for the Runner to reach {RUNNER_TARGET} points",
        (ColumnSpec(f"{RUNNER_TARGET} points by k", f"runner_points>={RUNNER_TARGET}"),),
        kind=ACCESSES,
        until=0.999,
        note="every access from a freshly shuffled R&D, each card accessed once; agendas "
        "count what they are worth in the Runner's score area",
    )
    return (top, points)


def cards_report(side: str) -> tuple[SectionSpec, ...]:
    """At least one copy of each title by the opening hand, T1, T2 and T3."""
    return (SectionSpec("At least one copy by turn", (), kind=CARDS),)


def _need(side: str, wanted: str, name: str) -> None:
    if side != wanted:
        raise UsageError(
            f"--report {name} is for {wanted.capitalize()} decks and this is a "
            f"{side.capitalize()} deck",
            hint="use --report corp or rnd for Corp decks, --report runner for Runner decks",
        )


REPORT_BY_NAME: dict[str, Callable[[str], tuple[SectionSpec, ...]]] = {
    "corp": corp_report,
    "runner": runner_report,
    "rnd": rnd_report,
    "cards": cards_report,
}
