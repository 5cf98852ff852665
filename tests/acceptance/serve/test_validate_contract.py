"""NetrunnerDB v3's own specs of deck validation, as requests to ``nrdeck serve``'s
``POST /api/v3/public/validate_deck`` (docs/http-api.md, "NetrunnerDB's validation").

Each case of NetrunnerDB's ``spec/libraries/deck_validation_spec.rb`` (how a validation fills
in its ids) and ``spec/libraries/deck_validator_spec.rb`` (what a validation finds) is one
request here, with the status, the fields and the problem codes NetrunnerDB's case expects;
nrdeck's messages are its own, so a case asserts codes and fields, never v3's wording. The
library cases without a request body's four keys become what the endpoint answers them: 400
with NetrunnerDB's ``Invalid request`` document.

The decks are the specs' own, by card id: their cards are real and in nrdeck's bundled data.
The fixtures' fake records map to the bundled data's like this:

- identity ``plural``, cards ``foo`` and ``bar``: ids no card has, as in the specs;
- snapshot ``standard_02`` (Standard, active) → ``standard_36``; pool ``standard_02`` (a small
  Standard pool) → ``startup_vantage_point`` (a pool lacking most of the Asa Group deck); pool
  ``startup_02`` → ``startup_vantage_point``; restriction ``standard_banlist`` →
  ``standard_balance_update_26_08``;
- ``standard_banlist`` banning Trieste → the list in force in Standard on the server's day
  (2026-11-27: Standard Balance Update 26.08), which bans Bellona, added to the deck;
- ``standard_restricted`` (Send a Message, Trieste) → ``standard_mwl_3_4``, whose restricted
  list has Bio-Ethics Association and Global Food Initiative, added to the deck;
- ``standard_global_penalty`` (Tyr) → ``napd_mwl_1_0``, whose global penalty is on Eli 1.0;
- ``standard_universal_faction_cost`` (Punitive Counterstrike, 3) → ``napd_mwl_1_2``, whose
  universal faction cost is on Architect (1), three of which replace Hagen;
- Mumba Temple: NetrunnerDB's spec has it cost 0 with 15 or more pieces of ice; the card
  costs 0 with 15 or fewer, as nrdeck reads it, so the spec's two Mumba decks swap places
  (the one with 14 ice is valid, the one with 20 spends too much influence);
- snapshot ``eternal_01`` (3 points each on three of the deck's cards) → ``eternal_8``
  (Eternal Points List 26.03), with Estelle Moon, Friends in High Places and Mumbad City Hall
  added beside the deck's Spin Doctor: 9 points.

Then the cases NetrunnerDB's specs leave out: side_id, validations naming one id, no id, an
event's server, and bodies no JSON reader should take (400s with a JSON body, one log line).
"""

from __future__ import annotations

import copy
import datetime as dt
import json
import logging
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from nrdeck.app.inputs.cards import DataSettings
from nrdeck.app.inputs.options import SelectionOptions
from nrdeck.app.serve.service import ServeSettings, event_settings
from tests.acceptance.serve.conftest import serving
from tests.ids import ETERNAL_POINTS_26_03, STANDARD_BALANCE_26_08, STARTUP_BALANCE_26_09

URL = "/api/v3/public/validate_deck"
DAY = dt.date(2026, 11, 27)
BASIC = {"label": "Straight Up Basic Deckbuilding rules and nothing else.",
         "basic_deckbuilding_rules": True}  # fmt: skip

GOOD_ASA = {
    "ikawah_project": 3, "project_vitruvius": 3, "send_a_message": 2,
    "regolith_mining_license": 3, "spin_doctor": 3, "trieste_model_bioroids": 3,
    "biotic_labor": 3, "hedge_fund": 3, "punitive_counterstrike": 3, "eli_1_0": 3, "hagen": 3,
    "hakarl_1_0": 3, "enigma": 3, "tollbooth": 3, "ansel_1_0": 3, "rototurret": 3, "tyr": 2,
}  # fmt: skip
# 14 ice: Mumba Temple costs 0 (the card: "15 or fewer pieces of ice")
MUMBA_FEW_ICE = {**GOOD_ASA, "mumba_temple": 3, "ark_lockdown": 3, "prisec": 3}
for _cut in ("hagen", "hakarl_1_0", "ansel_1_0"):
    del MUMBA_FEW_ICE[_cut]
GOOD_AMPERE = dict.fromkeys(
    [
        "afshar",
        "aiki",
        "anoetic_void",
        "ansel_1_0",
        "argus_crackdown",
        "ark_lockdown",
        "artificial_cryptocrash",
        "audacity",
        "bathynomus",
        "bellona",
        "biotic_labor",
        "border_control",
        "celebrity_gift",
        "eli_1_0",
        "enigma",
        "envelopment",
        "fairchild_3_0",
        "formicary",
        "funhouse",
        "ganked",
        "hagen",
        "hakarl_1_0",
        "hansei_review",
        "hedge_fund",
        "hostile_takeover",
        "hybrid_release",
        "hydra",
        "ikawah_project",
        "jinja_city_grid",
        "lady_liberty",
        "longevity_serum",
        "luminal_transubstantiation",
        "punitive_counterstrike",
        "rashida_jaheem",
        "regolith_mining_license",
        "reversed_accounts",
        "ronin",
        "rototurret",
        "sds_drone_deployment",
        "send_a_message",
        "spin_doctor",
        "surveyor",
        "thimblerig",
        "tollbooth",
        "trieste_model_bioroids",
        "tyr",
        "urban_renewal",
        "urtica_cipher",
        "wraparound",
    ],
    1,
)
GOOD_NOVA = dict.fromkeys(
    [
        "beth_kilrain_chang",
        "boomerang",
        "botulus",
        "bravado",
        "build_script",
        "bukhgalter",
        "career_fair",
        "cezve",
        "creative_commission",
        "daily_casts",
        "deuces_wild",
        "diesel",
        "dirty_laundry",
        "diversion_of_funds",
        "dr_nuka_vrolyck",
        "dreamnet",
        "earthrise_hotel",
        "emergent_creativity",
        "endurance",
        "falsified_credentials",
        "fermenter",
        "find_the_truth",
        "labor_rights",
        "liberated_account",
        "logic_bomb",
        "mad_dash",
        "miss_bones",
        "neutralize_all_threats",
        "no_free_lunch",
        "overclock",
        "paladin_poemu",
        "paperclip",
        "pinhole_threading",
        "simulchip",
        "stargate",
        "steelskin_scarring",
        "sure_gamble",
        "telework_contract",
        "the_class_act",
        "unity",
    ],
    1,
)
GOOD_KEN = {
    "bravado": 3, "carpe_diem": 3, "dirty_laundry": 3, "embezzle": 2, "inside_job": 2,
    "legwork": 1, "marathon": 2, "mutual_favor": 2, "networking": 1, "sure_gamble": 3,
    "boomerang": 2, "buffer_drive": 1, "ghosttongue": 1, "pennyshaver": 2,
    "wake_implant_v2a_jrj": 1, "aeneas_informant": 3, "daily_casts": 3, "dreamnet": 1,
    "the_class_act": 2, "aumakua": 1, "bukhgalter": 1, "cats_cradle": 1, "paperclip": 1,
    "bankroll": 3,
}  # fmt: skip
GOOD_PROFESSOR = {
    "aumakua": 1, "bankroll": 1, "botulus": 1, "bukhgalter": 1, "cezve": 1, "clot": 1,
    "compile": 2, "consume": 1, "creative_commission": 3, "cybertrooper_talut": 2,
    "dirty_laundry": 3, "dzmz_optimizer": 2, "fermenter": 1, "jailbreak": 3, "leech": 2,
    "mad_dash": 2, "overclock": 3, "prepaid_voicepad": 2, "professional_contacts": 2,
    "spec_work": 2, "stargate": 1, "sure_gamble": 3, "tapwrm": 1, "the_makers_eye": 2,
    "top_hat": 2,
}  # fmt: skip
ASA = "asa_group_security_through_vigilance"
AMPERE = "ampere_cybernetics_for_anyone"
NOVA = "nova_initiumia_catalyst_impetus"
KEN = "ken_express_tenma_disappeared_clone"
PROFESSOR = "the_professor_keeper_of_knowledge"
GEIST = "armand_geist_walker_tech_lord"


@pytest.fixture(scope="module")
def url() -> Iterator[str]:
    """A server whose clock says 2026-11-27 (Standard: Standard Balance Update 26.08)."""
    with serving(today=DAY) as base:
        yield base


def request(
    identity: str,
    side: str,
    cards: dict[str, int],
    validations: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    attributes = {
        "identity_card_id": identity,
        "side_id": side,
        "cards": cards,
        "validations": validations if validations is not None else [dict(BASIC)],
    }
    return {"data": {"type": "decks", "attributes": attributes}}


def post(base: str, body: Any, **headers: str) -> httpx.Response:
    return httpx.post(f"{base}{URL}", json=body, headers=headers, timeout=30)


def attributes_of(base: str, body: Any) -> dict[str, Any]:
    answer = post(base, body)
    assert answer.status_code == 200, answer.text
    found: dict[str, Any] = answer.json()["data"]["attributes"]
    return found


def codes(validation: dict[str, Any]) -> set[str]:
    return {p["code"] for p in validation["problems"]}


def swapped(cards: dict[str, int], old: str, new: str) -> dict[str, int]:
    """The spec's swap_card: the new card takes the old one's copies."""
    out = dict(cards)
    out[new] = out.pop(old)
    return out


def with_validation(body: dict[str, Any], **ids: Any) -> dict[str, Any]:
    out = copy.deepcopy(body)
    out["data"]["attributes"]["validations"][0].update(ids)
    return out


# -- deck_validation_spec.rb: how a validation fills in its ids -----------------------------
@pytest.mark.parametrize(
    ("named", "filled"),
    [
        ({"label": "empty"}, (None, None, None, None)),
        ({"snapshot_id": "standard_36"},
         ("standard", "standard_2026_vantage_point", "standard_balance_update_26_08",
          "standard_36")),
        ({"format_id": "standard"},
         ("standard", "standard_2026_vantage_point", "standard_balance_update_26_08",
          "standard_36")),
        ({"card_pool_id": "startup_vantage_point"},
         ("startup", "startup_vantage_point", None, None)),
        ({"restriction_id": "standard_balance_update_26_08"},
         ("standard", None, "standard_balance_update_26_08", None)),
    ],
)  # fmt: skip
def test_a_validation_fills_in_its_ids_as_v3(
    url: str, named: dict[str, str], filled: tuple[str | None, ...]
) -> None:
    body = request(ASA, "corp", GOOD_ASA, [{"label": "expand", **named}])
    (validation,) = attributes_of(url, body)["validations"]
    ids = ("format_id", "card_pool_id", "restriction_id", "snapshot_id")
    assert tuple(validation[k] for k in ids) == filled
    assert validation["label"] == "expand" or named == {"label": "empty"}
    assert validation["basic_deckbuilding_rules"] is False


# -- deck_validator_spec.rb: what a validation finds -------------------------------------------
def test_labels_and_switches_are_reported_even_when_the_request_fails(url: str) -> None:
    validations = [
        {"label": "validation 1", "basic_deckbuilding_rules": False},
        {"label": "validation 2", "basic_deckbuilding_rules": True},
    ]
    attributes = attributes_of(url, request("", "corp", {}, validations))
    first, second = attributes["validations"]
    assert (first["label"], first["basic_deckbuilding_rules"]) == ("validation 1", False)
    assert (second["label"], second["basic_deckbuilding_rules"]) == ("validation 2", True)
    assert attributes["is_valid"] is False
    assert attributes["validation_errors"] == ["Deck must specify some cards."]


@pytest.mark.parametrize(
    "body",
    [
        request(ASA, "corp", GOOD_ASA),
        request(AMPERE, "corp", GOOD_AMPERE),
        request(KEN, "runner", GOOD_KEN),
        request(NOVA, "runner", GOOD_NOVA),
        request(PROFESSOR, "runner", GOOD_PROFESSOR),
        # normalizes case: ids, side and card ids in capitals
        request(ASA.upper(), "CORP", {k.upper(): v for k, v in GOOD_ASA.items()}),
        # without the construction rules, a Runner deck with a Corp card passes
        request(KEN, "runner", swapped(GOOD_KEN, "sure_gamble", "hedge_fund"),
                [{"label": "off", "basic_deckbuilding_rules": False}]),
        # the alliance cards' influence, their condition met (Mumba Temple: see above)
        request(ASA, "corp", MUMBA_FEW_ICE),
        request(ASA, "corp", swapped(GOOD_ASA, "hagen", "mumbad_virtual_tour")),
        request(ASA, "corp", {**GOOD_ASA, "ontological_dependence": 1, "museum_of_history": 3}),
        request(ASA, "corp",
                swapped(swapped(GOOD_ASA, "hagen", "pad_factory"), "hakarl_1_0", "pad_campaign")),
        request(ASA, "corp",
                {k: v for k, v in swapped(swapped(GOOD_ASA, "tollbooth", "afshar"), "tyr",
                                          "consulting_visit").items() if k != "rototurret"}
                | {"afshar": 3, "consulting_visit": 3}),
    ],
    ids=["asa", "ampere", "ken", "nova", "professor", "upper-case", "ken-rules-off", "mumba",
         "mumbad-tour", "museum", "pad-factory", "consulting-visit"],
)  # fmt: skip
def test_good_decks_are_valid(url: str, body: dict[str, Any]) -> None:
    attributes = attributes_of(url, body)
    (validation,) = attributes["validations"]
    assert validation["errors"] == [], validation["problems"]
    assert attributes["validation_errors"] == [] and attributes["is_valid"] is True


def test_the_same_request_gets_the_same_answer(url: str) -> None:
    cards = {**GOOD_PROFESSOR, "consume": 2, "stargate": 2}
    answers = [attributes_of(url, request(PROFESSOR, "runner", cards)) for _ in range(3)]
    assert answers[0] == answers[1] == answers[2]
    (validation,) = answers[0]["validations"]
    assert codes(validation) == {"influence"} and answers[0]["is_valid"] is False


ALLIANCE_UNMET = {
    "mumba": swapped(GOOD_ASA, "hagen", "mumba_temple"),  # 20 ice: Mumba Temple costs 2
    "mumbad-tour": swapped(swapped(GOOD_ASA, "hagen", "mumbad_virtual_tour"),
                           "trieste_model_bioroids", "ark_lockdown"),
    "museum": swapped(GOOD_ASA, "hagen", "museum_of_history"),
    "pad-factory": swapped(GOOD_ASA, "hagen", "pad_factory"),
    "consulting-visit": {k: v for k, v in swapped(swapped(GOOD_ASA, "tollbooth", "afshar"), "tyr",
                                                  "consulting_visit").items() if k != "rototurret"}
    | {"afshar": 2, "consulting_visit": 3},
}  # fmt: skip


@pytest.mark.parametrize(
    ("identity", "side", "cards", "code"),
    [
        (AMPERE, "corp", swapped(GOOD_AMPERE, "ark_lockdown", ASA), "identity-multiple"),
        (NOVA, "runner", {**GOOD_NOVA, GEIST: 3}, "identity-multiple"),
        (PROFESSOR, "runner", {**GOOD_PROFESSOR, "consume": 2, "stargate": 2}, "influence"),
        (ASA, "corp", swapped(GOOD_ASA, "hedge_fund", "sure_gamble"), "side-mismatch"),
        (ASA, "corp", {**{k: v for k, v in GOOD_ASA.items() if k != "send_a_message"},
                       "bellona": 2}, "no-influence-value"),
        (AMPERE, "corp", swapped(GOOD_AMPERE, "hostile_takeover", "ar_enhanced_security"),
         "ampere-agendas"),
        (KEN, "runner", swapped(GOOD_KEN, "sure_gamble", "hedge_fund"), "side-mismatch"),
        (GEIST, "corp", {"hedge_fund": 3}, "side-mismatch"),
        (ASA, "corp", {"hedge_fund": 36, "project_vitruvius": 9}, "agenda-points"),
        (ASA, "corp", {"hedge_fund": 36, "project_vitruvius": 9}, "copies"),
        (AMPERE, "corp", {**GOOD_AMPERE, "tyr": 2, "hedge_fund": 2}, "singleton"),
        (NOVA, "runner", {**GOOD_NOVA, "sure_gamble": 2, "unity": 2}, "singleton"),
        (ASA, "corp", swapped(GOOD_ASA, "eli_1_0", "funhouse"), "influence"),
        (ASA, "corp", {"hedge_fund": 3}, "deck-size"),
        *[(ASA, "corp", cards, "influence") for cards in ALLIANCE_UNMET.values()],
    ],
    ids=["corp-identity-as-card", "runner-identity-as-card", "professor-programs",
         "runner-card-in-corp-deck", "out-of-faction-agenda", "ampere-agendas",
         "corp-card-in-runner-deck", "identity-not-of-side-id", "agenda-points", "copies",
         "ampere-copies", "nova-copies", "influence", "too-few-cards",
         *[f"{name}-unmet" for name in ALLIANCE_UNMET]],
)  # fmt: skip
def test_bad_decks_fail_the_construction_rules(
    url: str, identity: str, side: str, cards: dict[str, int], code: str
) -> None:
    attributes = attributes_of(url, request(identity, side, cards))
    (validation,) = attributes["validations"]
    assert code in codes(validation), validation["problems"]
    assert attributes["validation_errors"] == [] and attributes["is_valid"] is False
    assert len(validation["errors"]) == len(validation["problems"])


@pytest.mark.parametrize(
    ("change", "error"),
    [
        ({"identity_card_id": "plural"}, "`identity_card_id` `plural` does not exist."),
        ({"side_id": "super_mega_corp"}, "`side_id` `super_mega_corp` does not exist."),
        ({"cards": {"foo": 3, "bar": 3}}, "Card `foo` does not exist."),
        ({"cards": {"foo": 3, "bar": 3}}, "Card `bar` does not exist."),
        ({"format_id": "magic_the_gathering"}, "Format `magic_the_gathering` does not exist."),
        ({"card_pool_id": "startup_2099"}, "Card Pool `startup_2099` does not exist."),
        ({"restriction_id": "standard_banlist_2034_03"},
         "Restriction `standard_banlist_2034_03` does not exist."),
        ({"snapshot_id": "snapshot_3030"}, "Snapshot `snapshot_3030` does not exist."),
    ],
)  # fmt: skip
def test_unknown_ids_are_v3s_request_errors(url: str, change: dict[str, Any], error: str) -> None:
    body = request(ASA, "corp", GOOD_ASA)
    attributes = body["data"]["attributes"]
    for key, value in change.items():
        target = attributes if key in attributes else attributes["validations"][0]
        target[key] = value
    answer = attributes_of(url, body)
    assert error in answer["validation_errors"] and answer["is_valid"] is False
    assert answer["validations"][0]["errors"] == []  # no validation runs


@pytest.mark.parametrize(
    "body",
    [{}, {"data": {}}, {"data": {"attributes": {"side_id": "corp"}}},
     {"data": {"attributes": {"identity_card_id": ASA, "cards": GOOD_ASA, "validations": []}}},
     {"data": {"attributes": {"side_id": "corp", "cards": GOOD_ASA, "validations": []}}}],
    ids=["empty", "no-attributes", "side-only", "missing-side", "missing-identity"],
)  # fmt: skip
def test_a_body_without_the_four_keys_is_v3s_invalid_request(url: str, body: Any) -> None:
    answer = post(url, body)
    assert answer.status_code == 400
    (error,) = answer.json()["errors"]
    assert (error["title"], error["code"], error["status"]) == ("Invalid request", "400", "400")
    assert error["detail"].startswith("Valid requests must be of the form")
    assert "source" not in error


def test_cards_not_in_the_card_pool(url: str) -> None:
    body = with_validation(request(ASA, "corp", GOOD_ASA), card_pool_id="startup_vantage_point")
    (validation,) = attributes_of(url, body)["validations"]
    assert codes(validation) == {"not-in-card-pool"}  # the pool alone: no list, no rules off
    assert validation["restriction_id"] is None


def test_a_banned_card_under_the_format_in_force(url: str) -> None:
    body = with_validation(request(ASA, "corp", {**GOOD_ASA, "bellona": 1}), format_id="standard")
    (validation,) = attributes_of(url, body)["validations"]
    banned = [p for p in validation["problems"] if p["code"] == "banned"]
    assert len(banned) == 1 and "Bellona" in banned[0]["message"]
    assert validation["restriction_id"] == STANDARD_BALANCE_26_08


def test_too_many_restricted_cards(url: str) -> None:
    cards = {**GOOD_ASA, "bio_ethics_association": 1, "global_food_initiative": 1}
    body = request(ASA, "corp", cards, [{"restriction_id": "standard_mwl_3_4"}])
    (validation,) = attributes_of(url, body)["validations"]
    assert codes(validation) == {"restricted"}
    assert (validation["card_pool_id"], validation["format_id"]) == (None, "standard")


@pytest.mark.parametrize(
    ("restriction_id", "cards"),
    [("napd_mwl_1_0", GOOD_ASA), ("napd_mwl_1_2", swapped(GOOD_ASA, "hagen", "architect"))],
    ids=["global-penalty", "universal-faction-cost"],
)
def test_a_ban_lists_influence_rules(url: str, restriction_id: str, cards: dict[str, int]) -> None:
    plain = attributes_of(url, request(ASA, "corp", cards))
    assert plain["is_valid"] is True
    body = with_validation(request(ASA, "corp", cards), restriction_id=restriction_id)
    (validation,) = attributes_of(url, body)["validations"]
    assert codes(validation) == {"influence"}


def test_over_the_eternal_points_limit(url: str) -> None:
    extra = {"estelle_moon": 1, "friends_in_high_places": 1, "mumbad_city_hall": 1}
    body = request(ASA, "corp", {**GOOD_ASA, **extra}, [{"snapshot_id": "eternal_8"}])
    (validation,) = attributes_of(url, body)["validations"]
    assert codes(validation) == {"points"} and validation["eternal_points"] == 9
    assert validation["restriction_id"] == ETERNAL_POINTS_26_03


# -- what the specs leave out ------------------------------------------------------------------
def test_side_id_is_checked_with_the_construction_rules(url: str) -> None:
    answer = attributes_of(url, request(KEN, "corp", GOOD_KEN))
    assert answer["is_valid"] is False
    assert "side-mismatch" in codes(answer["validations"][0])
    rules_off = request(KEN, "corp", GOOD_KEN, [{"label": "no rules"}])
    assert attributes_of(url, rules_off)["is_valid"] is True  # as v3: side_id is a rule


def test_a_validation_applies_exactly_the_ids_it_names(url: str) -> None:
    rotated, banned = "hostile_takeover", "bellona"  # out of today's pool; in today's list
    body = request(ASA, "corp", {**GOOD_ASA, rotated: 1, banned: 1}, [
        {"label": "pool", "card_pool_id": "standard_2026_vantage_point"},
        {"label": "list", "restriction_id": STANDARD_BALANCE_26_08},
        {"label": "nothing"},
        {"label": "both", "format_id": "standard"},
    ])  # fmt: skip
    pool, listed, nothing, both = attributes_of(url, body)["validations"]
    assert codes(pool) == {"not-in-card-pool"} and pool["restriction_id"] is None
    assert all("Bellona" not in e for e in pool["errors"])
    assert codes(listed) == {"banned"} and listed["card_pool_id"] is None
    assert nothing["errors"] == [] and nothing["format_id"] is None
    assert codes(both) == {"not-in-card-pool", "banned"}


def test_an_events_server_checks_the_events_settings() -> None:
    data = DataSettings(no_cache=True)
    selection = SelectionOptions(format_id="startup", as_of=dt.date(2026, 10, 1))
    event, _ = event_settings(data, selection, None, DAY)
    with serving(ServeSettings(data, event=event), today=DAY) as base:
        named = attributes_of(base, request(ASA, "corp", GOOD_ASA, [{"format_id": "startup"}]))
        (validation,) = named["validations"]
        assert validation["restriction_id"] == STARTUP_BALANCE_26_09
        assert validation["card_pool_id"] == "startup_vantage_point"
        refused = post(base, request(ASA, "corp", GOOD_ASA, [{"format_id": "standard"}]))
        assert refused.status_code == 400
        (error,) = refused.json()["errors"]
        assert error["source"]["pointer"] == "/data/attributes/validations/0/format_id"


# -- bodies no reader should take --------------------------------------------------------------
MALFORMED = [b'{"data": NaN}', b'{"data": Infinity}', b'{"data": -Infinity}', b'{"n": 1e400}',
             b'{"s": "\\ud800"}', b'{"s": "\\udc00x"}', b'{"s": "\xff"}', b"{not json",
             b"[" * 101 + b"]" * 101]  # fmt: skip
SHAPES = [
    {"data": "x"},
    {"data": {"attributes": None}},
    {"data": {"attributes": {**request(ASA, "corp", GOOD_ASA)["data"]["attributes"],
                             "validations": "x"}}},
    {"data": {"attributes": {**request(ASA, "corp", GOOD_ASA)["data"]["attributes"],
                             "validations": [1, {"format_id": "standard"}]}}},
    {"data": {"attributes": {**request(ASA, "corp", GOOD_ASA)["data"]["attributes"],
                             "validations": {"format_id": "standard"}}}},
    request(ASA, "corp", GOOD_ASA, [{"format_id": ["standard"]}]),
    request(ASA, "corp", {"hedge_fund": "3"}),
    request(ASA, "corp", {"hedge_fund": 2.5}),
    request(ASA, "corp", {"hedge_fund": 0}),
    request(ASA, None, GOOD_ASA),  # type: ignore[arg-type]
    request(ASA, "corp", None),  # type: ignore[arg-type]
]  # fmt: skip


def one_line_logged(caplog: pytest.LogCaptureFixture) -> None:
    logged = [r for r in caplog.records if r.name == "nrdeck.serve"]
    assert len(logged) == 1 and logged[0].exc_info is None
    assert "\n" not in logged[0].getMessage()


@pytest.mark.parametrize("raw", MALFORMED, ids=range(len(MALFORMED)))
def test_a_body_that_is_not_json_is_v3s_bad_request(
    url: str, raw: bytes, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING, logger="nrdeck.serve")
    headers = {"content-type": "application/json"}
    answer = httpx.post(f"{url}{URL}", content=raw, headers=headers, timeout=30)
    assert (answer.status_code, answer.json()) == (400, {"status": 400, "error": "Bad Request"})
    one_line_logged(caplog)
    jsonapi = {"content-type": "application/vnd.api+json", "accept": "application/vnd.api+json"}
    answer = httpx.post(f"{url}{URL}", content=raw, headers=jsonapi, timeout=30)
    assert answer.status_code == 400
    assert answer.headers["content-type"].startswith("application/vnd.api+json")
    assert answer.json()["errors"][0]["code"] == "bad_request"


@pytest.mark.parametrize("body", SHAPES, ids=range(len(SHAPES)))
def test_a_shape_v3_cannot_read_is_an_invalid_request_never_a_500(
    url: str, body: Any, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING, logger="nrdeck.serve")
    answer = post(url, body)
    assert answer.status_code == 400, answer.text
    (error,) = answer.json()["errors"]
    assert (error["title"], error["status"]) == ("Invalid request", "400")
    assert error["source"]["pointer"].startswith("/data")
    one_line_logged(caplog)


def test_a_body_of_another_type_is_not_read_as_json(url: str) -> None:
    body = request(ASA, "corp", GOOD_ASA)
    for content_type in ("text/plain", "application/x-www-form-urlencoded"):
        raw = json.dumps(body).encode()
        headers = {"content-type": content_type}
        answer = httpx.post(f"{url}{URL}", content=raw, headers=headers, timeout=30)
        assert answer.status_code == 400
        assert answer.json()["errors"][0]["title"] == "Invalid request"
    answer = httpx.post(f"{url}{URL}", json=[1], timeout=30)  # JSON, but no data in it
    assert answer.status_code == 400 and answer.json()["errors"][0]["title"] == "Invalid request"
