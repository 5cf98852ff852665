"""`nrdeck event ROSTER --cobra TOURNAMENT` against the shared Cobra double.

The double (``../shared/tools/cobra_mock.py``) serves three tournaments: 5871 (a Standard
District Championship on 2025-10-18, Ban List 25.10, pool up to Elevation), 7304 (a Startup
Game Night on 2026-06-20) and 6012 (a Casual Tournament Kit event on 2025-11-15 that names
Ban List 25.08, superseded on 2025-10-03). Changed copies of its fixtures give the other
settings; its faults give the failures. Skipped where ../shared is absent
(``test_event_cobra_loopback.py`` covers what the double cannot do, and always runs).
"""

from __future__ import annotations

import datetime as dt
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
from tests.fakes.cobra import API, cobra_double, export, export_deck, fixtures, stats, tournament
from tests.ids import STARTUP_BALANCE_26_05
from tests.paths import FIXTURES, assert_golden_cases

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


def named(tournament_id: int) -> str:
    """The tournament's name, as the double's fixtures give it."""
    return str(tournament(fixtures(), tournament_id)["name"])


def line_of(text: str, marker: str) -> str:
    """The one line of ``text`` that holds ``marker``, without nrdeck's prefix or a bullet."""
    [line] = [ln for ln in text.splitlines() if marker in ln]
    return line.removeprefix("nrdeck: note: ").removeprefix("- ")


def paths_asked(counted: dict[str, int]) -> dict[str, int]:
    """The double's counters of requests by path."""
    return {k.removeprefix("path "): n for k, n in counted.items() if k.startswith("path ")}


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


def test_what_an_event_with_cobra_says_reads_as_the_golden_file_says(
    db: CardDB, double: str, london: Path, tmp_path: Path
) -> None:
    def shown(text: str) -> str:
        text = text.replace(double, "<cobra>").replace(str(tmp_path), "<tmp>")
        return text.replace(dt.date.today().isoformat(), "<today>")

    table = event(double, london, "5871").stdout.splitlines()
    above = table[: next(i for i, ln in enumerate(table) if str(london) in ln)]
    public = event(double, london, "5871", "--output-format", "markdown", "--audience", "public")
    folder = tmp_path / "kraków"  # beside London's export, not over it
    folder.mkdir()
    playing = [(80301, "Agnieszka Nowak", HB, ZAHYA), (80305, "Piotr Lewandowski", HB, ZAHYA)]
    dropped = export(db, folder, playing)
    cases = [
        ("table: the lines above it", "\n".join(above)),
        ("markdown, public", public.stdout),
        ("json: stderr", event(double, london, "5871", "--output-format", "json").stderr),
        ("json, offline: stderr", event(double, london, "5871", "--output-format", "json",
                                         "--offline").stderr),
        ("another tournament's export: stderr", event(double, london, "6012").stderr),
        ("a player dropped: stderr", event(double, dropped, "6012").stderr),
    ]  # fmt: skip
    assert_golden_cases(
        "messages/event-cobra-report.txt", [(k, shown(v)) for k, v in cases], __file__
    )


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
        named(5871),
        "District Championship",
    )
    assert cobra["url"] == f"{double}/tournaments/5871"


def test_the_settings_and_the_tournament_are_said_in_every_output(
    double: str, london: Path
) -> None:
    as_json = event(double, london, "5871", "--output-format", "json")
    said = line_of(as_json.stderr, "settings from Cobra")  # its words: the golden file
    assert all(value in said for value, _ in settings(doc(as_json)).values())
    table = event(double, london, "5871")
    # the table is headed by them: said once, not again on stderr (twice on a terminal)
    assert said in " ".join(table.stdout.split()) and said not in table.stderr
    name = named(5871)
    assert f"{name} (tournament 5871" in table.stdout and name not in table.stderr
    to_file = event(double, london, "5871", "-o", str(london.parent / "table.txt"))
    assert said in to_file.stderr  # the table went to a file: said on the terminal too
    for fmt in ("csv", "json", "sheets"):  # no place for it in the file: on stderr
        assert said in event(double, london, "5871", "--output-format", fmt).stderr
    for fmt in ("markdown", "html"):
        for audience in ("public", "organiser"):
            out = event(double, london, "5871", "--output-format", fmt, "--audience", audience)
            assert said in out.stdout, (fmt, audience)
            assert name in out.stdout


def test_the_printed_decklists_carry_the_tournaments_name(double: str, london: Path) -> None:
    sheets = event(double, london, "5871", "--output-format", "sheets").stdout
    assert named(5871) in sheets
    renamed = event(double, london, "5871", "--output-format", "sheets", "--event-name", "Champs")
    assert "Champs" in renamed.stdout and named(5871) not in renamed.stdout


@pytest.mark.parametrize(
    "spelt",
    ["7304", "M2XD", "m2xd", "{base}/M2XD", "{base}/tournaments/7304",
     "{base}/beta/tournaments/7304/registration", "{base}/tournaments/7304/players"],
)  # fmt: skip
def test_a_tournament_by_id_page_or_short_link(
    db: CardDB, double: str, tmp_path: Path, spelt: str
) -> None:
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
        "ban list": (db.restrictions[STARTUP_BALANCE_26_05].name, "cobra"),
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
    warned = {w["code"]: w["message"] for w in document["cobra"]["warnings"]}
    assert "Zed Stale" in warned["players-not-listed"]
    assert "Dev Patel" in warned["players-missing"]
    assert all(message in result.stderr for message in warned.values())  # said as warnings


def test_players_compared_in_every_output_and_nothing_private_in_public_ones(
    double: str, london: Path
) -> None:
    public = event(double, london, "5871", "--output-format", "markdown", "--audience", "public")
    compared = line_of(public.stdout, "Cobra lists")  # its words: the golden file
    assert "Zed Stale" in compared and "Dev Patel" in compared
    for fmt in ("table", "csv", "markdown", "html"):
        for audience in ("public", "organiser") if fmt in ("markdown", "html") else ("",):
            more = ("--audience", audience) if audience else ()
            out = html.unescape(event(double, london, "5871", "--output-format", fmt, *more).stdout)
            flat = " ".join(out.split())
            assert "Zed Stale" in flat and "Dev Patel" in flat, (fmt, audience)
            if fmt == "csv":
                assert "not-listed" in out and "no-deck" in out
            else:  # the same comparison, in the same words
                assert compared in flat, (fmt, audience)
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
    assert doc(result)["cobra"]["players"]["dropped"] == ["Piotr Lewandowski"]
    assert "1 dropped in Cobra" in result.stderr  # the summary counts them apart
    # once the player is active again, the same deck fails the event
    data = changed(tmp_path, 6012)
    for player in tournament(data, 6012)["players"]:
        player["active"] = True
    with cobra_double(data=data, folder=tmp_path) as base:
        assert event(base, roster, "6012").exit_code == ExitCode.ILLEGAL


def test_another_tournaments_export_is_said(db: CardDB, double: str, london: Path) -> None:
    result = event(double, london, "6012", "--output-format", "json")
    document = doc(result)
    [warning] = [
        w for w in document["cobra"]["warnings"] if w["code"] == "players-other-tournament"
    ]
    assert "6012" in warning["message"] and warning["message"] in result.stderr


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
    assert [(p["code"], p["cards"], p["rule"]) for p in cleo["problems"]] == [
        ("banned", ["info_bounty"], "Standard Ban List 25.10")
    ]  # and nothing of Sure Gamble, the card swapped out
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
    [line] = result.stderr.strip().splitlines()  # its words: messages/event-cobra.txt
    assert f"{option} {value} contradicts Cobra" in line and "5871" in line
    assert all(v in line for v in both), line
    assert result.stdout == ""


def test_options_equal_to_cobras_are_fine(double: str, london: Path) -> None:
    same = ["--as-of", "2025-10-18", "--format", "Standard", "--banlist", "25.10", "--tier",
            "competitive", "--cardpool-up-to", "Elevation"]  # fmt: skip
    document = doc(event(double, london, "5871", *same, "--output-format", "json"))
    assert document["cobra"]["settings_from_cobra"] == ALL_SETTINGS


def test_a_snapshot_is_not_chosen_beside_cobra(double: str, london: Path) -> None:
    result = event(double, london, "5871", "--snapshot", "standard_32")
    assert result.exit_code == ExitCode.USAGE and result.stdout == ""
    assert "--snapshot" in result.stderr and "--cobra" in result.stderr


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
    for said in ("standard_ban_list_25_08", "2025-10-03", "Standard Ban List 25.10", "2025-11-15"):
        assert said in warning["message"]
    assert document["period"]["restriction"]["id"] == "standard_ban_list_25_08"  # the TO's choice
    assert warning["message"] in result.stderr
    assert settings(document)["tier"] == ("casual", "cobra")  # Casual Tournament Kit


def test_a_list_not_yet_in_force(london: Path, tmp_path: Path) -> None:
    document = doc(
        run_changed(tmp_path, london, 5871, deckbuilding_restriction_id="standard_ban_list_25_12")
    )
    [warning] = [w for w in document["cobra"]["warnings"] if w["code"] == "list-not-yet"]
    for said in ("standard_ban_list_25_12", "2025-12-01", "Standard Ban List 25.10"):
        assert said in warning["message"]
    assert document["period"]["restriction"]["id"] == "standard_ban_list_25_12"  # the TO's choice


@pytest.mark.parametrize(
    ("restriction", "code"),
    [
        ("startup_balance_update_25_11", "list-format"),
        ("startup_balance_update_25_11_for_classic_only", "list-classic-only"),
    ],
)
def test_a_list_of_another_format_is_not_applied(
    london: Path, tmp_path: Path, restriction: str, code: str
) -> None:
    document = doc(run_changed(tmp_path, london, 5871, deckbuilding_restriction_id=restriction))
    [warning] = [w for w in document["cobra"]["warnings"] if w["code"] == code]
    # the list named, and the one checked against instead
    assert f"({restriction})" in warning["message"]
    assert "Standard Ban List 25.10" in warning["message"]
    assert document["period"]["restriction"]["id"] == "standard_ban_list_25_10"
    assert settings(document)["ban list"] == ("Standard Ban List 25.10", "default")


def test_a_pool_limit_released_after_the_date_is_not_applied(london: Path, tmp_path: Path) -> None:
    document = doc(run_changed(tmp_path, london, 5871, card_set_id="vantage_point"))
    [warning] = [w for w in document["cobra"]["warnings"] if w["code"] == "pool-after-date"]
    for said in ("Vantage Point", "2026-03-02", "2025-10-18"):
        assert said in warning["message"]
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
    assert "2026-03-13" in warning["message"]  # the day it is legal at competitive events
    assert document["cardpool_up_to"]["id"] == "vantage_point"


def test_a_pool_limit_narrower_than_the_calendar(tmp_path: Path) -> None:
    roster = tmp_path / "signup.csv"
    roster.write_text(f"player,corp,runner\nHana Kobayashi,{HB},{ZAHYA}\n", encoding="utf-8")
    document = doc(
        run_changed(tmp_path, roster, 7304, "--allow-paths-outside", card_set_id="elevation")
    )
    [warning] = [w for w in document["cobra"]["warnings"] if w["code"] == "pool-narrower"]
    for said in ("Elevation", "Vantage Point", "2026-06-20"):
        assert said in warning["message"]
    assert document["cardpool_up_to"]["id"] == "elevation"  # the TO's choice, applied


def test_a_type_without_an_nsg_tier_keeps_the_default_and_says_so(
    london: Path, tmp_path: Path
) -> None:
    result = run_changed(tmp_path, london, 5871, tournament_type_id=11)  # Community
    document = doc(result)
    [warning] = [w for w in document["cobra"]["warnings"] if w["code"] == "no-tier"]
    assert "Community" in warning["message"] and "competitive" in warning["message"]
    assert settings(document)["tier"] == ("competitive", "default")
    assert "date" in document["cobra"]["settings_from_cobra"]
    assert "tier" not in document["cobra"]["settings_from_cobra"]


def test_a_format_nrdeck_does_not_check_needs_format(london: Path, tmp_path: Path) -> None:
    data = changed(tmp_path, 5871, format_id=6)  # Cube Draft
    with cobra_double(data=data, folder=tmp_path) as base:
        refused = event(base, london, "5871")
        given = event(base, london, "5871", "--format", "standard", "--output-format", "json")
    assert refused.exit_code == ExitCode.USAGE
    assert "'Cube Draft'" in refused.stderr and "--format" in refused.stderr  # and what to do
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
    assert "tournament type" in notes["tier"]
    assert "not from Cobra" in result.stderr and notes["format"] in result.stderr


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
    assert "standard_ban_list_27_01" in result.stderr
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
    tournament_path = f"{API}/tournaments/5871"
    assert paths_asked(after_first) == {tournament_path: 1, f"{tournament_path}/players": 1}
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
    assert document["cobra"]["cached"] in offline.stderr  # the cached copy's date, said


def test_offline_without_cached_answers_is_exit_3(double: str, london: Path) -> None:
    result = event(double, london, "7304", "--offline")
    assert result.exit_code == ExitCode.UNAVAILABLE
    assert "7304" in result.stderr and "--offline" in result.stderr


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
    missing = document["cobra"]["players"]["missing"]
    assert len(missing) == 1198  # the JSON names them all
    assert f"{missing[19]} and 1178 more" in result.stderr  # the terminal, the first 20
    path = f"{API}/tournaments/5871"
    assert paths_asked(counted) == {path: 1, f"{path}/players": 2}  # two pages of players


# -- failures -------------------------------------------------------------------------------
def test_an_unknown_tournament_is_exit_2_naming_it(double: str, london: Path) -> None:
    result = event(double, london, "9999")
    assert result.exit_code == ExitCode.USAGE
    [line] = result.stderr.strip().splitlines()  # its words: messages/event-cobra.txt
    assert "tournament 9999" in line and "unknown, or private" in line


def test_a_private_tournament_is_exit_2_like_an_unknown_one(london: Path) -> None:
    with cobra_double("--private", "5871") as base:
        result = event(base, london, "5871")
        unknown = event(base, london, "9999")
    assert result.exit_code == ExitCode.USAGE
    assert result.stderr == unknown.stderr.replace("9999", "5871")


def test_an_unknown_short_link_is_exit_2(double: str, london: Path) -> None:
    result = event(double, london, "ZZZZ")
    assert result.exit_code == ExitCode.USAGE
    assert "short link ZZZZ" in result.stderr and "unknown, or private" in result.stderr


def test_cobras_error_page_is_not_its_api(london: Path) -> None:
    with cobra_double() as base:
        result = event(base + "/cobra", london, "5871")  # /cobra/api/… is not routed
        counted = stats(base)
    assert result.exit_code == ExitCode.USAGE
    assert "not Cobra's API" in result.stderr and "error page" in result.stderr
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
    assert f"Cobra answered HTTP {status}" in result.stderr  # its hint: messages/event-cobra.txt
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
    assert f"http://127.0.0.1:9{API}/" in result.stderr and "connection refused" in result.stderr


def test_a_truncated_answer_is_exit_3_never_half_read(london: Path) -> None:
    with cobra_double("--truncate") as base:
        result = event(base, london, "5871")
    assert result.exit_code == ExitCode.UNAVAILABLE and result.stdout == ""
    assert "Cobra" in result.stderr and "cut short" in result.stderr


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
    assert "standard_ban_list_25_10" in notes["ban list"]  # Cobra's list, not Astro's
    assert "'Other'" in notes["format"]
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
    note = doc_["period"]["format"]["note"]  # its words: messages/format-files.txt
    assert "NetrunnerDB" in note and f"nrdeck: note: {note}" in result.stderr
    assert settings(doc_)["format"] == ("Core", "option")
    old = doc(shipped)
    assert old["period"]["format"] == {"id": "core", "name": "Core"}
    assert old["period"]["snapshot"] is None
    assert "community Core" in shipped.stderr  # said: the data does not define it


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
