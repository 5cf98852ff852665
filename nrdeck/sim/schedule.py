"""How many cards each side has seen by each turn (Comprehensive Rules 1.6 and 5).

Opening hand of 5 (one optional mulligan). The Corp draws 1 card at the start of every
turn, turn 1 included, and has 3 clicks; the Runner has no mandatory draw and 4 clicks.
Click-draws are a choice the user states (one number, or one per turn). Identities whose
printed text changes the draw schedule are known by card id.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from nrdeck.errors import UsageError

OPENING_HAND = 5
CLICKS = {"corp": 3, "runner": 4}
MANDATORY_DRAWS = {"corp": 1, "runner": 0}


class IdentityDraws(msgspec.Struct, frozen=True):
    """An identity's change to the schedule: its opening hand, extra draws and mills."""

    opening: int = OPENING_HAND
    draws_per_turn: int = 0
    mills_per_turn: int = 0
    note: str = ""


IDENTITY_DRAWS: dict[str, IdentityDraws] = {
    "andromeda_dispossessed_ristie": IdentityDraws(
        opening=9, note="Andromeda: Dispossessed Ristie draws a starting hand of 9 cards"
    ),
    "maxx_maximum_punk_rock": IdentityDraws(
        draws_per_turn=1,
        mills_per_turn=2,
        note="MaxX: Maximum Punk Rock trashes the top 2 cards of the stack and draws 1 card "
        "at the start of each turn",
    ),
}


class Schedule(msgspec.Struct, frozen=True):
    """Draws per turn for one side: the opening hand and turns 1..n."""

    side: str
    turns: int
    click_draws: tuple[int, ...]
    identity: IdentityDraws = IdentityDraws()

    @property
    def opening(self) -> int:
        """Cards in the starting hand."""
        return self.identity.opening

    def draws_in_turn(self, turn: int) -> int:
        """Cards drawn in a turn (1-based): mandatory, identity and click draws."""
        clicks = self.click_draws[turn - 1] if turn - 1 < len(self.click_draws) else 0
        return MANDATORY_DRAWS[self.side] + self.identity.draws_per_turn + clicks

    def cards_seen(self, deck_size: int) -> list[int]:
        """Cards in hand (drawn so far) after the opening hand (index 0) and each turn.

        Draws stop at the end of the deck; milled cards leave the deck unseen.
        """
        seen = min(self.opening, deck_size)
        remaining = deck_size - seen
        out = [seen]
        for turn in range(1, self.turns + 1):
            remaining -= min(self.identity.mills_per_turn, remaining)
            drawn = min(self.draws_in_turn(turn), remaining)
            remaining -= drawn
            seen += drawn
            out.append(seen)
        return out

    def describe(self) -> str:
        """One line: the draws of each side's turn."""
        mandatory = MANDATORY_DRAWS[self.side] + self.identity.draws_per_turn
        draws = self.click_draws + (0,) * (self.turns - len(self.click_draws))
        if len(set(draws)) <= 1:
            clicks = f"{draws[0] if draws else 0} click-draw(s) every turn"
        else:
            clicks = "click-draws by turn " + ",".join(str(c) for c in draws)
        who = "Corp" if self.side == "corp" else "Runner"
        return (
            f"{who}: opening hand {self.opening}, {mandatory} mandatory draw(s) per turn, "
            f"{clicks} (of {CLICKS[self.side]} clicks), {self.turns} turns"
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
    side: str, turns: int, click_draws: Sequence[int], repeat: bool, identity_id: str | None
) -> Schedule:
    """A schedule; a single click-draw number repeats on every turn when ``repeat``."""
    draws = tuple(click_draws) * turns if repeat and len(click_draws) == 1 else tuple(click_draws)
    identity = IDENTITY_DRAWS.get(identity_id or "", IdentityDraws())
    return Schedule(side=side, turns=turns, click_draws=draws[:turns], identity=identity)
