"""`nrdeck event ROSTER --cobra TOURNAMENT` against the shared Cobra double.

The double (``../shared/tools/cobra_mock.py``) serves three tournaments: 5871 (a Standard
District Championship on 2025-10-18, Ban List 25.10, pool up to Elevation), 7304 (a Startup
Game Night on 2026-06-20) and 6012 (a Casual Tournament Kit event on 2025-11-15 that names
Ban List 25.08, superseded on 2025-10-03). Changed copies of its fixtures give the other
settings; its faults give the failures. Skipped where ../shared is absent
(``test_event_cobra_loopback.py`` covers what the double cannot do, and always runs).
"""

from __future__ import annotations

import html
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from nrdeck.catalog import CardDB
from nrdeck.cli import app
from nrdeck.errors import ExitCode
from tests.fakes.cobra import cobra_double, export, export_deck, fixtures, stats, tournament
from tests.paths import FIXTURES

DECKS = FIXTURES / "event" / "decks"
HB, ZAHYA = DECKS / "std-hb-precision.txt", DECKS / "std-zahya.txt"
ALL_SETTINGS = ["date", "format", "card pool", "ban list", "tier"]
runner = CliRunner()


@pytest.fixture(scope="module")
def double() -> Iterator[str]:
    """The double with the shared fixtures (its counters shared by this module's tests)."""
    with cobra_double() as base:
        yield base


def event(base: str, roster: Path, tournament_ref: str, *more: str) -> Result:
    args = ["event", str(roster), "--cobra", tournament_ref, "--cobra-url", base, *more]
    return runner.invoke(app, args)


def doc(result: Result) -> dict[str, Any]:
    assert result.exit_code in (0, 1), result.stderr
    found: dict[str, Any] = json.loads(result.stdout)
    return found


def players(result: Result) -> dict[str, dict[str, Any]]:
    return {p["player"]: p for p in doc(result)["players"]}


def settings(document: dict[str, Any]) -> dict[str, tuple[str | None, str]]:
    return {s["setting"]: (s["value"], s["source"]) for s in document["cobra"]["settings"]}


def codes(document: dict[str, Any]) -> list[str]:
    return [w["code"] for w in document["cobra"]["warnings"]]


@pytest.fixture
def london(db: CardDB, tmp_path: Path) -> Path:
    """5871's export the morning of the event: Dev Patel registered no deck, a stale entry
    (player 99) is in it, and the TO edited two decks in Cobra (a card swapped)."""
    path = export(
        db,
        tmp_path,
        [(11, "Ana Souza", HB, ZAHYA), (12, "Ben Okafor", HB, None), (13, "Cleo Martin", HB, None),
         (99, "Zed Stale", HB, ZAHYA)],
    )  # fmt: skip
    decks = json.loads(path.read_text(encoding="utf-8"))
    # Ben's Info Bounty swapped for Pennyshaver: the row keeps Info Bounty's printing id
    decks.append(
        export_deck(db, 12, "Ben Okafor", "runner", DECKS / "std-zahya-info-bounty.txt",
                    swaps={"info_bounty": "pennyshaver"})
    )  # fmt: skip
    # Cleo's Sure Gamble swapped for Info Bounty (banned): the row keeps Sure Gamble's id
    decks.append(
        export_deck(db, 13, "Cleo Martin", "runner", ZAHYA, swaps={"sure_gamble": "info_bounty"})
    )
    path.write_text(json.dumps(decks), encoding="utf-8")
    return path


# -- each setting from Cobra ----------------------------------------------------------------
def test_every_setting_comes_from_the_tournament(double: str, london: Path) -> None:
    result = event(double, london, "5871", "--output-format", "json")
    document = doc(result)
    assert document["period"]["as_of"] == "2025-10-18"
    assert document["period"]["format"]["id"] == "standard"
    assert document["period"]["restriction"]["id"] == "standard_ban_list_25_10"
    assert document["period"]["tier"] == "competitive"
    assert document["cardpool_up_to"] == {"id": "elevation", "name": "Elevation"}
    cobra = document["cobra"]
    assert cobra["settings_from_cobra"] == ALL_SETTINGS
    assert settings(document) == {
        "date": ("2025-10-18", "cobra"),
        "format": ("Standard", "cobra"),
        "card pool": ("Elevation", "cobra"),
        "ban list": ("Standard Ban List 25.10", "cobra"),
        "tier": ("competitive", "cobra"),
    }
    assert (cobra["tournament_id"], cobra["name"], cobra["type"]) == (
        5871,
        "London District Championship 2025",
        "District Championship",
    )
    assert cobra["url"] == f"{double}/tournaments/5871"


def test_the_settings_and_the_tournament_are_said_in_every_output(
    double: str, london: Path
) -> None:
    said = "settings from Cobra: date 2025-10-18, format Standard, card pool up to Elevation, "
    said += "ban list Standard Ban List 25.10, tier competitive"
    table = event(double, london, "5871")
    # the table is headed by them: said once, not again on stderr (twice on a terminal)
    assert said in " ".join(table.stdout.split()) and said not in table.stderr
    assert "Cobra: London District Championship 2025 (tournament 5871" in table.stdout
    assert "Cobra: London District Championship 2025" not in table.stderr
    to_file = event(double, london, "5871", "-o", str(london.parent / "table.txt"))
    assert said in to_file.stderr  # the table went to a file: said on the terminal too
    for fmt in ("csv", "json", "sheets"):  # no place for it in the file: on stderr
        assert said in event(double, london, "5871", "--output-format", fmt).stderr
    for fmt in ("markdown", "html"):
        for audience in ("public", "organiser"):
            out = event(double, london, "5871", "--output-format", fmt, "--audience", audience)
            assert said in out.stdout, (fmt, audience)
            assert "London District Championship 2025" in out.stdout


def test_the_printed_decklists_carry_the_tournaments_name(double: str, london: Path) -> None:
    sheets = event(double, london, "5871", "--output-format", "sheets").stdout
    assert "London District Championship 2025" in sheets
    named = event(double, london, "5871", "--output-format", "sheets", "--event-name", "Champs")
    assert "Champs" in named.stdout and "London District" not in named.stdout


@pytest.mark.parametrize(
    "spelt",
    ["7304", "M2XD", "m2xd", "{base}/M2XD", "{base}/tournaments/7304",
     "{base}/beta/tournaments/7304/registration", "{base}/tournaments/7304/players"],
)  # fmt: skip
def test_a_tournament_by_id_page_or_short_link(double: str, tmp_path: Path, spelt: str) -> None:
    roster = tmp_path / "signup.csv"
    roster.write_text(f"player,corp,runner\nHana Kobayashi,{HB},{ZAHYA}\n", encoding="utf-8")
    result = event(
        double, roster, spelt.format(base=double), "--output-format", "json",
        "--allow-paths-outside",
    )  # fmt: skip
    document = doc(result)
    assert document["cobra"]["tournament_id"] == 7304
    assert settings(document) == {
        "date": ("2026-06-20", "cobra"),
        "format": ("Startup", "cobra"),
        "card pool": ("Vantage Point", "cobra"),
        "ban list": ("Startup Balance Update 26.05", "cobra"),
        "tier": ("casual", "cobra"),
    }
    assert document["period"]["tier"] == "casual"  # Game Night Kit


# -- players --------------------------------------------------------------------------------
def test_players_compared_by_cobras_player_id_and_name(double: str, london: Path) -> None:
    result = event(double, london, "5871", "--output-format", "json")
    document = doc(result)
    assert result.exit_code == ExitCode.ILLEGAL
    assert document["cobra"]["players"] == {
        "listed": 4,
        "not_listed": ["Zed Stale"],
        "missing": ["Dev Patel"],
        "dropped": [],
    }
    found = {p["player"]: p for p in document["players"]}
    assert found["Zed Stale"]["cobra"] == "not-listed"
    assert found["Dev Patel"]["cobra"] == "no-deck" and found["Dev Patel"]["status"] == "missing"
    assert found["Ana Souza"]["cobra"] == "listed" and found["Ana Souza"]["status"] == "ready"
    assert {"players-not-listed", "players-missing"} <= set(codes(document))
    assert "warning: Cobra: not on Cobra's player list: Zed Stale" in result.stderr
    assert "warning: Cobra: on Cobra's player list without a deck: Dev Patel" in result.stderr


def test_players_compared_in_every_output_and_nothing_private_in_public_ones(
    double: str, london: Path
) -> None:
    for fmt in ("table", "csv", "markdown", "html"):
        for audience in ("public", "organiser") if fmt in ("markdown", "html") else ("",):
            more = ("--audience", audience) if audience else ()
            out = html.unescape(event(double, london, "5871", "--output-format", fmt, *more).stdout)
            flat = " ".join(out.split())
            assert "Zed Stale" in flat and "Dev Patel" in flat, (fmt, audience)
            if fmt == "csv":
                assert "not-listed" in out and "no-deck" in out
            else:
                assert "not on Cobra's list: Zed Stale" in flat, (fmt, audience)
                assert "on Cobra's list without a deck: Dev Patel" in flat, (fmt, audience)
            if audience == "public":  # Cobra's pronouns and ids never reach a public page
                for private in ("she/her", "they/them", "911", "914", "Hoshiko", "AU Co."):
                    assert private not in out, (fmt, private)


def test_a_dropped_player_is_noted(db: CardDB, double: str, tmp_path: Path) -> None:
    roster = export(
        db,
        tmp_path,
        [(80301, "Agnieszka Nowak", HB, ZAHYA), (80305, "Piotr Lewandowski", HB, ZAHYA)],
    )
    result = event(double, roster, "6012", "--output-format", "json")
    document = doc(result)
    assert document["cobra"]["players"]["dropped"] == ["Piotr Lewandowski"]
    assert sorted(document["cobra"]["players"]["missing"]) == [
        "Julia Kamińska", "Kacper Zieliński", "Tomasz Wójcik",
    ]  # fmt: skip
    found = {p["player"]: p for p in document["players"]}
    assert found["Piotr Lewandowski"]["cobra"] == "dropped"
    table = event(double, roster, "6012")
    assert "dropped in Cobra" in table.stdout


def test_a_dropped_players_illegal_deck_does_not_fail_the_event(
    db: CardDB, double: str, tmp_path: Path
) -> None:
    # Cobra's players for 6012: four play on, Piotr dropped; only Piotr's deck is illegal
    illegal = DECKS / "std-zahya-info-bounty.txt"
    playing = [(80301, "Agnieszka Nowak"), (80302, "Tomasz Wójcik"), (80303, "Kacper Zieliński"),
               (80304, "Julia Kamińska")]  # fmt: skip
    roster = export(
        db,
        tmp_path,
        [*((i, name, HB, ZAHYA) for i, name in playing), (80305, "Piotr Lewandowski", HB, illegal)],
    )
    result = event(double, roster, "6012", "--output-format", "json")
    found = {p["player"]: p for p in doc(result)["players"]}
    assert found["Piotr Lewandowski"]["status"] == "needs-fixing"  # still checked and shown
    assert found["Agnieszka Nowak"]["status"] == "ready"
    assert result.exit_code == ExitCode.OK, result.stderr
    assert "1 dropped in Cobra (not counted in the exit code)" in result.stderr
    # once the player is active again, the same deck fails the event
    data = changed(tmp_path, 6012)
    for player in tournament(data, 6012)["players"]:
        player["active"] = True
    with cobra_double(data=data, folder=tmp_path) as base:
        assert event(base, roster, "6012").exit_code == ExitCode.ILLEGAL


def test_another_tournaments_export_is_said(db: CardDB, double: str, london: Path) -> None:
    result = event(double, london, "6012", "--output-format", "json")
    document = doc(result)
    assert "players-other-tournament" in codes(document)
    assert "is it this tournament's export?" in result.stderr


def test_names_match_across_case_spaces_and_unicode_forms(double: str, tmp_path: Path) -> None:
    roster = tmp_path / "signup.csv"
    rows = ["hana  kobayashi", "LUCAS FERREIRA", "Sam O'Neill", "Zoe\u0308 Adebayo"]
    roster.write_text(
        "player,corp,runner\n" + "".join(f"{name},{HB},{ZAHYA}\n" for name in rows), "utf-8"
    )
    result = event(double, roster, "7304", "--output-format", "json", "--allow-paths-outside")
    compared = doc(result)["cobra"]["players"]
    assert compared["not_listed"] == [] and compared["missing"] == ["Marcus Chen"]


# -- an edited deck -------------------------------------------------------------------------
def test_an_edited_deck_is_checked_as_the_cards_it_now_holds(double: str, london: Path) -> None:
    """Cobra's editor keeps a swapped card's old printing id: the card id says what it is."""
    found = players(event(double, london, "5871", "--output-format", "json"))
    cleo = found["Cleo Martin"]["runner"]
    assert cleo["status"] == "illegal"
    assert [p["message"] for p in cleo["problems"] if p["code"] == "banned"] == [
        "Info Bounty is banned (Standard Ban List 25.10)"
    ]
    assert not [p for p in cleo["problems"] if "Sure Gamble" in p["message"]]
    ben = found["Ben Okafor"]["runner"]
    assert ben["status"] == "legal", ben["problems"]  # Info Bounty's printing, Pennyshaver now


# -- explicit options -----------------------------------------------------------------------
@pytest.mark.parametrize(
    ("option", "value", "both"),
    [
        ("--as-of", "2025-10-19", ["2025-10-19", "2025-10-18"]),
        ("--format", "startup", ["startup", "Standard"]),
        ("--banlist", "25.08", ["25.08", "Standard Ban List 25.10 (standard_ban_list_25_10)"]),
        ("--cardpool-up-to", "vantage_point", ["vantage_point", "Elevation"]),
        ("--tier", "casual", ["casual", "competitive"]),
    ],
)
def test_an_option_that_contradicts_cobra_is_exit_2_naming_both(
    double: str, london: Path, option: str, value: str, both: list[str]
) -> None:
    result = event(double, london, "5871", option, value)
    assert result.exit_code == ExitCode.USAGE
    [line] = result.stderr.strip().splitlines()
    assert f"{option} {value} contradicts Cobra: tournament 5871" in line
    assert all(v in line for v in both), line
    assert result.stdout == ""


def test_options_equal_to_cobras_are_fine(double: str, london: Path) -> None:
    same = ["--as-of", "2025-10-18", "--format", "Standard", "--banlist", "25.10", "--tier",
            "competitive", "--cardpool-up-to", "Elevation"]  # fmt: skip
    document = doc(event(double, london, "5871", *same, "--output-format", "json"))
    assert document["cobra"]["settings_from_cobra"] == ALL_SETTINGS


def test_a_snapshot_is_not_chosen_beside_cobra(double: str, london: Path) -> None:
    result = event(double, london, "5871", "--snapshot", "standard_32")
    assert result.exit_code == ExitCode.USAGE and "--snapshot cannot be used with --cobra" in (
        result.stderr
    )


# -- calendar warnings ----------------------------------------------------------------------
def changed(tmp_path: Path, tournament_id: int, **fields: Any) -> dict[str, Any]:
    def change(data: dict[str, Any]) -> None:
        tournament(data, tournament_id).update(fields)

    return fixtures(change)


def run_changed(
    tmp_path: Path, roster: Path, tournament_id: int, *more: str, **fields: Any
) -> Result:
    with cobra_double(data=changed(tmp_path, tournament_id, **fields), folder=tmp_path) as base:
        return event(base, roster, str(tournament_id), "--output-format", "json", *more)


def test_a_superseded_list_names_both_lists(double: str, db: CardDB, tmp_path: Path) -> None:
    roster = export(db, tmp_path, [(80301, "Agnieszka Nowak", HB, ZAHYA)])
    result = event(double, roster, "6012", "--output-format", "json")
    document = doc(result)
    [warning] = [w for w in document["cobra"]["warnings"] if w["code"] == "list-superseded"]
    assert warning["message"] == (
        "the tournament's ban list, Standard Ban List 25.08 (standard_ban_list_25_08), was "
        "superseded on 2025-10-03 by Standard Ban List 25.10, in force on the event's date "
        "2025-11-15"
    )
    assert document["period"]["restriction"]["id"] == "standard_ban_list_25_08"  # the TO's choice
    assert "warning: Cobra: the tournament's ban list, Standard Ban List 25.08" in result.stderr
    assert settings(document)["tier"] == ("casual", "cobra")  # Casual Tournament Kit


def test_a_list_not_yet_in_force(london: Path, tmp_path: Path) -> None:
    document = doc(
        run_changed(tmp_path, london, 5871, deckbuilding_restriction_id="standard_ban_list_25_12")
    )
    [warning] = [w for w in document["cobra"]["warnings"] if w["code"] == "list-not-yet"]
    assert (
        "Standard Ban List 25.12 (standard_ban_list_25_12), starts 2025-12-01"
        in (warning["message"])
    )
    assert "when Standard Ban List 25.10 is in force" in warning["message"]


@pytest.mark.parametrize(
    ("restriction", "code", "said"),
    [
        ("startup_balance_update_25_11", "list-format", "is a Startup list, not a Standard one"),
        ("startup_balance_update_25_11_for_classic_only", "list-classic-only",
         "is a copy NetrunnerDB keeps for its classic site"),
    ],
)  # fmt: skip
def test_a_list_of_another_format_is_not_applied(
    london: Path, tmp_path: Path, restriction: str, code: str, said: str
) -> None:
    document = doc(run_changed(tmp_path, london, 5871, deckbuilding_restriction_id=restriction))
    [warning] = [w for w in document["cobra"]["warnings"] if w["code"] == code]
    assert said in warning["message"]
    assert (
        "checked against Standard Ban List 25.10, in force on the event's date"
        in (warning["message"])
    )
    assert document["period"]["restriction"]["id"] == "standard_ban_list_25_10"
    assert settings(document)["ban list"] == ("Standard Ban List 25.10", "default")


def test_a_pool_limit_released_after_the_date_is_not_applied(london: Path, tmp_path: Path) -> None:
    document = doc(run_changed(tmp_path, london, 5871, card_set_id="vantage_point"))
    [warning] = [w for w in document["cobra"]["warnings"] if w["code"] == "pool-after-date"]
    assert (
        "Vantage Point, released 2026-03-02, after the event's date 2025-10-18"
        in (warning["message"])
    )
    assert document["cardpool_up_to"] is None
    assert settings(document)["card pool"] == (None, "default")


def test_a_pool_limit_outside_the_pool_is_not_applied(london: Path, tmp_path: Path) -> None:
    document = doc(run_changed(tmp_path, london, 5871, card_set_id="23_seconds"))
    assert "pool-outside" in codes(document) and document["cardpool_up_to"] is None


def test_a_pool_limit_not_yet_legal_at_competitive_events(london: Path, tmp_path: Path) -> None:
    document = doc(
        run_changed(
            tmp_path, london, 5871, "--allow-paths-outside",
            date="2026-03-07", card_set_id="vantage_point",
            deckbuilding_restriction_id="standard_ban_list_25_12",
        )
    )  # fmt: skip
    [warning] = [w for w in document["cobra"]["warnings"] if w["code"] == "pool-not-competitive"]
    assert "legal at competitive events only from 2026-03-13" in warning["message"]
    assert document["cardpool_up_to"]["id"] == "vantage_point"


def test_a_pool_limit_narrower_than_the_calendar(tmp_path: Path) -> None:
    roster = tmp_path / "signup.csv"
    roster.write_text(f"player,corp,runner\nHana Kobayashi,{HB},{ZAHYA}\n", encoding="utf-8")
    document = doc(
        run_changed(tmp_path, roster, 7304, "--allow-paths-outside", card_set_id="elevation")
    )
    [warning] = [w for w in document["cobra"]["warnings"] if w["code"] == "pool-narrower"]
    assert (
        "Elevation, but Vantage Point is legal on the event's date 2026-06-20 too"
        in (warning["message"])
    )
    assert document["cardpool_up_to"]["id"] == "elevation"  # the TO's choice, applied


def test_a_type_without_an_nsg_tier_keeps_the_default_and_says_so(
    london: Path, tmp_path: Path
) -> None:
    result = run_changed(tmp_path, london, 5871, tournament_type_id=11)  # Community
    document = doc(result)
    [warning] = [w for w in document["cobra"]["warnings"] if w["code"] == "no-tier"]
    assert (
        "the tournament's type, Community, has no NSG tier: checked at the competitive"
        in (warning["message"])
    )
    assert settings(document)["tier"] == ("competitive", "default")
    assert "date" in document["cobra"]["settings_from_cobra"]
    assert "tier" not in document["cobra"]["settings_from_cobra"]


def test_a_format_nrdeck_does_not_check_needs_format(london: Path, tmp_path: Path) -> None:
    data = changed(tmp_path, 5871, format_id=6)  # Cube Draft
    with cobra_double(data=data, folder=tmp_path) as base:
        refused = event(base, london, "5871")
        given = event(base, london, "5871", "--format", "standard", "--output-format", "json")
    assert refused.exit_code == ExitCode.USAGE
    assert "tournament 5871's format on Cobra is 'Cube Draft', not a format nrdeck checks" in (
        refused.stderr
    )
    document = doc(given)
    assert "format-unchecked" in codes(document)
    assert settings(document)["format"] == ("Standard", "option")


def test_empty_settings_fall_back_with_a_note(london: Path, tmp_path: Path) -> None:
    result = run_changed(
        tmp_path, london, 5871, "--as-of", "2025-10-18",
        format_id=None, card_set_id=None, deckbuilding_restriction_id=None,
        tournament_type_id=None,
    )  # fmt: skip
    document = doc(result)
    assert document["cobra"]["settings_from_cobra"] == ["date"]
    assert settings(document) == {
        "date": ("2025-10-18", "cobra"),
        "format": ("Standard", "default"),
        "card pool": (None, "default"),
        "ban list": ("Standard Ban List 25.10", "default"),
        "tier": ("competitive", "default"),
    }
    notes = {s["setting"]: s["note"] for s in document["cobra"]["settings"]}
    assert notes["format"] == "Cobra gives no format"
    assert notes["tier"] == "Cobra gives no tournament type"
    assert "not from Cobra: format Standard (default: Cobra gives no format)" in result.stderr


def test_a_list_or_set_the_card_data_lacks_asks_for_an_update(london: Path, tmp_path: Path) -> None:
    data = changed(tmp_path, 5871, card_set_id="elevation")
    data["deckbuilding_restrictions"] = [
        {"id": "standard_ban_list_27_01", "name": "Standard Ban List 27.01",
         "date_start": "2027-01-01", "play_format_id": "standard"},
    ]  # fmt: skip
    tournament(data, 5871)["deckbuilding_restriction_id"] = "standard_ban_list_27_01"
    with cobra_double(data=data, folder=tmp_path) as base:
        result = event(base, london, "5871")
    assert result.exit_code == ExitCode.USAGE
    assert "names ban list 'standard_ban_list_27_01', which the card data does not have" in (
        result.stderr
    )
    assert "nrdeck data update" in result.stderr


# -- requests -------------------------------------------------------------------------------
def test_two_requests_and_a_304_the_second_time(london: Path, tmp_path: Path) -> None:
    with cobra_double() as base:
        first = event(base, london, "5871", "--output-format", "json")
        after_first = stats(base)
        again = event(base, london, "5871", "--output-format", "json")
        after_again = stats(base)
    assert doc(first)["cobra"] == doc(again)["cobra"]
    assert after_first["requests"] == 2
    assert after_first["path /api/v1/public/tournaments/5871"] == 1
    assert after_first["path /api/v1/public/tournaments/5871/players"] == 1
    assert after_again["requests"] == 4 and after_again.get("304", 0) == 2


def test_a_short_link_costs_two_requests_too(tmp_path: Path) -> None:
    roster = tmp_path / "signup.csv"
    roster.write_text(f"player,corp,runner\nHana Kobayashi,{HB},{ZAHYA}\n", encoding="utf-8")
    with cobra_double() as base:
        doc(event(base, roster, f"{base}/M2XD", "--output-format", "json", "--allow-paths-outside"))
        counted = stats(base)
    assert counted["requests"] == 2 and "path /M2XD" not in counted


def test_offline_reads_the_cached_answers_and_says_so(london: Path) -> None:
    with cobra_double() as base:
        doc(event(base, london, "5871", "--output-format", "json"))
    # the double is gone: only the cache can answer
    offline = event(base, london, "5871", "--output-format", "json", "--offline")
    document = doc(offline)
    assert document["cobra"]["cached"] is not None
    assert document["cobra"]["settings_from_cobra"] == ALL_SETTINGS
    assert "Cobra's answers cached on" in offline.stderr


def test_offline_without_cached_answers_is_exit_3(double: str, london: Path) -> None:
    result = event(double, london, "7304", "--offline")
    assert result.exit_code == ExitCode.UNAVAILABLE
    assert "is not in the cache and --offline forbids fetching it" in result.stderr


def test_a_thousand_and_more_players_are_read_page_after_page(db: CardDB, tmp_path: Path) -> None:
    def crowd(data: dict[str, Any]) -> None:
        tournament(data, 5871)["players"] = [
            {"id": 10_000 + n, "user_id": None, "name": f"Player {n:04d}"} for n in range(1200)
        ]

    roster = export(db, tmp_path, [(10_000 + n, f"Player {n:04d}", HB, ZAHYA) for n in (0, 1199)])
    with cobra_double(data=fixtures(crowd), folder=tmp_path) as base:
        result = event(base, roster, "5871", "--output-format", "json")
        document = doc(result)
        counted = stats(base)
    assert document["cobra"]["players"]["listed"] == 1200
    assert len(document["cobra"]["players"]["missing"]) == 1198  # the JSON names them all
    assert "Player 0020 and 1178 more" in result.stderr  # the terminal, the first 20
    assert counted["path /api/v1/public/tournaments/5871/players"] == 2


# -- failures -------------------------------------------------------------------------------
def test_an_unknown_tournament_is_exit_2_naming_it(double: str, london: Path) -> None:
    result = event(double, london, "9999")
    assert result.exit_code == ExitCode.USAGE
    [line] = result.stderr.strip().splitlines()
    assert "no public Cobra tournament with tournament 9999" in line
    assert "unknown, or private" in line


def test_a_private_tournament_is_exit_2_like_an_unknown_one(london: Path) -> None:
    with cobra_double("--private", "5871") as base:
        result = event(base, london, "5871")
    assert result.exit_code == ExitCode.USAGE
    assert "no public Cobra tournament with tournament 5871" in result.stderr


def test_an_unknown_short_link_is_exit_2(double: str, london: Path) -> None:
    result = event(double, london, "ZZZZ")
    assert result.exit_code == ExitCode.USAGE
    assert "no public Cobra tournament with short link ZZZZ" in result.stderr


def test_cobras_error_page_is_not_its_api(london: Path) -> None:
    with cobra_double() as base:
        result = event(base + "/cobra", london, "5871")  # /cobra/api/… is not routed
        counted = stats(base)
    assert result.exit_code == ExitCode.USAGE
    assert "not Cobra's API" in result.stderr and "redirects to Cobra's error page" in (
        result.stderr
    )
    assert counted.get("path /error", 0) == 0  # never followed, never parsed


@pytest.mark.parametrize("status", ["503", "502", "500"])
def test_cobra_failing_is_exit_3_with_nothing_checked_or_written(
    london: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, status: str
) -> None:
    monkeypatch.setenv("NRDECK_HTTP_RETRIES", "1")
    monkeypatch.setenv("NRDECK_HTTP_BACKOFF", "0.01")
    monkeypatch.setenv("NRDECK_HTTP_MAX_RETRY_AFTER", "0.01")
    report, messages = tmp_path / "report.json", tmp_path / "messages"
    with cobra_double("--fail-first", "5", "--fail-status", status) as base:
        result = event(base, london, "5871", "--output-format", "json", "-o", str(report),
                       "--messages", str(messages))  # fmt: skip
    assert result.exit_code == ExitCode.UNAVAILABLE
    assert f"Cobra answered HTTP {status}" in result.stderr
    assert "the roster was not checked" in result.stderr
    assert not report.exists() and not messages.exists() and result.stdout == ""


def test_a_retried_503_then_the_answer(london: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NRDECK_HTTP_MAX_RETRY_AFTER", "0.05")
    with cobra_double("--fail-first", "1", "--fail-status", "503") as base:
        document = doc(event(base, london, "5871", "--output-format", "json"))
    assert document["cobra"]["settings_from_cobra"] == ALL_SETTINGS


def test_a_hung_cobra_is_exit_3(london: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NRDECK_HTTP_READ_TIMEOUT", "5")  # the other answers come in time
    with cobra_double("--hang-path", "/players") as base:
        result = event(base, london, "5871")
    assert result.exit_code == ExitCode.UNAVAILABLE
    assert "timed out" in result.stderr and result.stdout == ""


def test_a_refused_connection_is_exit_3(london: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NRDECK_HTTP_RETRIES", "0")
    result = event("http://127.0.0.1:9", london, "5871")
    assert result.exit_code == ExitCode.UNAVAILABLE
    assert "could not get an answer from Cobra for http://127.0.0.1:9/api/v1/public/" in (
        result.stderr
    )
    assert "connection refused" in result.stderr


def test_a_truncated_answer_is_exit_3_never_half_read(london: Path) -> None:
    with cobra_double("--truncate") as base:
        result = event(base, london, "5871")
    assert result.exit_code == ExitCode.UNAVAILABLE
    assert "could not get an answer from Cobra" in result.stderr
    assert "the answer was cut short" in result.stderr


def test_a_hostile_tournament_name_never_reaches_the_terminal_raw(
    london: Path, tmp_path: Path
) -> None:
    hostile = "\x1b]52;c;cm0gLXJm\x07\x1b[2J[bold red]Champs[/] \u202eevil"
    data = changed(tmp_path, 5871, name=hostile)
    tournament(data, 5871)["players"][0]["name"] = "\x1b[31mAna\x1b[0m [link=x]y[/link]"
    with cobra_double(data=data, folder=tmp_path) as base:
        outputs = [event(base, london, "5871", "--output-format", fmt) for fmt in
                   ("table", "csv", "markdown", "html")]  # fmt: skip
        document = doc(event(base, london, "5871", "--output-format", "json"))
    for result in outputs:
        assert result.exit_code in (0, 1), result.stderr
        for raw in ("\x1b", "\x07", "\u202e"):
            assert raw not in result.stdout + result.stderr
    assert document["cobra"]["name"] == hostile  # JSON keeps it, escaped by json itself


def test_the_cobra_url_comes_from_the_environment(
    double: str, london: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NRDECK_COBRA_URL", double)
    result = runner.invoke(app, ["event", str(london), "--cobra", "5871", "--output-format",
                                 "json"])  # fmt: skip
    assert doc(result)["cobra"]["tournament_id"] == 5871


# -- community formats and format files at a Cobra event --------------------------------------
def test_a_community_format_at_an_other_format_tournament(london: Path, tmp_path: Path) -> None:
    # an Astro night on Cobra: its format is "Other"; the date, tier and players are Cobra's
    data = changed(tmp_path, 5871, format_id=7, date="2026-05-01")
    with cobra_double(data=data, folder=tmp_path) as base:
        result = event(base, london, "5871", "--format", "astro", "--output-format", "json")
    document = doc(result)
    said = settings(document)
    assert said["format"] == ("Astro", "option")
    assert said["ban list"] == ("Astro Ban List 26.04", "default")
    assert said["date"] == ("2026-05-01", "cobra") and said["tier"] == ("competitive", "cobra")
    notes = {s["setting"]: s["note"] for s in document["cobra"]["settings"]}
    assert "standard_ban_list_25_10 is not one of Astro's lists" in notes["ban list"]
    assert "Cobra's format is 'Other'" in notes["format"]
    ana = json.dumps(players(result)["Ana Souza"])
    assert '"singleton"' in ana  # judged by Astro's rules: three Sure Gamble


def test_core_at_an_other_format_tournament_is_netrunnerdbs_where_the_data_has_it(
    london: Path, tmp_path: Path
) -> None:
    # a Core night on Cobra (format "Other"): NetrunnerDB's Core, which the card data defines
    data = changed(tmp_path, 5871, format_id=7, date="2026-05-01")
    with cobra_double(data=data, folder=tmp_path) as base:
        result = event(base, london, "5871", "--format", "core", "--output-format", "json")
        doc_ = doc(result)
        older = without_core(tmp_path)
        shipped = event(
            base, london, "5871", "--format", "core", "--data", str(older), "--output-format",
            "json",
        )  # fmt: skip
    assert doc_["period"]["format"]["id"] == "core" and doc_["period"]["snapshot"] == "core_0"
    assert doc_["period"]["format"]["note"].startswith("Core (core) is NetrunnerDB's format")
    assert "nrdeck: note: Core (core) is NetrunnerDB's format" in result.stderr
    assert settings(doc_)["format"] == ("Core", "option")
    old = doc(shipped)
    assert old["period"]["format"] == {"id": "core", "name": "Core"}
    assert old["period"]["snapshot"] is None
    assert "does not define the format core: using the community Core" in shipped.stderr


def without_core(tmp_path: Path) -> Path:
    """The bundled card data as a pinned document from before NetrunnerDB defined Core."""
    document = json.loads((FIXTURES.parent.parent / "data" / "cards.json").read_text("utf-8"))
    document["formats"] = [f for f in document["formats"] if f["id"] != "core"]
    document["card_pools"] = [p for p in document["card_pools"] if p["format_id"] != "core"]
    path = tmp_path / "older-cards.json"
    path.write_text(json.dumps(document), "utf-8")
    return path


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--format", "astro"], "--format astro (format Astro) contradicts Cobra"),
        (
            ["--format-file", "{league}"],
            "--format-file {league} (format startup) contradicts Cobra",
        ),
    ],
)
def test_a_format_file_or_community_format_that_contradicts_cobra_is_exit_2(
    double: str, london: Path, tmp_path: Path, args: list[str], said: str
) -> None:
    league = tmp_path / "league.toml"
    league.write_text('name = "League"\nbase = "startup"\n', encoding="utf-8")
    result = event(double, london, "5871", *(a.format(league=league) for a in args))
    assert result.exit_code == ExitCode.USAGE, result.output
    [line] = result.stderr.strip().splitlines()
    assert said.format(league=league) in line and "has the format Standard" in line
