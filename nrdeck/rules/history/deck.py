"""When a deck was legal (docs/reference/legality.md §7): its verdict and codes over a format's
whole history.

The deck is checked on every day something that matters to it can change: every period
start of the format (pools, rotations, ban lists), every day a set printing one of its cards
becomes legal (release, and the competitive date under both tiers: the casual tier warns
about it) and every start and end of a dated errata of one of its cards. Between two such
days nothing about it changes, so those checks give the maximal intervals over which the
period, the verdict and the problem codes are constant.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from typing import Protocol

from msgspec.structs import replace

from nrdeck.cancel import checkpoint
from nrdeck.catalog import CardDB
from nrdeck.deck import Deck
from nrdeck.errors import UsageError
from nrdeck.results.check import CheckResult
from nrdeck.results.history import DeckInterval
from nrdeck.rules.calendar import (
    CASUAL,
    TIERS,
    HouseRules,
    InForce,
    build_in_force,
    format_named,
    format_timeline,
    legal_from,
)
from nrdeck.rules.deckbuilding import check_deck, unavailable_reason
from nrdeck.rules.formatfiles import CommunityFormat, CommunityLine, HouseFormat


class DatedFormat(Protocol):
    """A format with dated periods: a built-in one, or a community format's file."""

    format_id: str
    format_name: str

    def change_days(self, card_ids: Iterable[str]) -> list[dt.date]:
        """Every day from the first period on when something about these cards can change."""
        ...

    def in_force_on(self, day: dt.date, tier: str) -> InForce | None:
        """What is in force on the day (None before the first period)."""
        ...


class BuiltinFormat:
    """A built-in format on its corrected timeline (under a house format's rules if given)."""

    def __init__(self, db: CardDB, format_id: str, house: HouseRules | None = None) -> None:
        self.db = db
        self.base = format_id
        self.house = house
        self.format_id = house.name if house else format_id
        self.format_name = house.name if house else db.formats[format_id].name

    def change_days(self, card_ids: Iterable[str]) -> list[dt.date]:
        """Period starts, releases under both tiers, errata (``change_days``)."""
        return change_days(self.db, card_ids, self.base)

    def in_force_on(self, day: dt.date, tier: str) -> InForce | None:
        """The timeline's period on the day, as a check builds it."""
        period = format_timeline(self.db, self.base).at(day)
        if period is None:
            return None
        return build_in_force(self.db, self.base, period, day, house=self.house, tier=tier)


def dated_format(
    db: CardDB,
    text: str,
    fmt: HouseFormat | CommunityFormat | None = None,
    community_ids: Iterable[str] = (),
) -> DatedFormat:
    """The dated format a history follows: a community format's periods, a house format's
    base format under its rules, or the built-in format ``text`` names."""
    if isinstance(fmt, CommunityFormat):
        return CommunityLine(db, fmt)
    if fmt is None:
        return BuiltinFormat(db, history_format(db, text, community_ids))
    if fmt.card_pool is not None or fmt.banlist is not None:
        raise UsageError(
            f"{fmt.source.path}: a history follows a format's dated periods, and a house format "
            "on a card pool or with a ban list of its own has none",
            hint="give the file [[periods]], or base = a format id and no banlist",
        )
    base = history_format(db, fmt.base or text, community_ids)
    return BuiltinFormat(db, base, fmt.rules)


def history_format(db: CardDB, text: str, community_ids: Iterable[str] = ()) -> str:
    """The format a history is asked for (casual has no dated pool: a usage error)."""
    format_id = format_named(db, text, community_ids)
    if format_id == CASUAL or not format_timeline(db, format_id).periods:
        raise UsageError(
            f"the {format_id} format has no dated card pool or ban list, so no history",
            hint="choose a format such as standard, startup or eternal",
        )
    return format_id


def change_days(db: CardDB, card_ids: Iterable[str], format_id: str) -> list[dt.date]:
    """Every day from the format's first period on when something about these cards changes."""
    line = format_timeline(db, format_id)
    first = line.periods[0].start
    days = {p.start for p in line.periods}
    for card_id in card_ids:
        for set_id in db.sets_of(card_id):
            days.update(d for d in (legal_from(db, set_id, tier) for tier in TIERS) if d)
        for erratum in db.tables.errata.of_card(card_id):
            days.update(d for d in (erratum.from_, erratum.until) if d)
    return sorted(d for d in days if d >= first)


def deck_history(
    deck: Deck, db: CardDB, dated: str | DatedFormat, tier: str
) -> tuple[tuple[DeckInterval, ...], tuple[str, ...]]:
    """The maximal intervals of constant period, verdict and codes, oldest first, and the
    warnings of the periods on the way (rules of their lists that nrdeck cannot apply).

    ``dated``: a built-in format's id, or a community format's line."""
    line = BuiltinFormat(db, dated) if isinstance(dated, str) else dated
    cards = {e.card_id for e in (*deck.entries, *deck.extra_identities) if e.card_id in db.cards}
    if deck.identity is not None and deck.identity.card_id in db.cards:
        cards.add(deck.identity.card_id)
    days = line.change_days(cards)
    intervals: list[DeckInterval] = []
    warnings: dict[str, None] = {}
    for index, day in enumerate(days):
        checkpoint()  # a server stops a history past its time here
        end = days[index + 1] if index + 1 < len(days) else None
        in_force = line.in_force_on(day, tier)
        if in_force is None:
            continue
        warnings.update(dict.fromkeys(in_force.period.warnings))
        found = _interval(db, check_deck(deck, db, in_force), in_force, day, end)
        if intervals and _same(intervals[-1], found):
            intervals[-1] = replace(intervals[-1], end=end)
        else:
            intervals.append(found)
    return tuple(intervals), tuple(warnings)


def _interval(
    db: CardDB, result: CheckResult, in_force: InForce, start: dt.date, end: dt.date | None
) -> DeckInterval:
    period = result.period
    return DeckInterval(
        start=start,
        end=end,
        snapshot_id=period.snapshot_id or "",
        card_pool_id=period.card_pool_id or "",
        card_pool_name=period.card_pool_name or period.card_pool_id or "",
        restriction_id=period.restriction_id,
        restriction_name=period.restriction_name,
        legal=result.legal,
        codes=tuple(sorted({p.code for p in result.problems})),
        note=what_is_wrong(db, result, in_force),
    )


def _same(a: DeckInterval, b: DeckInterval) -> bool:
    """Same period and verdict: the later stretch extends the earlier one."""
    return (a.snapshot_id, a.restriction_id, a.card_pool_id, a.legal, a.codes) == (
        b.snapshot_id,
        b.restriction_id,
        b.card_pool_id,
        b.legal,
        b.codes,
    )


def what_is_wrong(db: CardDB, result: CheckResult, in_force: InForce) -> str:
    """A short note on the problems: '12 cards rotated out; Sting! banned'."""
    parts = _pool_note(db, result, in_force)
    for code, template in _CARD_NOTES.items():
        titles = [
            db.cards[cid].title
            for p in result.problems
            if p.code == code
            for cid in p.cards[:1]
            if cid in db.cards
        ]
        if titles:
            parts.append(template.format(_listed(titles)))
    return "; ".join(parts)


_CARD_NOTES = {"banned": "{} banned", "copies": "too many copies of {}"}
_REASONS = {
    "rotated out": "rotated out",
    "not released": "not yet released",
    "legal at competitive": "not yet legal at competitive events",
}


def _pool_note(db: CardDB, result: CheckResult, in_force: InForce) -> list[str]:
    """'12 cards rotated out', '2 cards not yet released', … (not-in-card-pool problems)."""
    counts: dict[str, int] = {}
    for problem in result.problems:
        if problem.code == "not-in-card-pool" and problem.cards:
            reason = unavailable_reason(db, in_force, problem.cards[0])
            said = next((v for k, v in _REASONS.items() if reason.startswith(k)), "not in the pool")
            counts[said] = counts.get(said, 0) + 1
    return [f"{n} {'card' if n == 1 else 'cards'} {said}" for said, n in counts.items()]


def _listed(titles: list[str]) -> str:
    shown = ", ".join(titles[:3])
    return shown if len(titles) <= 3 else f"{shown} and {len(titles) - 3} more"
