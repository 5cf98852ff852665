"""What an agenda is worth in the Runner's score area, as the card data says.

The R&D race ("accesses to reach 7 points") is the Runner's: an agenda counts what it is
worth once stolen. A few agendas say so in their text: "Global Food Initiative is worth
1 fewer agenda point while in the Runner's score area", "Let Them Dream … is worth 1 less
agenda point", "Merger is worth 1 additional agenda point", and Project Vacheron is "worth 0
agenda points" while it carries the counters it is stolen with. The card data carries the
value, read from the text when it was built (``Card.runner_points``, docs/card-facts.md).
"""

from __future__ import annotations

import msgspec

from nrdeck.catalog.records import Card


class RunnerValue(msgspec.Struct, frozen=True):
    """An agenda's worth to the Runner once stolen, and why it differs from the printed."""

    points: int
    reason: str
    temporary: bool = False  # worth this only for a while (e.g. while counters remain)


def card_runner_value(card: Card) -> RunnerValue | None:
    """The agenda's value to the Runner when it differs from the printed (None: as printed)."""
    value = card.runner_points
    if value is None:
        return None
    if value.temporary:
        return RunnerValue(value.points, f"worth {value.points} while it has counters", True)
    change = value.points - (card.agenda_points or 0)
    reason = f"{-change} fewer" if change < 0 else f"{change} more"
    return RunnerValue(value.points, reason)
