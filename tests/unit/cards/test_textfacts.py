"""The facts read from card text when card data is built: the rule of docs/card-facts.md."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pytest_httpserver import HTTPServer

from nrdeck.cards.nrdb_v3 import NrdbV3Source
from nrdeck.cards.textfacts import identity_draws, is_economy, with_text_facts
from nrdeck.catalog import TEXT_FACTS, Card, CardDB, DrawFacts, RunnerPoints
from nrdeck.http import HttpSettings
from tests.fakes.nrdb_v3 import FakeNrdb

# what a player names as economy, on both sides, and cards that touch credits but are not
CORP_ECONOMY = [
    "hedge_fund",  # Gain 9[credit].
    "pad_campaign",  # Gain 1[credit] when your turn begins.
    "regolith_mining_license",  # load 15[credit] onto it … [click]: Take 3[credit]
    "nico_campaign",  # load 9[credit] … take 3[credit] from this asset
    "adonis_campaign",  # older text: "Take 3[credit] from Adonis Campaign"
    "daily_quest",  # the Runner gains 2 on a run; the Corp gains 3 otherwise
    "tiered_subscription",  # the first time each turn a run begins, gain 1[credit]
    "predictive_planogram",
    "mahkota_langit_grid",  # 2[recurring-credit]
    "c_i_fund",  # place 2[credit] on C.I. Fund from the bank … take all credits
]
RUNNER_ECONOMY = [
    "sure_gamble",
    "strike_fund",
    "paladin_poemu",  # When your turn begins …, place 1[credit] on this resource.
    "fencer_fueno",
    "fermenter",  # [click], [trash]: Gain 2[credit] for each hosted virus counter.
    "daily_casts",  # load 8[credit] onto it … take 2[credit] from this resource
    "liberated_account",
    "dirty_laundry",  # when that run ends, if it was successful, gain 5[credit]
    "cyberfeeder",  # 1[recurring-credit]
    "gorman_drip_v1",  # gain 1[credit] for each virus counter (not: "the Corp … gain")
]
NOT_ECONOMY = [
    "gold_farmer",  # ice: the Runner loses credits
    "tithe",  # ice, even though its subroutine gains the Corp 1[credit]
    "hostile_takeover",  # an agenda: "When you score this agenda, gain 7[credit]"
    "hoshiko_shiro_untold_protagonist",  # an identity
    "makler",  # an icebreaker that gains 1[credit] when it fully breaks
    "career_fair",  # only lowers a cost ("paying 3[credit] less")
    "sandburg",  # reads the credit pool, gives none
    "overclock",  # "Place 5[credit] on this event": credits for one run only
    "stimhack",
]


def _raw_cards(cards_json: Path) -> dict[str, dict[str, object]]:
    cards = (json.loads(p.read_text("utf-8")) for p in (cards_json / "v2" / "cards").glob("*"))
    return {str(c["id"]): c for c in cards}


def test_economy_on_named_cards_of_both_sides(cards_json: Path, db: CardDB) -> None:
    raw = _raw_cards(cards_json)
    for card_id in CORP_ECONOMY + RUNNER_ECONOMY:
        assert is_economy(db.card(card_id), str(raw[card_id]["text"])), card_id
        assert db.card(card_id).economy, card_id  # and the bundled snapshot says so
    for card_id in NOT_ECONOMY:
        assert not is_economy(db.card(card_id), str(raw[card_id]["text"])), card_id
        assert not db.card(card_id).economy, card_id


def test_every_card_of_the_data_gets_the_facts_of_its_text(cards_json: Path, db: CardDB) -> None:
    raw = _raw_cards(cards_json)
    economy = {i for i, c in db.cards.items() if c.economy}
    assert economy == {i for i in raw if is_economy(db.card(i), str(raw[i].get("text") or ""))}
    sides = {"corp": 0, "runner": 0}
    for card_id in economy:
        sides[db.card(card_id).side] += 1
    assert sides["corp"] > 120 and sides["runner"] > 150  # a rule, not a short list


def _card(card_type: str, side: str = "corp", **extra: object) -> Card:
    return Card(
        id="x", title="Some Card", stripped_title="Some Card", side=side, faction="neutral",
        type=card_type, **extra,  # type: ignore[arg-type]
    )  # fmt: skip


@pytest.mark.parametrize(
    ("card", "text", "economy"),
    [
        (_card("operation"), "Gain 9[credit].", True),
        (_card("asset"), "When your turn begins, the Corp gains 1[credit].", True),
        (_card("asset"), "Whenever the Runner steals an agenda, you may gain 2[credit].", True),
        (_card("asset"), "Take 3[credit] from Some Card when your turn begins.", True),
        (_card("resource", "runner"), "Load 8[credit] onto it. [click]: Take 2[credit].", True),
        (_card("resource", "runner"), "Place 1[credit] on this resource.", True),
        (_card("program", "runner"), "2[recurring-credit]", True),
        # the opponent's credits, costs lowered, credits for one run, other jobs
        (_card("asset"), "Whenever the Runner runs, the Runner gains 2[credit].", False),
        (_card("asset"), "Whenever the Runner makes a run, they gain 2[credit].", False),
        (_card("operation"), "The Runner loses 5[credit].", False),
        (_card("event", "runner"), "Install 1 resource, paying 3[credit] less.", False),
        (_card("event", "runner"), "Place 4[credit] on this event, then run HQ.", False),
        (_card("ice"), "[subroutine] Gain 1[credit].", False),
        (_card("agenda", agenda_points=2), "When you score this agenda, gain 7[credit].", False),
        (_card("program", "runner", subtypes=("icebreaker",)), "Gain 1[credit].", False),
    ],
)
def test_economy_edge_cases(card: Card, text: str, economy: bool) -> None:
    assert is_economy(card, text) is economy


def test_identity_draws_on_named_identities(cards_json: Path, db: CardDB) -> None:
    facts = {
        i: db.card(i).draws
        for i in (
            "andromeda_dispossessed_ristie",
            "cyber_bureau_keeping_the_peace",
            "maxx_maximum_punk_rock",
            "virtual_intelligence_p_i_you_can_call_me_vic",
            "hoshiko_shiro_untold_protagonist",
            "liza_talking_thunder_prominent_legislator",
            "laramy_fisk_savvy_investor",  # forces the Corp to draw: not its own draws
            "epiphany_analytica_nations_undivided",  # looks at R&D: draws nothing
        )
    }
    assert facts == {
        "andromeda_dispossessed_ristie": DrawFacts(starting_hand=9),
        "cyber_bureau_keeping_the_peace": DrawFacts(starting_hand=10, click_draws=3),
        "maxx_maximum_punk_rock": DrawFacts(turn_draws=1, turn_mills=2),
        "virtual_intelligence_p_i_you_can_call_me_vic": DrawFacts(click_draws=1),
        "hoshiko_shiro_untold_protagonist": DrawFacts(other_draws=True),  # its other face
        "liza_talking_thunder_prominent_legislator": DrawFacts(other_draws=True),
        "laramy_fisk_savvy_investor": None,
        "epiphany_analytica_nations_undivided": None,
    }
    assert identity_draws("runner", "When your turn begins, you may draw 1 card.") == DrawFacts(
        other_draws=True
    )


def test_facts_are_left_out_where_the_text_gives_none() -> None:
    card = _card("agenda", agenda_points=3)
    same = "Merger is worth 0 additional agenda points while in the Runner's score area."
    assert with_text_facts(card, same) is card  # worth as printed: nothing to record
    assert with_text_facts(card, None) is card
    fewer = "It is worth 1 fewer agenda point while in the Runner's score area."
    assert with_text_facts(card, fewer).runner_points == RunnerPoints(2)


def test_the_v3_api_cards_get_the_same_facts(httpserver: HTTPServer) -> None:
    nrdb = FakeNrdb(httpserver)
    texts = {
        "hedge_fund": "Gain 9[credit].",
        "project_x": "While this agenda is in the Runner\u2019s score area, it is worth 1 less "
        "agenda point.",
        "deja_vu": "Add 1 card from your heap to your grip.",
    }
    for card in nrdb.data["cards"]:
        card["text"] = texts.get(card["id"], card["text"])
        if card["id"] == "hoshiko_shiro_untold_protagonist":
            card["faces"][0]["text"] = "When your turn begins, draw 1 card and lose 1[credit]."
    source = NrdbV3Source(nrdb.base_url, http=HttpSettings())
    doc = source.read()
    db = CardDB.from_document(doc)
    assert doc.text_facts == TEXT_FACTS == db.text_facts
    assert db.card("hedge_fund").economy and not db.card("deja_vu").economy
    assert db.card("project_x").runner_points == RunnerPoints(1)
    assert db.card("hoshiko_shiro_untold_protagonist").draws == DrawFacts(other_draws=True)
