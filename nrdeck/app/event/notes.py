"""What an event adds to each deck's check: grouped problems, identical lists, comparisons.

Problems of one kind in one deck are said once ("20 cards rotated out (Sting!, …)"), lists
registered by several players are noted, and with --compare-with each list is compared with
the other roster's.
"""

from __future__ import annotations

from collections.abc import Sequence

from nrdeck.app.diff import compare_decks
from nrdeck.catalog import CardDB
from nrdeck.deck import Deck
from nrdeck.problems import Location, Problem, Severity
from nrdeck.results.event import SIDE_NAMES, EventDeck, ListComparison, ProblemGroup
from nrdeck.rules import InForce
from nrdeck.rules.deckbuilding import unavailable_reason

SAME_SHOWN = 3  # other players named for an identical list

# How a group of two or more problems of one kind is said ('20 cards rotated out').
GROUP_PHRASES = {
    "not-in-card-pool:rotated": "cards rotated out",
    "not-in-card-pool:unreleased": "cards not released yet",
    "not-in-card-pool:pool": "cards not in the card pool",
    "banned": "banned cards",
    "unknown-card": "unknown cards",
    "ambiguous-card": "ambiguous card names",
    "copies": "cards over their copy limit",
    "one-box": "cards over one System Gateway box",
    "side-mismatch": "cards of the other side",
    "identity-forbids-card": "cards the identity forbids",
    "no-influence-value": "out-of-faction cards without influence value",
    "singleton": "cards over one copy (singleton)",
    "parse-error": "unreadable lines",
}


def group_problems(
    problems: Sequence[Problem], db: CardDB, in_force: InForce
) -> tuple[ProblemGroup, ...]:
    """The deck's problems grouped by kind, in order of first appearance, errors first."""
    groups: dict[str, list[Problem]] = {}
    for problem in problems:
        groups.setdefault(_kind(problem, db, in_force), []).append(problem)
    made = [_group(kind, found, db) for kind, found in groups.items()]
    return tuple(sorted(made, key=lambda g: g.severity is not Severity.ERROR))


def _kind(problem: Problem, db: CardDB, in_force: InForce) -> str:
    if problem.code != "not-in-card-pool" or not problem.cards:
        return problem.code
    reason = unavailable_reason(db, in_force, problem.cards[0])
    if reason.startswith("rotated"):
        return "not-in-card-pool:rotated"
    return (
        "not-in-card-pool:unreleased"
        if reason.startswith("not released")
        else "not-in-card-pool:pool"
    )


def _group(kind: str, problems: list[Problem], db: CardDB) -> ProblemGroup:
    code = problems[0].code
    if len(problems) == 1:
        return ProblemGroup(code, problems[0].message, tuple(problems))
    phrase = GROUP_PHRASES.get(kind, f"{code} problems")
    return ProblemGroup(code, f"{len(problems)} {phrase}", tuple(problems), _examples(problems, db))


def _examples(problems: list[Problem], db: CardDB) -> tuple[str, ...]:
    """The cards the problems name (titles), else their lines."""
    titles = [db.cards[p.cards[0]].title for p in problems if p.cards and p.cards[0] in db.cards]
    if titles:
        return tuple(dict.fromkeys(titles))
    return tuple(f"line {p.line}" for p in problems if p.line is not None)


def list_key(deck: EventDeck) -> tuple[object, ...] | None:
    """What makes two registered lists identical: identity and copies of each card."""
    result = deck.result
    if result is None or result.identity_id is None or not result.deck.entries:
        return None
    return (result.identity_id, tuple(sorted(result.deck.counts().items())))


def identical_lists(
    players: Sequence[tuple[str, Sequence[EventDeck]]], shown: int = SAME_SHOWN
) -> dict[tuple[int, str], tuple[tuple[tuple[str, str], ...], int]]:
    """(player index, column) -> (up to ``shown`` other players with the same list, each with
    the column they registered it in, and how many)."""
    owners: dict[tuple[object, ...], list[tuple[int, str, str]]] = {}
    for index, (name, decks) in enumerate(players):
        for deck in decks:
            key = list_key(deck)
            if key is not None:
                owners.setdefault(key, []).append((index, deck.column, name))
    found: dict[tuple[int, str], tuple[tuple[tuple[str, str], ...], int]] = {}
    for group in owners.values():
        columns: dict[str, str] = {}  # each name, and the column it first holds the list in
        for _, column, name in group:
            columns.setdefault(name, column)
        names = list(columns)
        if len({" ".join(n.casefold().split()) for n in names}) < 2:
            continue
        for index, column, name in group:
            others = [(n, columns[n]) for n in names[: shown + 1] if n != name][:shown]
            found[(index, column)] = (tuple(others), len(names) - 1)
    return found


def compare_lists(
    decks: Sequence[EventDeck],
    others: dict[str, Deck | None] | None,
    db: CardDB,
    other_source: str,
    where: Location,
) -> tuple[tuple[ListComparison, ...], tuple[Problem, ...]]:
    """Each column's list against the other roster's; a warning per difference."""
    comparisons: list[ListComparison] = []
    problems: list[Problem] = []
    for deck in decks:
        other = None if others is None else others.get(deck.column)
        mine = deck.result.deck if deck.result is not None else None
        side = SIDE_NAMES[deck.column]
        if others is None:
            note = f"not in {other_source}"
        elif mine is None or other is None:
            note = "not read here" if mine is None else f"not registered in {other_source}"
        else:
            diff = compare_decks(other, mine, db, other_source, deck.source)
            comparisons.append(ListComparison(deck.column, diff))
            if not diff.same:
                message = f"the {side} list differs from {other_source}: {diff.summary()}"
                problems.append(_differs(message, where))
            continue
        if deck.missing and (others is None or other is None):
            continue
        comparisons.append(ListComparison(deck.column, None, note))
        problems.append(
            _differs(f"the {side} list could not be compared with {other_source}: {note}", where)
        )
    return tuple(comparisons), tuple(problems)


def _differs(message: str, where: Location) -> Problem:
    return Problem("event-list-differs", message, location=where, severity=Severity.WARNING)
