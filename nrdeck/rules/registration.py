"""Event registrations: exactly one Corp and one Runner deck each, and each player once."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from msgspec.structs import replace

from nrdeck.problems import Location, Problem
from nrdeck.results.event import SIDE_NAMES, EventDeck, PlayerReport


def check_sides(corp: EventDeck, runner: EventDeck, where: Location) -> tuple[Problem, ...]:
    """Exactly one Corp and one Runner deck, each in its own column."""
    if corp.side == "runner" and runner.side == "corp":
        message = (
            f"the Corp column holds a Runner deck ({corp.identity_title}) and the Runner "
            f"column a Corp deck ({runner.identity_title}): swap them"
        )
        return (Problem("event-side-swapped", message, location=where),)
    problems: list[Problem] = []
    for deck, expected in ((corp, "corp"), (runner, "runner")):
        if deck.side is not None and deck.side != expected:
            message = (
                f"the {SIDE_NAMES[expected]} column holds a {SIDE_NAMES[deck.side]} deck "
                f"({deck.identity_title}): register one {SIDE_NAMES[expected]} deck"
            )
            problems.append(Problem("event-wrong-side", message, location=where))
    return tuple(problems)


def mark_duplicates(
    players: Sequence[PlayerReport], unit: str, locate: Callable[[int | None], Location]
) -> list[PlayerReport]:
    """A player registered twice gets a problem on every registration after the first.

    ``unit`` is what a player's ``line`` counts in the roster (``line``, ``entry``);
    ``locate`` turns it into the problem's location.
    """
    first: dict[str, PlayerReport] = {}
    marked: list[PlayerReport] = []
    for player in players:
        key = " ".join(player.player.casefold().split())
        seen = first.setdefault(key, player)
        if seen is not player:
            message = f"{player.player} is already registered ({unit} {seen.line} of the roster)"
            problem = Problem("event-duplicate-player", message, location=locate(player.line))
            player = replace(player, problems=(*player.problems, problem))
        marked.append(player)
    return marked
