"""How many cards each side has seen by each turn (Comprehensive Rules 1.6 and 5).

Opening hand of 5 (one optional mulligan). The Corp draws 1 card at the start of every
turn, turn 1 included, and has 3 clicks; the Runner has no mandatory draw and 4 clicks.
Click-draws are a choice the user states (one number for every turn, or one per turn).
Identities change the schedule as their text says (``Card.draws``, read when the card data
was built: docs/card-facts.md): a starting hand, draws and mills when each turn begins; a
click ability that draws is a click-draw, and draws on conditions are named, not counted.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import msgspec

from nrdeck.catalog import Card
from nrdeck.errors import UsageError

OPENING_HAND = 5
CLICKS = {"corp": 3, "runner": 4}
MANDATORY_DRAWS = {"corp": 1, "runner": 0}
MAX_TURNS = 1000  # a horizon guard: every real deck runs out long before


class IdentityDraws(msgspec.Struct, frozen=True):
    """An identity's change to the schedule: its opening hand, extra draws and mills."""

    opening: int = OPENING_HAND
    draws_per_turn: int = 0
    mills_per_turn: int = 0
    note: str = ""


def identity_draws(identity: Card | None) -> IdentityDraws:
    """What the identity's text does to the schedule (read when the card data was built)."""
    facts = identity.draws if identity is not None else None
    if identity is None or facts is None:
        return IdentityDraws()
    title, notes = identity.title, []
    if facts.starting_hand is not None:
        notes.append(f"{title} draws a starting hand of {facts.starting_hand} cards")
    if facts.turn_draws or facts.turn_mills:
        pile = "the stack" if identity.side == "runner" else "R&D"
        done = [f"trashes the top {facts.turn_mills} cards of {pile}"] if facts.turn_mills else []
        done += [f"draws {_cards(facts.turn_draws)}"] if facts.turn_draws else []
        unseen = " (trashed cards are never seen)" if facts.turn_mills else ""
        notes.append(f"{title} {' and '.join(done)} at the start of each turn{unseen}")
    if facts.click_draws:
        notes.append(
            f"{title} draws {_cards(facts.click_draws)} with a click ability: a click-draw, "
            "not an extra draw, counted only as --click-draws says"
        )
    if facts.other_draws:
        notes.append(
            f"{title} draws cards only when something happens in the game (a run, an "
            "install, its other face…): not counted; add them with --click-draws"
        )
    return IdentityDraws(
        opening=facts.starting_hand if facts.starting_hand is not None else OPENING_HAND,
        draws_per_turn=facts.turn_draws,
        mills_per_turn=facts.turn_mills,
        note="; ".join(notes),
    )


def _cards(n: int) -> str:
    return f"{n} card{'s' if n != 1 else ''}"


class Schedule(msgspec.Struct, frozen=True):
    """Draws per turn for one side: the opening hand and turns 1..n.

    ``click_draws[t - 1]`` click-draws on turn t; with ``repeat`` a single number holds on
    every turn, otherwise turns past the list make none.
    """

    side: str
    turns: int
    click_draws: tuple[int, ...]
    identity: IdentityDraws = IdentityDraws()
    repeat: bool = False

    @property
    def opening(self) -> int:
        """Cards in the starting hand."""
        return self.identity.opening

    def clicks_in_turn(self, turn: int) -> int:
        """Click-draws made in a turn (1-based)."""
        if self.repeat and self.click_draws:
            return self.click_draws[0]
        return self.click_draws[turn - 1] if turn - 1 < len(self.click_draws) else 0

    def draws_in_turn(self, turn: int) -> int:
        """Cards drawn in a turn (1-based): mandatory, identity and click draws."""
        return MANDATORY_DRAWS[self.side] + self.identity.draws_per_turn + self.clicks_in_turn(turn)

    def cards_seen(self, deck_size: int, turns: int | None = None) -> list[int]:
        """Cards drawn so far after the opening hand (index 0) and each turn up to ``turns``.

        Draws stop at the end of the deck; milled cards leave the deck unseen.
        """
        last = self.turns if turns is None else turns
        seen = min(self.opening, deck_size)
        remaining = deck_size - seen
        out = [seen]
        for turn in range(1, last + 1):
            remaining -= min(self.identity.mills_per_turn, remaining)
            drawn = min(self.draws_in_turn(turn), remaining)
            remaining -= drawn
            seen += drawn
            out.append(seen)
        return out

    def horizon(self, deck_size: int) -> list[int]:
        """``cards_seen`` extended past the turns shown until no more card can be seen."""
        return list(_horizon(self, deck_size))

    def describe(self) -> str:
        """One line: the draws of each side's turn."""
        who = "Corp" if self.side == "corp" else "Runner"
        mandatory = (
            "1 mandatory draw per turn (turn 1 included)"
            if self.side == "corp"
            else "no mandatory draw"
        )
        draws = [self.clicks_in_turn(t) for t in range(1, self.turns + 1)]
        if self.repeat or len(set(draws)) <= 1:
            n = draws[0] if draws else 0
            clicks = f"{n} click-draw{'s' if n != 1 else ''} every turn"
        else:
            clicks = "click-draws by turn " + ",".join(str(c) for c in draws)
        return (
            f"{who}: opening hand {self.opening}, {mandatory}, {clicks} "
            f"(of {CLICKS[self.side]} clicks), {self.turns} turns shown"
        )


def parse_click_draws(text: str | None, side: str) -> tuple[int, ...]:
    """``"1"`` (every turn) or ``"2,1,0"`` (turns 1, 2, 3; later turns draw none)."""
    if text is None or not text.strip():
        return ()
    parts = [p.strip() for p in text.split(",")]
    if not all(p.isdigit() for p in parts):
        raise UsageError(
            f"--click-draws {text!r}: expected a number or a comma-separated list of numbers",
            hint="e.g. --click-draws 1 or --click-draws 2,1,1",
        )
    values = [int(p) for p in parts]
    limit = CLICKS[side]
    if any(v > limit for v in values):
        raise UsageError(
            f"--click-draws {text!r}: the {side.capitalize()} has only {limit} clicks a turn",
            hint=f"use at most {limit} click-draws per turn",
        )
    return tuple(values)


def build_schedule(
    side: str, turns: int, click_draws: Sequence[int], repeat: bool, identity: Card | None
) -> Schedule:
    """A schedule; a single click-draw number repeats on every turn when ``repeat``."""
    repeat = repeat and len(click_draws) == 1
    return Schedule(side, turns, tuple(click_draws), identity_draws(identity), repeat)


@lru_cache(maxsize=64)
def _horizon(schedule: Schedule, deck_size: int) -> tuple[int, ...]:
    """``Schedule.horizon``: a report's columns ask again for the same schedule's, and a
    report has a handful of schedules (64 keep a long-running process bounded)."""
    steady = max(schedule.turns, 0 if schedule.repeat else len(schedule.click_draws))
    last = steady
    if schedule.draws_in_turn(steady + 1) > 0:
        last = min(MAX_TURNS, max(steady, deck_size))
    seen = schedule.cards_seen(deck_size, last)
    end = len(seen)
    while end - 1 > schedule.turns and seen[end - 2] == seen[-1]:
        end -= 1
    return tuple(seen[:end])
