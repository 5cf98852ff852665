"""Sample opening hands: as many as asked, seeded (the same seed, the same hands), each
card tagged with the run's groups, and the mulligan rule applied to the first hand."""

from __future__ import annotations

from collections import Counter

from nrdeck.catalog import CardDB
from nrdeck.sim.answers.sample import MulliganRule, deal_hands, sample_hands
from nrdeck.sim.ask import Group, parse_query
from tests.unit.sim.answers.runs import SMALL, run_of

ECON = Group("econ", {"sure_gamble": 1}, "economy")
BREAKER = Group("breaker", {"corroder": 1, "mimic": 1}, "breakers")
NO_BREAKER = MulliganRule(parse_query("breaker==0"), (BREAKER,))


def test_a_rule_takes_a_mulligan_when_its_query_holds() -> None:
    assert NO_BREAKER.takes_mulligan(["sure_gamble", "diesel"])
    assert not NO_BREAKER.takes_mulligan(["sure_gamble", "mimic"])


def test_a_keep_rule_takes_a_mulligan_when_its_query_fails() -> None:
    keep = MulliganRule(parse_query("econ>=1 & breaker>=1"), (ECON, BREAKER), mulligan_if=False)
    assert keep.takes_mulligan(["sure_gamble", "diesel"])
    assert not keep.takes_mulligan(["sure_gamble", "corroder"])


def test_hands_are_seeded(db: CardDB) -> None:
    counts = {"sure_gamble": 3, "corroder": 2, "mimic": 2, "diesel": 3, "easy_mark": 3}
    deal = [deal_hands(counts, db, [ECON], None, 5, 4, seed) for seed in (1, 1, 2)]
    assert deal[0] == deal[1]
    assert deal[0] != deal[2]
    for hand in deal[0]:
        assert len(hand.cards) == 5 and not hand.mulliganed
        held = Counter(card.title for card in hand.cards)
        assert all(held[db.card(i).title] <= n for i, n in counts.items())


def test_cards_are_tagged_with_the_groups_they_count_in(db: CardDB) -> None:
    [hand] = deal_hands({"sure_gamble": 1, "mimic": 1}, db, [ECON, BREAKER], None, 5, 1, 0)
    assert len(hand.cards) == 2  # the deck, whole
    tags = {card.title: card.groups for card in hand.cards}
    assert tags == {"Sure Gamble": ("econ",), "Mimic": ("breaker",)}


def test_only_a_first_hand_the_rule_sends_back_is_marked(db: CardDB) -> None:
    counts = {"sure_gamble": 5, "corroder": 1}
    hands = deal_hands(counts, db, [BREAKER], NO_BREAKER, 1, 40, 3)
    marked = [h.mulliganed for h in hands]
    assert any(marked) and not all(marked)


def test_sample_hands_of_a_run_follow_its_request(db: CardDB) -> None:
    run = run_of(db, SMALL, queries=("econ>=1",), sample=3, mulligan="breaker==0", seed=5)
    hands = sample_hands(run)
    assert len(hands) == 3 and all(len(h.cards) == run.schedule.opening for h in hands)
    assert sample_hands(run) == hands
    groups = {g for h in hands for card in h.cards for g in card.groups}
    assert groups <= {"econ", "breaker"}
