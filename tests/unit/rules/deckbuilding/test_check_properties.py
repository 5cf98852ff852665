"""Properties: line order and line splits never change the verdict; adding cards keeps influence."""

from __future__ import annotations

import datetime as dt
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nrdeck.catalog import CardDB
from nrdeck.deck import Deck, DeckEntry
from nrdeck.results.check import CheckResult
from nrdeck.rules import InForce, check_deck
from tests.unit.rules.helpers import select_in_force

IDENTITIES = ("haas_bioroid_engineering_the_future", "the_professor_keeper_of_knowledge")
FORMATS = (
    ("casual", "2025-11-01"),
    ("standard", "2016-03-01"),
    ("standard", "2017-06-02"),
    ("eternal", "2025-11-01"),
)
SETTINGS = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


def pool(db: CardDB, side: str, *, alliances: bool = True) -> list[str]:
    """Card ids of one side, sorted (alliance cards optional)."""
    return sorted(
        c.id
        for c in db.cards.values()
        if c.side == side and not c.is_identity and (alliances or not c.has_subtype("alliance"))
    )


def deck_of(identity: str, entries: list[tuple[str, int]]) -> Deck:
    lines = tuple(DeckEntry(cid, qty, line=n) for n, (cid, qty) in enumerate(entries, 2))
    return Deck("deck.txt", None, DeckEntry(identity, 1, line=1), lines)


def verdict(result: CheckResult) -> tuple[bool, Counter[str], int, int | None, int | None]:
    s = result.stats
    return (
        result.legal,
        Counter(p.code for p in result.problems),
        s.influence_spent,
        s.influence_limit,
        s.points,
    )


@st.composite
def decks(
    draw: st.DrawFn, db: CardDB, *, alliances: bool = True
) -> tuple[str, list[tuple[str, int]], InForce]:
    identity = draw(st.sampled_from(IDENTITIES))
    side = db.cards[identity].side
    ids = draw(
        st.lists(
            st.sampled_from(pool(db, side, alliances=alliances)),
            min_size=1,
            max_size=20,
            unique=True,
        )
    )
    entries = [(cid, draw(st.integers(1, 4))) for cid in ids]
    fmt, on = draw(st.sampled_from(FORMATS))
    day = dt.date.fromisoformat(on)
    return identity, entries, select_in_force(db, fmt, today=day, as_of=day)


@given(data=st.data())
@SETTINGS
def test_verdict_does_not_depend_on_line_order(db: CardDB, data: st.DataObject) -> None:
    identity, entries, in_force = data.draw(decks(db))
    shuffled = data.draw(st.permutations(entries))
    first = check_deck(deck_of(identity, entries), db, in_force)
    second = check_deck(deck_of(identity, list(shuffled)), db, in_force)
    assert verdict(first) == verdict(second)


@given(data=st.data())
@SETTINGS
def test_verdict_does_not_depend_on_splitting_a_line(db: CardDB, data: st.DataObject) -> None:
    identity, entries, in_force = data.draw(decks(db))
    index = data.draw(st.integers(0, len(entries) - 1))
    card, qty = entries[index]
    if qty < 2:
        entries[index] = (card, qty + 1)
        qty += 1
    part = data.draw(st.integers(1, qty - 1))
    split = [*entries[:index], (card, part), *entries[index + 1 :], (card, qty - part)]
    whole = check_deck(deck_of(identity, entries), db, in_force)
    parts = check_deck(deck_of(identity, split), db, in_force)
    assert verdict(whole) == verdict(parts)


@given(data=st.data())
@SETTINGS
def test_adding_a_card_never_lowers_influence_spent(db: CardDB, data: st.DataObject) -> None:
    # Alliance cards are the one exception the rules make (CR 2.14.3): see the test below.
    identity, entries, in_force = data.draw(decks(db, alliances=False))
    side = db.cards[identity].side
    extra = data.draw(st.sampled_from(pool(db, side, alliances=False)))
    before = check_deck(deck_of(identity, entries), db, in_force)
    after = check_deck(deck_of(identity, [*entries, (extra, 1)]), db, in_force)
    assert after.stats.influence_spent >= before.stats.influence_spent


def test_adding_a_card_can_make_an_alliance_card_free(db: CardDB) -> None:
    in_force = select_in_force(db, "casual", today=dt.date(2025, 11, 1))
    five = [("consulting_visit", 1), ("ice_wall", 3), ("beanstalk_royalties", 2)]
    before = check_deck(deck_of(IDENTITIES[0], five), db, in_force)
    after = check_deck(deck_of(IDENTITIES[0], [*five, ("ice_wall", 1)]), db, in_force)
    assert (before.stats.influence_spent, after.stats.influence_spent) == (3 + 3 + 2, 4 + 2)
