"""An event's decks: each roster cell read, fetched or refused, then checked.

Remote decks are fetched up front by ``nrdeck.app.inputs.remote.prefetch`` (each distinct link
once); every cell is then checked from that map. A private or unknown NetrunnerDB deck is
the player's to fix (``deck-private``, ``deck-not-found``: illegal); a deck that could not be
fetched because NetrunnerDB could not be reached is unavailable (exit 3, retry later).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

import msgspec
from msgspec.structs import replace

from nrdeck.app.check import BugHook, failed, remote_failure
from nrdeck.app.inputs.decks import DeckSettings, LoadedDeck, is_remote, obtain_deck, read_deck_text
from nrdeck.app.inputs.remote import prefetch
from nrdeck.app.inputs.roster import DeckCell, classify_cell
from nrdeck.carddb import CardDB
from nrdeck.deck import Deck
from nrdeck.errors import DeckInputError, RemoteDeckError, UsageError
from nrdeck.problems import Location, Problem
from nrdeck.resolve import resolve
from nrdeck.results.check import DeckOutcome
from nrdeck.results.event import MISSING_CODE, SIDE_NAMES
from nrdeck.roster import Cell, RosterEntry
from nrdeck.rules import InForce, check_deck
from nrdeck.rules import context as deck_rules

Fetched = dict[str, LoadedDeck | RemoteDeckError]
# Called with (phase, done, total, what was just done); phase is "fetching" or "checking".
EventProgress = Callable[[str, int, int, str], None]


class DeckContext(msgspec.Struct, frozen=True):
    """What checking one cell needs: the data, what is in force, fetched decks, the roster."""

    db: CardDB
    in_force: InForce
    settings: DeckSettings
    fetched: Fetched
    roster: str
    folder: Path
    allow_outside: bool = False
    on_bug: BugHook | None = None  # told of each deck nrdeck failed on (for --debug)

    def where(self, line: int | None, unit: str) -> Location:
        """The roster and (for a CSV roster) its line."""
        return Location(self.roster, line if unit == "line" else None)


def classify(cell: Cell, folder: Path, allow_outside: bool) -> DeckCell:
    """What the cell holds (links, files inside the roster's folder, text, lists)."""
    return classify_cell(cell, folder, is_remote, allow_outside)


def fetch_all(
    cells: Iterable[DeckCell],
    db: CardDB,
    settings: DeckSettings,
    jobs: int,
    progress: EventProgress | None,
) -> Fetched:
    """Every distinct remote deck among the cells, fetched once (``jobs`` at a time)."""
    specs = [c.spec for c in cells if c.kind == "remote"]
    if not specs:
        return {}

    def advance(done: int, total: int, link: str) -> None:
        if progress is not None:
            progress("fetching", done, total, link)

    return prefetch(specs, db, settings, advance, jobs=jobs)


def deck_outcome(
    cell: DeckCell, column: str, player: str, line: int | None, unit: str, ctx: DeckContext
) -> DeckOutcome:
    """Read (or take the fetched copy of) one cell's deck and check it; never raises.

    An unexpected exception is a bug on this deck only: it becomes the deck's
    ``internal-error`` (the run then exits 4, every other deck still reported).
    """
    try:
        return _cell_outcome(cell, column, player, line, unit, ctx)
    except Exception as exc:  # the one place a bug on one registered deck is kept to it
        label = cell.label() or f"{player} ({SIDE_NAMES[column]})"
        if ctx.on_bug is not None:
            ctx.on_bug(label, exc)
        return failed(label, exc, "remote" if cell.kind == "remote" else "file")


def _cell_outcome(
    cell: DeckCell, column: str, player: str, line: int | None, unit: str, ctx: DeckContext
) -> DeckOutcome:
    where = ctx.where(line, unit)
    if cell.kind == "empty":
        message = f"no {SIDE_NAMES[column]} deck registered for {player}"
        return DeckOutcome(source="", problems=(Problem(MISSING_CODE, message, location=where),))
    if cell.kind == "refused":
        message = (
            f"the {SIDE_NAMES[column]} cell names {cell.spec!r}, {cell.reason} outside the "
            "roster's folder: not read"
        )
        hint = "put the deck file in the roster's folder, or pass --allow-paths-outside"
        problem = Problem("event-path-refused", f"{message} ({hint})", location=where)
        return DeckOutcome(source=cell.spec, problems=(problem,))
    if cell.kind == "not-a-link":
        message = f"{cell.spec} is not a NetrunnerDB deck link"
        hint = "register a link like https://netrunnerdb.com/en/decklist/<id> or /en/deck/view/<id>"
        problem = Problem("not-a-deck-link", f"{message} ({hint})", location=where)
        return DeckOutcome(source=cell.spec, problems=(problem,))
    if cell.kind == "remote":
        return _remote(cell.spec, ctx)
    if cell.kind == "listed" and cell.listed is not None:
        deck = resolve(cell.listed, ctx.db)
        return DeckOutcome(source=cell.label(), result=check_deck(deck, ctx.db, ctx.in_force))
    if cell.kind == "text":
        source = f"{ctx.roster}:{line} ({column})" if line else f"{ctx.roster} ({player}, {column})"
        deck = read_deck_text(cell.spec, source, ctx.db)
        return DeckOutcome(source=source, result=check_deck(deck, ctx.db, ctx.in_force))
    return _file(cell, ctx)


def _file(cell: DeckCell, ctx: DeckContext) -> DeckOutcome:
    spec = str(cell.path) if cell.path is not None else cell.spec
    try:
        loaded = obtain_deck(spec, ctx.db, ctx.settings)
    except (UsageError, DeckInputError) as err:
        message = err.one_line().replace(spec, cell.spec)
        unreadable = Problem("parse-error", message, location=Location(cell.spec))
        return DeckOutcome(source=cell.spec, problems=(unreadable,))
    result = check_deck(_named(loaded, cell.spec, spec), ctx.db, ctx.in_force)
    return DeckOutcome(source=cell.spec, result=result)


def _named(loaded: LoadedDeck, spec: str, path: str) -> Deck:
    """The deck, its problems located at the cell as the roster names it."""
    deck = loaded.deck
    if path == spec:
        return deck
    problems = tuple(
        replace(p, location=Location(spec, p.line)) if p.location.source == path else p
        for p in deck.problems
    )
    return replace(deck, source=spec, problems=problems)


def _remote(spec: str, ctx: DeckContext) -> DeckOutcome:
    found = ctx.fetched.get(spec)
    if found is None:  # not asked for: prefetch was not given this cell
        found = RemoteDeckError(f"{spec} was not fetched")
    if isinstance(found, RemoteDeckError):
        return remote_failure(spec, found)
    result = check_deck(found.deck, ctx.db, ctx.in_force)
    return DeckOutcome(source=spec, result=result, cached=found.cached)


def place_unsided(entry: RosterEntry, db: CardDB) -> tuple[RosterEntry, tuple[str, ...]]:
    """Lists whose side the roster does not say go to their identity's column.

    A list without an identity goes to the column of the side all its cards share.

    Returns the entry and the titles of lists that found no free column.
    """
    cells = {"corp": entry.corp, "runner": entry.runner}
    left: list[str] = []
    for raw in entry.unsided:
        side = deck_rules.DeckContext.of(resolve(raw, db), db).side  # identity's, else cards'
        order = [side, *(s for s in cells if s != side)] if side in cells else list(cells)
        free = next((s for s in order if s is not None and cells[s].empty), None)
        if free is None:
            left.append(raw.name or raw.source)
            continue
        cells[free] = Cell(listed=raw)
    placed = replace(entry, corp=cells["corp"], runner=cells["runner"], unsided=())
    return placed, tuple(left)
