"""Tournament organiser mode: check every registered deck of an event roster.

Each player registers one Corp and one Runner deck. Remote decks are fetched up front (each
distinct link once), then every deck is read and checked against what is in force, each
player is checked for exactly one deck per side, each in the right column, and the problems
of each deck are grouped. One unreachable or unreadable deck never stops the run.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec
from msgspec.structs import replace

from nrdeck.app.check import BugHook
from nrdeck.app.event.decks import (
    CellContext,
    EventProgress,
    classify,
    deck_outcome,
    fetch_all,
    place_unsided,
)
from nrdeck.app.event.notes import compare_lists, group_problems, identical_lists
from nrdeck.app.inputs.decks import DeckSettings
from nrdeck.app.inputs.remote import DEFAULT_JOBS
from nrdeck.app.inputs.sources import DeckSource, EmptySource, TextSource
from nrdeck.catalog import CardDB
from nrdeck.deck import Deck
from nrdeck.errors import UsageError
from nrdeck.problems import Location, Problem
from nrdeck.results.event import (
    SIDE_NAMES,
    SIDES,
    ChangedSince,
    EventDeck,
    EventReport,
    PlayerReport,
    PoolLimit,
)
from nrdeck.roster import Roster, RosterEntry
from nrdeck.rules import InForce, Selection, check_deck, select
from nrdeck.rules.event import check_sides, limit_pool, mark_duplicates

SORTS = ("status", "name", "table")
Pair = tuple[DeckSource, DeckSource]


class EventSettings(msgspec.Struct, frozen=True):
    """What to check against, the organiser's choices, and how to fetch."""

    selection: Selection
    changed_since: str | None = None  # an older ban list to compare with
    cardpool_up_to: str | None = None  # the last set of the pool (id or name)
    allow_outside: bool = False  # roster cells may name files outside its folder
    sort: str = "status"  # status (worst first), name, or table (the roster's order)
    jobs: int = DEFAULT_JOBS  # NetrunnerDB fetches at a time


def run_event(
    roster: Roster,
    db: CardDB,
    settings: EventSettings,
    deck_settings: DeckSettings,
    progress: EventProgress | None = None,
    compare_with: Roster | None = None,
    on_bug: BugHook | None = None,
) -> EventReport:
    """Fetch, read and check every deck of the roster; check each registration.

    ``on_bug`` is told of each deck nrdeck failed on (that deck's outcome says so).
    """
    if settings.sort not in SORTS:
        raise UsageError(f"unknown sort {settings.sort!r}", hint="valid: " + ", ".join(SORTS))
    in_force, limit = _in_force(db, settings)
    before = _before(db, settings, limit)
    placed = [place_unsided(entry, db) for entry in roster.entries]
    pairs = [_pair(entry, roster, settings) for entry, _ in placed]
    other_pairs = (
        [_pair(e, compare_with, settings) for e in compare_with.entries] if compare_with else []
    )
    every_cell = [source for pair in (*pairs, *other_pairs) for source in pair]
    fetched = fetch_all(every_cell, db, deck_settings, settings.jobs, progress)
    ctx = CellContext(
        db, in_force, deck_settings, fetched, roster.source, roster.folder, on_bug=on_bug
    )
    others = _other_lists(compare_with, other_pairs, ctx) if compare_with else None
    registered = sum(not isinstance(c, EmptySource) for p in pairs for c in p)
    checker = _Checker(ctx, roster.unit, progress, registered)
    players = []
    for index, ((entry, left), pair) in enumerate(zip(placed, pairs, strict=True)):
        decks = [
            checker.deck(entry, column, cell, before)
            for column, cell in zip(SIDES, pair, strict=True)
        ]
        player = _player(entry, decks, left, ctx.where(entry.line, roster.unit), index)
        if others is not None and compare_with is not None:
            player = _compared(player, others, db, compare_with.source)
        players.append(player)
    players = mark_duplicates(players, roster.unit, lambda line: ctx.where(line, roster.unit))
    return EventReport(
        roster=roster.source,
        players=tuple(sort_players(_with_twins(players), settings.sort)),
        data=db.info,
        period=in_force.period,
        extra_columns=roster.extra_columns,
        changed_since=_changed_since(before),
        roster_format=roster.format,
        pool_limit=limit,
        compared_with=compare_with.source if compare_with else None,
    )


def _in_force(db: CardDB, settings: EventSettings) -> tuple[InForce, PoolLimit | None]:
    in_force = select(db, settings.selection)
    if settings.cardpool_up_to is None:
        return in_force, None
    return limit_pool(db, in_force, settings.cardpool_up_to)


def _before(db: CardDB, settings: EventSettings, limit: PoolLimit | None) -> InForce | None:
    """With --changed-since: what was in force under the old list (same format, date, pool)."""
    if settings.changed_since is None:
        return None
    older = replace(settings.selection, banlist_id=settings.changed_since, snapshot_id=None)
    in_force = select(db, older)
    return limit_pool(db, in_force, limit.set_id)[0] if limit else in_force


def _changed_since(before: InForce | None) -> ChangedSince | None:
    if before is None or before.restriction is None:
        return None
    return ChangedSince(before.restriction.id, before.restriction.name)


def _pair(entry: RosterEntry, roster: Roster, settings: EventSettings) -> Pair:
    allow = settings.allow_outside

    def where(column: str) -> str:
        return f"{entry.line} ({column})" if entry.line else f"{entry.player}, {column}"

    return (
        classify(entry.corp, roster.folder, allow, roster.source, where("corp")),
        classify(entry.runner, roster.folder, allow, roster.source, where("runner")),
    )


class _Checker:
    """Checks one deck after another, reporting progress."""

    def __init__(
        self, ctx: CellContext, unit: str, progress: EventProgress | None, total: int
    ) -> None:
        self.ctx, self.unit, self.progress, self.total, self.done = ctx, unit, progress, total, 0

    def deck(
        self, entry: RosterEntry, column: str, cell: DeckSource, before: InForce | None
    ) -> EventDeck:
        """Read or take the fetched deck, check it, group its problems."""
        outcome = deck_outcome(cell, column, entry.player, entry.line, self.unit, self.ctx)
        groups = group_problems(outcome.all_problems, self.ctx.db, self.ctx.in_force)
        legal_before = None
        if before is not None and outcome.result is not None:
            legal_before = check_deck(outcome.result.deck, self.ctx.db, before).legal
        if not isinstance(cell, EmptySource):
            self.done += 1
            if self.progress is not None:
                self.progress(
                    "checking", self.done, self.total, f"{entry.player} · {SIDE_NAMES[column]}"
                )
        shown = "decklist text" if isinstance(cell, TextSource) else cell.label
        return EventDeck(column, cell.kind, shown, outcome, legal_before, groups)


def _player(
    entry: RosterEntry, decks: list[EventDeck], left: tuple[str, ...], where: Location, index: int
) -> PlayerReport:
    sides = check_sides(decks[0], decks[1], where)
    extra = tuple(
        Problem(
            "event-wrong-side",
            f"{entry.player} registered more lists than one per side ({', '.join(left)}): "
            "register one Corp and one Runner deck",
            location=where,
        )
        for _ in left[:1]
    )
    return PlayerReport(
        entry.player,
        entry.line,
        decks[0],
        decks[1],
        (*sides.problems, *extra),
        entry.extra,
        misplaced=sides.misplaced,
        position=index,
    )


def _other_lists(
    roster: Roster, pairs: Sequence[Pair], ctx: CellContext
) -> dict[str, dict[str, Deck | None]]:
    """Each player of the other roster (by name) and their lists, read and resolved."""
    other = replace(ctx, roster=roster.source, folder=roster.folder)
    found: dict[str, dict[str, Deck | None]] = {}
    for entry, pair in zip(roster.entries, pairs, strict=True):
        decks: dict[str, Deck | None] = {}
        for column, cell in zip(SIDES, pair, strict=True):
            outcome = deck_outcome(cell, column, entry.player, entry.line, roster.unit, other)
            decks[column] = outcome.result.deck if outcome.result is not None else None
        found.setdefault(name_key(entry.player), decks)
    return found


def _compared(
    player: PlayerReport, others: dict[str, dict[str, Deck | None]], db: CardDB, source: str
) -> PlayerReport:
    where = player.problems[0].location if player.problems else Location(source)
    comparisons, problems = compare_lists(
        player.decks, others.get(name_key(player.player)), db, source, where
    )
    return replace(player, comparisons=comparisons, problems=(*player.problems, *problems))


def _with_twins(players: list[PlayerReport]) -> list[PlayerReport]:
    """Each deck names the other players who registered the identical list."""
    twins = identical_lists([(p.player, p.decks) for p in players])
    if not twins:
        return players
    marked = []
    for index, player in enumerate(players):
        corp, runner = (_twinned(d, twins.get((index, d.column))) for d in player.decks)
        marked.append(replace(player, corp=corp, runner=runner))
    return marked


def _twinned(deck: EventDeck, twins: tuple[tuple[tuple[str, str], ...], int] | None) -> EventDeck:
    if twins is None:
        return deck
    names = tuple(name for name, _ in twins[0])
    columns = tuple(column for _, column in twins[0])
    return replace(deck, same_as=names, same_columns=columns, same_count=twins[1])


def name_key(name: str) -> str:
    """A player's name as rosters are matched: case and white space folded."""
    return " ".join(name.casefold().split())


def sort_players(players: Sequence[PlayerReport], order: str) -> list[PlayerReport]:
    """Worst first (then by name), by name, or in the roster's order (its Table column if any)."""
    if order == "name":
        return sorted(players, key=lambda p: (name_key(p.player), p.position))
    if order == "table":
        return sorted(players, key=_table_key)
    return sorted(players, key=lambda p: (p.state.rank, name_key(p.player), p.position))


def _table_key(player: PlayerReport) -> tuple[int, float, int]:
    table = next((v for k, v in player.extra.items() if k.strip().casefold() == "table"), "")
    try:
        return (0, float(table), player.position)
    except ValueError:
        return (1, 0.0, player.position)
