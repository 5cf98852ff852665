"""Construction and identity rules: band, copies, sides, identities, every problem reported."""

from __future__ import annotations

from collections import Counter

import pytest

from nrdeck.catalog import CardDB
from nrdeck.deck import Deck
from nrdeck.problems import Location, Problem
from nrdeck.rules import check_deck
from nrdeck.rules.deckbuilding.construction import agenda_band
from tests.unit.rules.helpers import check, codes, make_deck, select_in_force


def cr_band(cards: int) -> tuple[int, int]:
    """CR 1.4.6 a-d, as printed."""
    if cards <= 44:
        low = 18
    elif cards <= 49:
        low = 20
    elif cards <= 54:
        low = 22
    else:
        low = 22 + 2 * ((cards - 50) // 5)
    return low, low + 1


@pytest.mark.parametrize("cards", range(40, 101))
def test_agenda_band_matches_the_comprehensive_rules(cards: int) -> None:
    assert agenda_band(cards) == cr_band(cards)


def test_agenda_band_uses_the_actual_card_count(db: CardDB) -> None:
    # 36 cards under a 40-card minimum: deck-size, and the band for 36 (16-17), not for 40.
    lines = [(3, "Hedge Fund")] * 1 + [(3, "Send a Message"), (3, "Offworld Office")]
    result = check(db, "Haas-Bioroid: Precision Design", [*lines, (27, "Palisade")], "casual")
    assert result.stats.cards == 36 and result.stats.agenda_band == (16, 17)
    assert result.stats.agenda_points == 15
    assert Counter(codes(result)) == Counter({"deck-size": 1, "agenda-points": 1, "copies": 1})


def test_a_deck_with_five_problems_reports_five_with_their_lines(db: CardDB) -> None:
    lines = [(4, "Hedge Fund"), (1, "Sure Gamble"), (2, "Regenesis"), (3, "Palisade")]
    deck = make_deck(
        db,
        "Haas-Bioroid: Precision Design",
        lines,
        extra_identities=["Jinteki: Restoring Humanity"],
    )
    result = check_deck(
        deck, db, select_in_force(db, "casual", today=__import__("datetime").date(2025, 11, 1))
    )
    assert Counter(codes(result)) == Counter(
        {
            "identity-multiple": 1,
            "side-mismatch": 1,
            "deck-size": 1,
            "copies": 1,
            "no-influence-value": 1,
            "agenda-points": 1,
        }
    )
    copies = next(p for p in result.problems if p.code == "copies")
    assert copies.location == Location("deck.txt", 2) and "4 copies of Hedge Fund" in copies.message


def test_reading_problems_come_first(db: CardDB) -> None:
    reading = Problem(
        "unknown-card",
        "no card named 'Hedge Fnd' (closest: Hedge Fund)",
        location=Location("d.txt", 7),
    )
    deck = make_deck(db, "Haas-Bioroid: Precision Design", [(4, "Hedge Fund")])
    deck = Deck(deck.source, None, deck.identity, deck.entries, problems=(reading,))
    result = check_deck(
        deck, db, select_in_force(db, "casual", today=__import__("datetime").date(2025, 11, 1))
    )
    assert result.problems[0] is reading and "copies" in codes(result)


def test_without_an_identity_what_can_be_judged_is_still_reported(db: CardDB) -> None:
    result = check(db, None, [(4, "Hedge Fund"), (1, "Jackson Howard"), (1, "Cayambe Grid")])
    assert Counter(codes(result)) == Counter(
        {
            "identity-missing": 1,
            "deck-size": 1,  # below every Corp identity's minimum in Standard (40)
            "copies": 1,
            "not-in-card-pool": 1,
            "banned": 1,
            "agenda-points": 1,
        }
    )
    assert result.identity_id is None and result.side == "corp"


def test_six_copy_cards_and_limit_one_cards(db: CardDB) -> None:
    kate = 'Kate "Mac" McCaffrey: Digital Tinker'
    assert "copies" not in codes(check(db, kate, [(6, "Matryoshka")], "casual"))
    assert "copies" in codes(check(db, kate, [(7, "Matryoshka")], "casual"))
    limit_one = next(c for c in db.cards.values() if c.deck_limit == 1 and c.type == "agenda")
    corp = check(db, "Haas-Bioroid: Precision Design", [(2, limit_one.title)], "casual")
    assert "copies" in codes(corp) or "no-influence-value" in codes(corp)


def test_double_faced_identity_uses_the_front_face_and_any_face_names_it(db: CardDB) -> None:
    back = make_deck(db, "Hoshiko Shiro: Mahou Shoujo", [(40, "Sure Gamble")])
    assert back.identity is not None and back.identity.card_id == "hoshiko_shiro_untold_protagonist"
    result = check(db, "Hoshiko Shiro: Mahou Shoujo", [(3, "Sure Gamble")], "casual")
    assert result.stats.min_cards == 45 and result.stats.printed_influence_limit == 15


def test_custom_biotics_forbids_jinteki_cards(db: CardDB) -> None:
    result = check(
        db, "Custom Biotics: Engineered for Success", [(1, "Snare!"), (1, "Ice Wall")], "casual"
    )
    forbidden = [p for p in result.problems if p.code == "identity-forbids-card"]
    assert [p.cards for p in forbidden] == [("snare",)]


def test_starter_identities_only_in_system_gateway(db: CardDB) -> None:
    for fmt, expected in (
        ("system_gateway", False),
        ("casual", False),
        ("standard", True),
        ("startup", True),
    ):
        result = check(db, "The Syndicate: Profit over Principle", [(3, "Hedge Fund")], fmt)
        assert ("identity-not-in-format" in codes(result)) is expected, fmt


def test_draft_identity_casual_rules(db: CardDB) -> None:
    shadow = "The Shadow: Pulling the Strings"
    casual = check(
        db,
        shadow,
        [(5, "Hedge Fund"), (2, "Regenesis"), (3, "Hostile Takeover"), (20, "Palisade")],
        "casual",
    )
    assert casual.legal and casual.stats.agenda_band is None
    masque = check(db, "Strategic Innovations: Future Forward", [(2, "Regenesis")], "casual")
    assert "no-influence-value" in codes(masque)  # only The Shadow may use every faction's agendas
    eternal = check(db, shadow, [(5, "Hedge Fund")], "eternal")
    assert {"identity-not-in-format", "copies"} <= set(codes(eternal))


def test_ampere_may_use_out_of_faction_agendas(db: CardDB) -> None:
    ampere = "Ampère: Cybernetics For Anyone"
    two = check(db, ampere, [(1, "Regenesis"), (1, "Hybrid Release")], "casual")
    assert not {"no-influence-value", "ampere-agendas"} & set(codes(two))
    three = check(
        db, ampere, [(1, "Regenesis"), (1, "Hybrid Release"), (1, "Longevity Serum")], "casual"
    )
    problem = next(p for p in three.problems if p.code == "ampere-agendas")
    assert len(problem.cards) == 3 and "Jinteki" in problem.message


def test_the_identity_counts_for_points_and_restricted_cards(db: CardDB) -> None:
    ci = "Cerebral Imaging: Infinite Frontiers"
    eternal = check(db, ci, [(3, "Hedge Fund")], "eternal")
    assert [c.card_id for c in eternal.stats.points_breakdown] == [
        "cerebral_imaging_infinite_frontiers"
    ]
    assert eternal.stats.points == 3 and eternal.stats.point_limit == 7  # Eternal Points List 25.07
    restricted = db.restrictions["napd_mwl_2_2"].restricted - {"jinteki_potential_unleashed"}
    other = sorted(cid for cid in restricted if db.cards[cid].faction == "jinteki")[0]
    result = check(
        db, "Jinteki: Potential Unleashed", [(1, db.cards[other].title)], on="2018-10-01"
    )
    problem = next(p for p in result.problems if p.code == "restricted")
    assert (
        set(problem.cards) == {"jinteki_potential_unleashed", other}
        and problem.rule == "NAPD MWL 2.2"
    )


def test_an_identity_listed_among_the_cards_is_not_counted_and_is_reported(db: CardDB) -> None:
    result = check(
        db,
        "Haas-Bioroid: Precision Design",
        [(3, "Hedge Fund"), (1, "Jinteki: Restoring Humanity")],
        "casual",
    )
    assert result.stats.cards == 3
    problem = next(p for p in result.problems if p.code == "identity-multiple")
    assert problem.cards == ("jinteki_restoring_humanity",) and problem.location.line == 3


def test_a_banned_subtype_bans_every_card_of_it_even_when_not_listed(db: CardDB) -> None:
    import datetime as dt

    import msgspec

    from nrdeck.rules.calendar.inforce import make_in_force

    day = dt.date(2024, 10, 19)
    listed = select_in_force(db, "standard", today=day, as_of=day)
    assert listed.restriction is not None and listed.restriction.banned_subtypes == {"current"}
    only_subtype = msgspec.structs.replace(listed.restriction, banned=frozenset())
    in_force = make_in_force(
        db,
        listed.period,
        card_pool_id=listed.card_pool_id,
        restriction=only_subtype,
        date=listed.date,
        extras=listed.extras,
        pool_sets=listed.pool_sets,
    )
    deck = make_deck(db, "Haas-Bioroid: Precision Design", [(1, "Kill Switch"), (1, "Hedge Fund")])
    banned = [p for p in check_deck(deck, db, in_force).problems if p.code == "banned"]
    assert [p.cards for p in banned] == [("kill_switch",)] and "every current" in banned[0].message
