"""The facts ``simulate`` needs, read from a card's text when card data is built.

``data build``, ``data import`` and ``data update`` pass each card's text (and its faces')
through ``with_text_facts``; the document keeps the facts, never the text. The rule, with
its edge cases, is docs/card-facts.md:

* ``economy``: the card's job is credits for its controller: it gains them ("Gain 9[credit]",
  "you may gain 1[credit]", "the Corp gains" on a Corp card), takes them ("take 2[credit]
  from this resource", "take all credits"), places them on itself to spend later ("place
  1[credit] on this resource", "load 8[credit] onto it"), or carries recurring credits.
  Never an identity, an agenda, a piece of ice or an icebreaker (their jobs are others), a
  card that only lowers a cost or makes the opponent lose credits, credits the opponent
  gains ("the Runner gains", "they gain"), nor credits placed on an event for one run.
* ``runner_points``: what an agenda is worth in the Runner's score area when its text says
  so ("worth 1 less agenda point while in the Runner's score area").
* ``draws``: how an identity changes its side's draws (a starting hand, draws and mills
  when each turn begins, a [click] ability that draws, draws on conditions).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from msgspec.structs import replace

from nrdeck.catalog.records import Card, DrawFacts, RunnerPoints

_TAGS = re.compile(r"<[^>]+>")
_APOSTROPHES = str.maketrans({"\u2019": "'", "\u02bc": "'", "\u2018": "'"})
_NUMBERS = {"a": 1, "no": 0, "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
_SENTENCE = re.compile(r"(?<=[.!?])\s+|\n")

# -- economy -----------------------------------------------------------------------------
_AMOUNT = r"(?:\d+|x)\[credit\]"
_GAIN = re.compile(rf"\bgains? {_AMOUNT}")
_TAKE = re.compile(
    rf"\btakes? (?:{_AMOUNT}|all (?:hosted )?credits|any number of (?:hosted )?credits)"
)
_PLACE = re.compile(
    rf"\b(?:place|put|load)s? {_AMOUNT}(?: from the bank)? (?:on|onto) (?:this|it|itself)\b"
)
_RECURRING = "[recurring-credit]"
# a clause ends at punctuation or an ability's arrow: its subject is the last one named
_CLAUSE = re.compile(r"[.,;:→(]")
_SUBJECT = re.compile(r"\b(the runner|the corp|each player|that player|your opponent|they|you)\b")
NOT_ECONOMY_TYPES = frozenset({"agenda", "ice"})  # and identities

# -- Runner points -----------------------------------------------------------------------
_RUNNER_AREA = re.compile(r"\bthe runner's score area\b")
_WORTH = re.compile(
    r"\bworth (?P<n>\d+|no|zero|one|two|three|four|five)"
    r"(?: (?P<change>fewer|less|additional|more|extra))? agenda points?\b"
)
_TEMPORARY = re.compile(r"\b(?:with|has|have) (?:1 or more|any|at least 1|an?) (?:hosted )?"
                        r"(?:agenda )?counters?\b")  # fmt: skip

# -- identity draws ----------------------------------------------------------------------
_STARTING_HAND = re.compile(r"\bstarting hand of (\d+) cards\b")
_TURN_BEGINS = re.compile(r"^when your turn begins, (?P<rest>.*)$", re.DOTALL)
_DRAW = re.compile(r"\bdraws? (?P<n>\d+|a) cards?\b|\bdraw until\b")
_MILL = re.compile(r"\btrash the top (?P<n>\d+) cards? of your stack\b")
_CLICK_ABILITY = re.compile(r"\[click\][^:]*:")
_CONDITIONAL = re.compile(r"\b(?:if|may|unless|first time)\b")


def plain(text: str, title: str = "") -> str:
    """Lower case, tags dropped, apostrophes straight, the card's own title read as 'this'."""
    out = _TAGS.sub("", text).translate(_APOSTROPHES).lower()
    return out.replace(title.lower(), "this") if title else out


def sentences(text: str) -> list[str]:
    """The text's sentences and lines, plain."""
    return [s.strip() for s in _SENTENCE.split(plain(text)) if s.strip()]


def _subject(before: str) -> str:
    """Who acts in the clause that ends where ``before`` ends: 'you' when nobody is named."""
    clause = _CLAUSE.split(before)[-1]
    found = _SUBJECT.findall(clause)
    return found[-1] if found else "you"


def is_economy(card: Card, text: str) -> bool:
    """True when the card's text gives its controller credits (docs/card-facts.md)."""
    if card.type in NOT_ECONOMY_TYPES or card.is_identity or "icebreaker" in card.subtypes:
        return False
    body = plain(text, card.title)
    own = {"you", f"the {card.side}"}
    for pattern in (_GAIN, _TAKE):
        if any(_subject(body[: m.start()]) in own for m in pattern.finditer(body)):
            return True
    if card.type != "event" and _PLACE.search(body):
        return True
    return _RECURRING in body


def runner_points(text: str, printed: int) -> RunnerPoints | None:
    """What the text makes the agenda worth in the Runner's score area (None: as printed)."""
    for sentence in sentences(text):
        if not _RUNNER_AREA.search(sentence):
            continue
        match = _WORTH.search(sentence)
        if match is None:
            continue
        n = _number(match.group("n"))
        change = match.group("change")
        if change in ("fewer", "less"):
            points = printed - n
        elif change:
            points = printed + n
        else:
            points = n
        return RunnerPoints(max(points, 0), _TEMPORARY.search(sentence) is not None)
    return None


def identity_draws(side: str, text: str, faces: Iterable[str] = ()) -> DrawFacts | None:
    """How an identity's text (its faces' too) changes its side's draws (None: it does not).

    Read ability by ability (a line each): "When your turn begins, trash the top 2 cards of
    your stack. Draw 1 card." is one ability, both of whose sentences happen every turn.
    """
    own = {"you", f"the {side}"}
    hand, draws, mills, clicks, other = None, 0, 0, 0, False
    for ability in _abilities(text):
        started = _STARTING_HAND.search(ability)
        turn = _TURN_BEGINS.match(ability)
        drawn = [m for m in _DRAW.finditer(ability) if _subject(ability[: m.start()]) in own]
        if started:
            hand = int(started.group(1))
        elif turn and not _CONDITIONAL.search(turn.group("rest")):
            mill = _MILL.search(ability)
            mills += int(mill.group("n")) if mill else 0
            draws += sum(_number(m.group("n") or "") for m in drawn)
        elif drawn and _CLICK_ABILITY.search(ability[: drawn[0].start()]):
            clicks += sum(_number(m.group("n") or "") for m in drawn)
        elif drawn:
            other = True
    # a draw on another face happens only once the identity has flipped
    other = other or any(_DRAW.search(a) for face in faces for a in _abilities(face))
    facts = DrawFacts(hand, draws, mills, clicks, other)
    return facts if facts != DrawFacts() else None


def _abilities(text: str) -> list[str]:
    return [line.strip() for line in plain(text).split("\n") if line.strip()]


def _number(word: str) -> int:
    return int(word) if word.isdigit() else _NUMBERS.get(word, 0)


def with_text_facts(card: Card, text: str | None, faces: Iterable[str | None] = ()) -> Card:
    """The card with the facts its text gives (the text itself is not kept)."""
    body = text or ""
    face_texts = [f for f in faces if f]
    points = None
    if card.type == "agenda":
        points = runner_points(body, card.agenda_points or 0)
        points = points if points != RunnerPoints(card.agenda_points or 0) else None
    draws = identity_draws(card.side, body, face_texts) if card.is_identity else None
    economy = is_economy(card, body)
    if not (economy or points or draws):
        return card
    return replace(card, economy=economy, runner_points=points, draws=draws)
