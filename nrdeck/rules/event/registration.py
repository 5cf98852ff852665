"""Event registrations: one Corp and one Runner deck each, each player once, the event's pool.

Pure: the event (``nrdeck.app.event.run``) reads and checks the decks; these rules look at the
registrations and at what the organiser's settings add to the format (Cobra's "Legal
Cardpool Up To").
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence

import msgspec
from msgspec.structs import replace

from nrdeck.catalog import CardDB, normalise_title
from nrdeck.catalog.records import CardSet
from nrdeck.errors import UsageError
from nrdeck.problems import Location, Problem
from nrdeck.results.event import SIDE_NAMES, SIDES, EventDeck, PlayerReport, PoolLimit
from nrdeck.rules.calendar import InForce, make_in_force, set_release


class SideCheck(msgspec.Struct, frozen=True):
    """The registration's side problems and the columns they flag."""

    problems: tuple[Problem, ...] = ()
    misplaced: tuple[str, ...] = ()


def check_sides(corp: EventDeck, runner: EventDeck, where: Location) -> SideCheck:
    """Exactly one Corp and one Runner deck, each in its own column."""
    if corp.side == "runner" and runner.side == "corp":
        message = (
            f"the Corp column holds a Runner deck{_titled(corp)} and the Runner "
            f"column a Corp deck{_titled(runner)}: swap them"
        )
        return SideCheck((Problem("event-side-swapped", message, location=where),), SIDES)
    problems: list[Problem] = []
    misplaced: list[str] = []
    for deck, expected in ((corp, "corp"), (runner, "runner")):
        if deck.side is not None and deck.side != expected:
            message = (
                f"the {SIDE_NAMES[expected]} column holds a {SIDE_NAMES[deck.side]} deck"
                f"{_titled(deck)}: register one {SIDE_NAMES[expected]} deck"
            )
            problems.append(Problem("event-wrong-side", message, location=where))
            misplaced.append(expected)
    return SideCheck(tuple(problems), tuple(misplaced))


def _titled(deck: EventDeck) -> str:
    """' (Identity title)', or nothing for a deck without identity."""
    return f" ({deck.identity_title})" if deck.identity_title else ""


def mark_duplicates(
    players: Sequence[PlayerReport], unit: str, locate: Callable[[int | None], Location]
) -> list[PlayerReport]:
    """A player registered twice gets a problem (and both decks flagged) after the first.

    ``unit`` is what a player's ``line`` counts in the roster (``line``, ``entry``);
    ``locate`` turns it into the problem's location.
    """
    first: dict[str, PlayerReport] = {}
    marked: list[PlayerReport] = []
    for player in players:
        key = " ".join(player.player.casefold().split())
        seen = first.setdefault(key, player)
        if seen is not player:
            where = f"{unit} {seen.line} of the roster" if seen.line else "earlier in the roster"
            message = f"{player.player} is already registered ({where})"
            problem = Problem("event-duplicate-player", message, location=locate(player.line))
            player = replace(player, problems=(*player.problems, problem), misplaced=SIDES)
        marked.append(player)
    return marked


def find_set(db: CardDB, reference: str) -> CardSet | None:
    """A card set by id or name ('elevation', 'Elevation'), or None."""
    wanted = normalise_title(reference)
    if reference in db.sets:
        return db.sets[reference]
    return next((s for s in db.sets.values() if normalise_title(s.name) == wanted), None)


def limit_pool(db: CardDB, in_force: InForce, reference: str) -> tuple[InForce, PoolLimit]:
    """The pool limited to sets released up to ``reference`` (its release date included)."""
    if in_force.card_pool_id is None:
        raise UsageError(
            "--cardpool-up-to needs a format with a card pool", hint="casual has no card pool"
        )
    chosen = find_set(db, reference)
    pool_sets = sorted(in_force.pool_sets, key=lambda s: (_released(db, s), s))
    if chosen is None or chosen.id not in in_force.pool_sets:
        names = ", ".join(db.sets[s].name for s in pool_sets)
        pool = in_force.period.card_pool_name or in_force.card_pool_id
        raise UsageError(
            f"--cardpool-up-to {reference!r} is not a set of the {pool} pool",
            hint=f"valid: {names}",
        )
    last = _released(db, chosen.id)
    kept = frozenset(s for s in pool_sets if _released(db, s) <= last)
    name = f"{in_force.period.card_pool_name or in_force.card_pool_id} up to {chosen.name}"
    limited = make_in_force(
        db,
        replace(in_force.period, card_pool_name=name),
        card_pool_id=in_force.card_pool_id,
        restriction=in_force.restriction,
        date=in_force.date,
        extras=in_force.extras,
        house=in_force.house,
        pool_sets=kept,
    )
    return limited, PoolLimit(chosen.id, chosen.name)


def _released(db: CardDB, set_id: str) -> dt.date:
    return set_release(db, set_id) or dt.date.max
