"""Titles that change spelling upstream keep resolving in both spellings (issue 30, point 3).

netrunner-cards-json #874 (in the data of 2026-09) turned the curly quotes of seven titles (four
identities, three other cards) straight: ``René “Loup” Arcemont`` became ``René "Loup"
Arcemont``. Real sources of 2026
write both (Cobra's published decks the curly one, Always Be Running's summaries the straight
one), and older card data (a cache, a pinned file) still has the curly titles. Every reader
that takes a title (a decklist, jinteki.net's ``;; identity:``, Cobra's CSV and JSON exports,
``nrdeck card``, the Python API) finds the same card by either spelling, on either data.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

import nrdeck
from nrdeck.cli import app
from tests.ids import RENE_LOUP
from tests.paths import ROOT

# id: the title as the data of 2026-09 spells it (straight quotes)
RETITLED = {
    "ayla_bios_rahim_simulant_specialist": 'Ayla "Bios" Rahim: Simulant Specialist',
    "baklan_bochkin": '"Baklan" Bochkin',
    "janaina_jk_dumont_kindelan": 'Janaína "JK" Dumont Kindelán',
    "ken_express_tenma_disappeared_clone": 'Ken "Express" Tenma: Disappeared Clone',
    "pretty_mary_da_silva": '"Pretty" Mary da Silva',
    RENE_LOUP: 'René "Loup" Arcemont: Party Animal',
    "rielle_kit_peddler_transhuman": 'Rielle "Kit" Peddler: Transhuman',
}
CARDS = ("baklan_bochkin", "janaina_jk_dumont_kindelan", "pretty_mary_da_silva")  # not identities
IDENTITIES = [k for k in RETITLED if k not in CARDS]
runner = CliRunner()


def curly(title: str) -> str:
    """The spelling of the data before 2026-09: “…” instead of "…"."""
    parts = title.split('"')
    return "".join(p + ("“" if i % 2 == 0 else "”") for i, p in enumerate(parts[:-1])) + parts[-1]


def spellings(card_id: str) -> list[str]:
    return [RETITLED[card_id], curly(RETITLED[card_id])]


@pytest.fixture(scope="module")
def curly_data(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The bundled card data with the seven titles as the data of 2026-07 spelt them."""
    doc = json.loads((ROOT / "data" / "cards.json").read_text("utf-8"))
    for card in doc["cards"]:
        if card["id"] in RETITLED:
            card["title"] = curly(card["title"])
    path = tmp_path_factory.mktemp("curly") / "cards.json"
    path.write_text(json.dumps(doc, ensure_ascii=False), "utf-8")
    return path


def identity_of(result: Result) -> str:
    assert result.exit_code in (0, 1), result.stderr
    found: str = json.loads(result.stdout)["decks"][0]["identity"]["id"]
    return found


def check(text: str, *args: str) -> Result:
    return runner.invoke(
        app, ["check", "-", "--offline", "--output-format", "json", *args], input=text
    )


def test_the_curly_spelling_is_the_only_difference_between_the_two_datas() -> None:
    assert curly('René "Loup" Arcemont: Party Animal') == "René “Loup” Arcemont: Party Animal"
    bundled = {c.id: c.title for c in nrdeck.load_cards(cache=False).cards.values()}
    assert {k: bundled[k] for k in RETITLED} == RETITLED


@pytest.mark.parametrize("card_id", IDENTITIES)
@pytest.mark.parametrize("data", ["bundled", "curly"])
def test_a_decklist_names_the_identity_in_either_spelling(
    card_id: str, data: str, curly_data: Path
) -> None:
    args = ("--data", str(curly_data)) if data == "curly" else ()
    for title in spellings(card_id):
        assert identity_of(check(f"{title}\n3 Sure Gamble\n", *args)) == card_id
        jinteki = f";; identity: {title}\n3 Sure Gamble\n"
        assert identity_of(check(jinteki, "--input-format", "jinteki", *args)) == card_id


@pytest.mark.parametrize("card_id", CARDS)
def test_a_deck_card_in_either_spelling_is_the_same_card(card_id: str, curly_data: Path) -> None:
    corp = card_id == "pretty_mary_da_silva"
    head = "Jinteki: Replicating Perfection" if corp else "Zahya Sadeghi: Versatile Smuggler"
    for args in ((), ("--data", str(curly_data))):
        cards = set()
        for title in spellings(card_id):
            result = check(f"{head}\n1 {title}\n", *args)
            deck = json.loads(result.stdout)["decks"][0]
            assert not [p for p in deck["problems"] if p["code"] == "unknown-card"], title
            cards.add(json.dumps(deck["stats"]["cards"]))
        assert len(cards) == 1


@pytest.mark.parametrize("card_id", [RENE_LOUP, "baklan_bochkin"])
def test_card_finds_either_spelling(card_id: str) -> None:
    for title in spellings(card_id):
        result = runner.invoke(app, ["card", title, "--offline", "--output-format", "json"])
        assert result.exit_code == 0, result.stderr
        assert json.loads(result.stdout)["card"]["id"] == card_id


def test_the_python_api_reads_either_spelling() -> None:
    for title in spellings(RENE_LOUP):
        outcome = nrdeck.check_text(f"{title}\n3 Sure Gamble\n")
        assert outcome.result is not None
        assert outcome.result.identity_id == RENE_LOUP


def _cobra_csv(identity: str) -> str:
    """Cobra's decks export for one player's Runner deck (the layout of its CSV)."""
    return (
        'Player,"Ana Lima",\nDeck,"Ana Lima\'s runner",\n\nMin,Identity,Max\n'
        f'40,"{identity.replace(chr(34), chr(34) * 2)}",15\n\nQty,"Card Name",Inf\n'
        '3,"Sure Gamble",\n'
    )


def test_cobras_exports_name_the_identity_in_either_spelling(tmp_path: Path) -> None:
    for n, title in enumerate(spellings(RENE_LOUP)):
        csv_roster = tmp_path / f"decks-{n}.csv"
        csv_roster.write_text(_cobra_csv(title), "utf-8")
        json_roster = tmp_path / f"decks-{n}.json"
        json_roster.write_text(
            json.dumps(
                [
                    {
                        "details": {
                            "player_id": 1,
                            "player_name": "Ana Lima",
                            "side_id": "runner",
                            "identity_title": title,
                        },
                        "cards": [{"title": "Sure Gamble", "quantity": 3}],
                    }
                ]
            ),
            "utf-8",
        )
        for roster in (csv_roster, json_roster):
            result = runner.invoke(
                app, ["event", str(roster), "--offline", "--output-format", "json"]
            )
            assert result.exit_code in (0, 1), result.stderr
            text = result.stdout
            assert RENE_LOUP in text, (roster.name, text[:400])
            assert "unknown-card" not in text and "identity-missing" not in text
