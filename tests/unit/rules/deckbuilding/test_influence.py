"""Influence: out-of-faction costs, The Professor, the twelve alliance cards, MWL mechanics."""

from __future__ import annotations

import pytest

from nrdeck.catalog import CardDB
from nrdeck.results.check import CheckResult
from tests.unit.rules.helpers import check, codes

HB = "Haas-Bioroid: Engineering the Future"
JINTEKI = "Jinteki: Personal Evolution"
PROFESSOR = "The Professor: Keeper of Knowledge"


def cost_of(result: CheckResult, card_id: str) -> int:
    """What the card adds to influence spent (0 when absent from the breakdown)."""
    return sum(c.amount for c in result.stats.influence_breakdown if c.card_id == card_id)


def test_out_of_faction_cards_cost_per_copy_and_neutral_identities_pay_nothing(db: CardDB) -> None:
    hb = check(db, HB, [(2, "Snare!"), (3, "Hedge Fund")], "casual")
    assert cost_of(hb, "snare") == 4 and hb.stats.influence_spent == 4
    neutral = check(db, "Ampère: Cybernetics For Anyone", [(1, "Mumba Temple")], "casual")
    assert cost_of(neutral, "mumba_temple") == 0


def test_the_professor_first_copy_of_each_program_is_free(db: CardDB) -> None:
    shaper = [(3, "Sure Gamble"), (3, "Diesel")]
    fine = check(db, PROFESSOR, [*shaper, (2, "Datasucker")], "casual")
    assert cost_of(fine, "datasucker") == 1 and "influence" not in codes(fine)
    over = check(db, PROFESSOR, [*shaper, (3, "Datasucker"), (1, "Account Siphon")], "casual")
    assert cost_of(over, "datasucker") == 2
    assert cost_of(over, "account_siphon") == 4  # events get no discount
    assert over.stats.influence_spent == 6 and "influence" in codes(over)


# (alliance card, identity, filler that satisfies the condition, filler that does not)
ALLIANCES = [
    (
        "Consulting Visit",
        HB,
        [(3, "Ice Wall"), (3, "Beanstalk Royalties")],
        [(3, "Ice Wall"), (2, "Beanstalk Royalties")],
    ),
    ("Executive Search Firm", HB, [(3, "Ice Wall"), (3, "Beanstalk Royalties")], [(5, "Ice Wall")]),
    (
        "Heritage Committee",
        HB,
        [(3, "Neural Katana"), (3, "Snare!")],
        [(3, "Neural Katana"), (2, "Snare!")],
    ),
    ("Raman Rai", HB, [(3, "Neural Katana"), (3, "Snare!")], [(2, "Neural Katana"), (3, "Snare!")]),
    (
        "Ibrahim Salem",
        HB,
        [(3, "Wraparound"), (3, "Data Raven")],
        [(3, "Wraparound"), (2, "Data Raven")],
    ),
    ("Salem's Hospitality", HB, [(3, "Wraparound"), (3, "Data Raven")], [(2, "Wraparound")]),
    (
        "Jeeves Model Bioroids",
        JINTEKI,
        [(3, "Eli 1.0"), (3, "Ichi 1.0")],
        [(3, "Eli 1.0"), (2, "Ichi 1.0")],
    ),
    ("Product Recall", JINTEKI, [(3, "Eli 1.0"), (3, "Ichi 1.0")], [(1, "Eli 1.0")]),
    ("Mumba Temple", HB, [(15, "Eli 1.0")], [(16, "Eli 1.0")]),
    ("Museum of History", HB, [(49, "Hedge Fund")], [(48, "Hedge Fund")]),
    ("PAD Factory", HB, [(3, "PAD Campaign")], [(2, "PAD Campaign")]),
    ("Mumbad Virtual Tour", HB, [(7, "Adonis Campaign")], [(6, "Adonis Campaign")]),
]


@pytest.mark.parametrize(
    ("alliance", "identity", "holds", "fails"), ALLIANCES, ids=[a[0] for a in ALLIANCES]
)
def test_alliance_card_is_free_only_when_its_printed_condition_holds(
    db: CardDB,
    alliance: str,
    identity: str,
    holds: list[tuple[int, str]],
    fails: list[tuple[int, str]],
) -> None:
    card = db.card_by_title(alliance)
    assert card is not None and card.has_subtype("alliance") and card.influence_cost
    free = check(db, identity, [(1, alliance), *holds], "casual")
    assert cost_of(free, card.id) == 0
    paid = check(db, identity, [(1, alliance), *fails], "casual")
    assert cost_of(paid, card.id) == card.influence_cost


def test_the_alliance_cards_table_covers_every_alliance_card(db: CardDB) -> None:
    from nrdeck.rules.deckbuilding.influence import ALLIANCE

    assert {c.id for c in db.cards.values() if c.has_subtype("alliance")} == set(ALLIANCE)


def test_a_neutral_alliance_card_does_not_fall_through_to_a_six_neutral_cards_rule(
    db: CardDB,
) -> None:
    # 16 ice fails Mumba Temple's condition; 6 neutral non-alliance cards do not make it free.
    result = check(
        db,
        HB,
        [(1, "Mumba Temple"), (16, "Eli 1.0"), (3, "Hedge Fund"), (3, "PAD Campaign")],
        "casual",
    )
    assert cost_of(result, "mumba_temple") == 2


def test_universal_faction_cost_counts_every_copy_even_in_faction(db: CardDB) -> None:
    # NAPD MWL 1.2: Sensie Actors Union (NBN) costs 3 per copy in an NBN deck.
    result = check(
        db, "NBN: Controlling the Message", [(2, "Sensie Actors Union")], on="2017-06-02"
    )
    assert cost_of(result, "sensie_actors_union") == 6
    note = next(
        c.note for c in result.stats.influence_breakdown if c.card_id == "sensie_actors_union"
    )
    assert "universal faction cost" in note


def test_global_penalty_lowers_the_limit_per_copy_to_a_floor_of_one(db: CardDB) -> None:
    # NAPD MWL 1.0: Parasite and Yog.0 each carry a global penalty of 1 per copy.
    kate = 'Kate "Mac" McCaffrey: Digital Tinker'
    three = check(db, kate, [(2, "Parasite"), (1, "Yog.0")], on="2016-03-01")
    assert three.stats.printed_influence_limit == 15 and three.stats.influence_limit == 12
    professor = check(db, PROFESSOR, [(3, "Parasite"), (3, "Yog.0")], on="2016-03-01")
    assert professor.stats.influence_limit == 1
    assert check(db, kate, [(2, "Parasite")], on="2015-12-01").stats.influence_limit == 15


def test_influence_problem_names_cards_and_numbers(db: CardDB) -> None:
    result = check(db, HB, [(3, "Snare!"), (3, "Neural Katana"), (3, "Data Raven")], "casual")
    problem = next(p for p in result.problems if p.code == "influence")
    assert "18" in problem.message and "15" in problem.message and "Snare!" in problem.message
    assert problem.rule.startswith("CR 1.4.5") and problem.location.line is not None
