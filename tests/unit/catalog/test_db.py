"""The card database and its indexes, on the bundled snapshot."""

from __future__ import annotations

import datetime as dt

import pytest

from nrdeck.catalog import CardDB, normalise_title


def test_counts_match_the_dataset(db: CardDB) -> None:
    assert db.counts()["cards"] == 2054
    assert db.counts()["printings"] == 2460
    assert db.counts()["restrictions"] == 58
    assert db.counts()["formats"] == 7  # the data of 2026-09 adds the official Core


@pytest.mark.parametrize("code", ["01110", "20132", "25146", "30075"])
def test_every_printing_code_of_hedge_fund_is_the_same_card(db: CardDB, code: str) -> None:
    card = db.card_by_code(code)
    assert card is not None and card.id == "hedge_fund"


def test_printing_codes_keep_leading_zeros(db: CardDB) -> None:
    card = db.card_by_code("00005")
    assert card is not None and card.is_identity
    assert db.card_by_code("5") is None


@pytest.mark.parametrize(
    ("text", "card_id"),
    [
        ("Deja Vu", "deja_vu"),
        ("déjà vu", "deja_vu"),
        ("  HEDGE   fund ", "hedge_fund"),
        ("Salem’s Hospitality", "salems_hospitality"),
        ("Ampere: Cybernetics For Anyone", "ampere_cybernetics_for_anyone"),
        ("Hoshiko Shiro: Mahou Shoujo", "hoshiko_shiro_untold_protagonist"),
    ],
)
def test_titles_resolve_after_normalising(db: CardDB, text: str, card_id: str) -> None:
    card = db.card_by_title(text)
    assert card is not None and card.id == card_id


def test_pool_sets_include_every_set_of_listed_cycles(db: CardDB) -> None:
    sets = db.pool_sets("rotation_2025")
    assert {"system_gateway", "elevation", "downfall"} <= sets
    assert "core_set" not in sets
    assert "hedge_fund" in db.pool_cards("rotation_2025")  # through its System Gateway reprint


def test_x_costs_are_kept(db: CardDB) -> None:
    assert any(c.cost == "X" for c in db.cards.values())


def test_restriction_mechanics_are_loaded(db: CardDB) -> None:
    napd = db.restrictions["napd_mwl_1_0"]
    assert napd.global_penalty["astroscript_pilot_program"] == 1
    assert db.restrictions["standard_ban_list_20_06"].banned_subtypes == frozenset({"current"})
    assert db.restrictions["eternal_points_list_25_07"].point_limit == 7
    assert db.restrictions["napd_mwl_1_2"].universal_faction_cost


def test_release_dates_and_active_snapshots(db: CardDB) -> None:
    assert db.release_date("hedge_fund") == dt.date(2012, 9, 6)
    active = db.formats["standard"].active_snapshot
    assert active is not None and active.id == "standard_34"  # 26.03: the flag lags


def test_normalise_title_folds_quotes_dashes_and_space() -> None:
    assert normalise_title("“Clan” Vengeance – X") == '"clan" vengeance - x'


def test_the_exact_title_fast_path_agrees_with_the_normalised_index(db: CardDB) -> None:
    from nrdeck.catalog import normalise_title

    index = db.title_index()
    for card in db.cards.values():
        found = db.card_by_title(card.title)
        assert found is not None and found.id == index[normalise_title(card.title)]
