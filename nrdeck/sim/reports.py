"""Built-in reports: the questions Corp and Runner players ask, as query columns.

A report is a list of sections; a section is a table of query columns over turns (or
over cards accessed, for R&D). A column may carry its own click-draw policy.
"""

from __future__ import annotations

from collections.abc import Callable

import msgspec

from nrdeck.errors import UsageError


class ColumnSpec(msgspec.Struct, frozen=True):
    """One column: a label, a query, and optionally its own click-draws per turn."""

    label: str
    query: str
    click_draws: int | None = None


class SectionSpec(msgspec.Struct, frozen=True):
    """A table: over turns of the deck's side, or over R&D accesses (``accesses=True``)."""

    title: str
    columns: tuple[ColumnSpec, ...]
    accesses: bool = False
    note: str = ""
    density: bool = False  # add R&D's agenda density to the note


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
    rig = "fracter>=1 & decoder>=1 & killer>=1"
    start = SectionSpec(
        "Economy and breakers",
        (
            ColumnSpec("econ & breaker", "econ>=1 & breaker>=1"),
            ColumnSpec("fracter", "fracter>=1"),
            ColumnSpec("decoder", "decoder>=1"),
            ColumnSpec("killer", "killer>=1"),
            ColumnSpec("full rig", rig),
        ),
    )
    policies = SectionSpec(
        "Full rig (fracter, decoder, killer) by click-draws per turn",
        tuple(ColumnSpec(f"{k} draw{'s' if k != 1 else ''}/turn", rig, k) for k in range(5)),
        note="cards seen: 5 in hand plus the column's click-draws each turn",
    )
    return (start, policies)


def rnd_report(side: str) -> tuple[SectionSpec, ...]:
    """R&D: an agenda in the top k cards, and accesses needed to reach 7 points."""
    _need(side, "corp", "rnd")
    top = SectionSpec(
        "Agenda in the top k cards of R&D",
        (
            ColumnSpec("≥ 1 agenda", "agenda>=1"),
            ColumnSpec("≥ 2 agendas", "agenda>=2"),
        ),
        accesses=True,
        density=True,
    )
    points = SectionSpec(
        "Accesses to reach 7 agenda points",
        (ColumnSpec("7 points by k", "points>=7"),),
        accesses=True,
        note="every access from a freshly shuffled R&D, each card accessed once",
    )
    return (top, points)


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
}
