"""What an agenda is worth in the Runner's score area, read from its text.

The R&D race ("accesses to reach 7 points") is the Runner's: an agenda counts what it is
worth once stolen. A few agendas say so in their text: "Global Food Initiative is worth
1 fewer agenda point while in the Runner's score area", "Merger is worth 1 additional
agenda point while in the Runner's score area", and Project Vacheron is "worth 0 agenda
points" while it carries the counters it is stolen with. ``runner_value`` reads such a
sentence; ``RUNNER_POINTS`` holds its answers for the cards of the bundled data set (whose
card documents carry no text), and a card document may carry the value itself as
``runner_agenda_points``.
"""

from __future__ import annotations

import re
from typing import Any

import msgspec

_NUMBERS = {"no": 0, "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
_APOSTROPHES = str.maketrans({"\u2019": "'", "\u02bc": "'", "\u2018": "'"})
_TAGS = re.compile(r"<[^>]+>")
_RUNNER_AREA = re.compile(r"\bthe runner's score area\b")
_WORTH = re.compile(
    r"\bworth (?P<n>\d+|no|zero|one|two|three|four|five)"
    r"(?: (?P<change>fewer|less|additional|more|extra))? agenda points?\b"
)
_TEMPORARY = re.compile(r"\b(?:with|has|have) (?:1 or more|any|at least 1|an?) (?:hosted )?"
                        r"(?:agenda )?counters?\b")  # fmt: skip


class RunnerValue(msgspec.Struct, frozen=True):
    """An agenda's worth to the Runner once stolen, and why it differs from the printed."""

    points: int
    reason: str
    temporary: bool = False  # worth this only for a while (e.g. while counters remain)


def runner_value(text: str, printed: int) -> RunnerValue | None:
    """The value the text gives the agenda in the Runner's score area, or None (printed)."""
    for sentence in _sentences(text):
        if not _RUNNER_AREA.search(sentence):
            continue
        match = _WORTH.search(sentence)
        if match is None:
            continue
        n = _number(match.group("n"))
        change = match.group("change")
        if change in ("fewer", "less"):
            points, reason = printed - n, f"{n} fewer"
        elif change:
            points, reason = printed + n, f"{n} more"
        else:
            points, reason = n, f"worth {n}"
        temporary = _TEMPORARY.search(sentence) is not None
        if temporary:
            reason += " while it has counters"
        return RunnerValue(max(points, 0), reason, temporary)
    return None


def _sentences(text: str) -> list[str]:
    plain = _TAGS.sub("", text).translate(_APOSTROPHES).lower()
    return [s for s in re.split(r"(?<=[.!?])\s+|\n", plain) if s.strip()]


def _number(word: str) -> int:
    return int(word) if word.isdigit() else _NUMBERS[word]


# runner_value over the text of every agenda of netrunner-cards-json (2025-09-17), which a
# test re-derives from the card set; used when the card data carries neither text nor value.
RUNNER_POINTS: dict[str, RunnerValue] = {
    "evidence_collection_4": RunnerValue(1, "1 fewer"),
    "global_food_initiative": RunnerValue(2, "1 fewer"),
    "merger": RunnerValue(3, "1 more"),
    "project_vacheron": RunnerValue(0, "worth 0 while it has counters", temporary=True),
}


def card_runner_value(card: Any) -> RunnerValue | None:
    """A card's value to the Runner: the card data's own field, else the known table."""
    points = getattr(card, "runner_agenda_points", None)
    printed = getattr(card, "agenda_points", None)
    if points is not None and points != printed:
        change = points - (printed or 0)
        reason = f"{-change} fewer" if change < 0 else f"{change} more"
        return RunnerValue(points, reason)
    if points is not None:
        return None
    return RUNNER_POINTS.get(card.id)
