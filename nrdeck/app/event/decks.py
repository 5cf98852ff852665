"""An event's decks: each roster cell read, fetched or refused, then checked.

Remote decks are fetched up front by ``nrdeck.app.inputs.remote.prefetch`` (each distinct link
once); every cell is then checked from that map. A private or unknown NetrunnerDB deck is
the player's to fix (``deck-private``, ``deck-not-found``: illegal); a deck that could not be
fetched because NetrunnerDB could not be reached is unavailable (exit 3, retry later).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from pathlib import Path

import msgspec
from msgspec.structs import replace

from nrdeck.app.check import BugHook, read_and_check
from nrdeck.app.inputs.decks import DeckSettings
from nrdeck.app.inputs.remote import Fetched, prefetch
from nrdeck.app.inputs.sources import DeckSource, EmptySource, RefusedSource, classify_cell
from nrdeck.catalog import CardDB
from nrdeck.decklist.deck_ref import DeckRef, link_advice
from nrdeck.problems import Location, Problem
from nrdeck.resolve import resolve
from nrdeck.results.check import DeckOutcome
from nrdeck.results.event import MISSING_CODE, SIDE_NAMES
from nrdeck.roster import Cell, RosterEntry
from nrdeck.rules import InForce
from nrdeck.rules.deckbuilding import DeckContext

# Called with (phase, done, total, what was just done); phase is "fetching" or "checking".
EventProgress = Callable[[str, int, int, str], None]


class CellContext(msgspec.Struct, frozen=True):
    """What checking one cell needs: the data, what is in force, fetched decks, the roster."""

    db: CardDB
    in_force: InForce
    settings: DeckSettings
    fetched: Mapping[DeckRef, Fetched]
    roster: str
    folder: Path
    on_bug: BugHook | None = None  # told of each deck nrdeck failed on (for --debug)

    def where(self, line: int | None, unit: str) -> Location:
        """The roster and (for a CSV roster) its line."""
        return Location(self.roster, line if unit == "line" else None)


def classify(cell: Cell, folder: Path, allow_outside: bool, roster: str, where: str) -> DeckSource:
    """What the cell holds (a file inside the roster's folder, a link, text, a list);
    pasted text is named after the roster and ``where`` ('3 (corp)', 'Ana, corp')."""
    label = f"{roster}:{where}" if where[:1].isdigit() else f"{roster} ({where})"
    return classify_cell(cell, folder, allow_outside, text_label=label)


def fetch_all(
    sources: Iterable[DeckSource],
    db: CardDB,
    settings: DeckSettings,
    jobs: int,
    progress: EventProgress | None,
) -> dict[DeckRef, Fetched]:
    """Every distinct remote deck among the cells, fetched once (``jobs`` at a time)."""

    def advance(done: int, total: int, link: str) -> None:
        if progress is not None:
            progress("fetching", done, total, link)

    return prefetch(sources, db, settings, advance, jobs=jobs)


def deck_outcome(
    source: DeckSource, column: str, player: str, line: int | None, unit: str, ctx: CellContext
) -> DeckOutcome:
    """One cell's deck, read (or taken from the fetched copies) and checked; never raises.

    A cell with nothing in it, or one nrdeck refuses to read, is the registration's problem;
    any other goes through the one guarded path (``app.check.read_and_check``).
    """
    where = ctx.where(line, unit)
    if isinstance(source, EmptySource):
        message = f"no {SIDE_NAMES[column]} deck registered for {player}"
        return DeckOutcome(source="", problems=(Problem(MISSING_CODE, message, location=where),))
    if isinstance(source, RefusedSource):
        return _refused(source, column, where)
    return read_and_check(source, ctx.db, ctx.in_force, ctx.settings, ctx.on_bug, ctx.fetched)[0]


def _refused(source: RefusedSource, column: str, where: Location) -> DeckOutcome:
    if source.kind == "not-a-link":
        advice = link_advice(source.label)
        problem = Problem("not-a-deck-link", f"{advice.message} ({advice.hint})", location=where)
        return DeckOutcome(source=source.label, problems=(problem,))
    message = (
        f"the {SIDE_NAMES[column]} cell names {source.label!r}, {source.reason} outside the "
        "roster's folder: not read"
    )
    hint = "put the deck file in the roster's folder, or pass --allow-paths-outside"
    problem = Problem("event-path-refused", f"{message} ({hint})", location=where)
    return DeckOutcome(source=source.label, problems=(problem,))


def place_unsided(entry: RosterEntry, db: CardDB) -> tuple[RosterEntry, tuple[str, ...]]:
    """Lists whose side the roster does not say go to their identity's column.

    A list without an identity goes to the column of the side all its cards share.

    Returns the entry and the titles of lists that found no free column.
    """
    cells = {"corp": entry.corp, "runner": entry.runner}
    left: list[str] = []
    for raw in entry.unsided:
        side = DeckContext.of(resolve(raw, db), db).side  # identity's, else cards'
        order = [side, *(s for s in cells if s != side)] if side in cells else list(cells)
        free = next((s for s in order if s is not None and cells[s].empty), None)
        if free is None:
            left.append(raw.name or raw.source)
            continue
        cells[free] = Cell(listed=raw)
    placed = replace(entry, corp=cells["corp"], runner=cells["runner"], unsided=())
    return placed, tuple(left)
