"""Identity rules (docs/reference/legality.md §3): double-faced identities, Custom Biotics, starter
and draft identities, Ampère."""

from __future__ import annotations

from nrdeck.catalog import CardDB
from tests.ids import HOSHIKO
from tests.unit.rules.helpers import check, codes, make_deck


def test_double_faced_identity_uses_the_front_face_and_any_face_names_it(db: CardDB) -> None:
    back = make_deck(db, "Hoshiko Shiro: Mahou Shoujo", [(40, "Sure Gamble")])
    assert back.identity is not None and back.identity.card_id == HOSHIKO
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
