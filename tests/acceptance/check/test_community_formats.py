"""Community formats through the CLI: Astro, Throwback and Core as nrdeck ships them, the
worked examples of docs/community-formats.md, and each rule kind a format file can say.

Decks: the 2025 lists of tests/fixtures/simulate, the System Gateway and Elevation decks of
tests/fixtures/event, and tests/fixtures/formats (built from the 2026 card data for these
tests, each saying what it is). Variants add or swap lines in a copy.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from nrdeck.cli import app
from nrdeck.errors import ExitCode
from tests.acceptance.check.words import lines_with, plain, said, suggested, valid_names
from tests.ids import CYBER_BUREAU, PERSONAL_EVOLUTION, THE_SHADOW
from tests.paths import ROOT, assert_golden_cases
from tests.schemas import validate

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

FIXTURES = ROOT / "tests" / "fixtures"
FORMATS = FIXTURES / "formats"
HOSHIKO = FIXTURES / "simulate" / "hoshiko-2025.txt"  # Anarch, Worlds 2025 season
EPIPHANY = FIXTURES / "simulate" / "epiphany-2025.txt"  # NBN, Worlds 2025 season
WEYLAND = ROOT / "data" / "examples" / "astro-weyland.txt"  # singleton; the docs check it
HB_CORE = FIXTURES / "event" / "decks" / "std-hb-precision.txt"  # System Gateway only
ZAHYA_ELEVATION = FIXTURES / "event" / "decks" / "std-zahya-elevation.txt"
ZAHYA_INFO_BOUNTY = FIXTURES / "event" / "decks" / "std-zahya-info-bounty.txt"
CATALYST = ROOT / "data" / "examples" / "sg-catalyst.txt"
runner = CliRunner()


def check(deck: Path, *args: str) -> Result:
    return runner.invoke(app, ["check", str(deck), "--offline", *args])


def problems(deck: Path, *args: str) -> list[dict[str, Any]]:
    result = check(deck, *args, "--output-format", "json")
    assert result.exit_code in (0, 1), result.stderr
    found: list[dict[str, Any]] = json.loads(result.stdout)["decks"][0]["problems"]
    return found


def report(deck: Path, *args: str) -> dict[str, Any]:
    """The JSON report of one deck."""
    result = check(deck, *args, "--output-format", "json")
    assert result.exit_code in (0, 1), result.stderr
    found: dict[str, Any] = json.loads(result.stdout)["decks"][0]
    return found


def codes(deck: Path, *args: str) -> set[str]:
    return {p["code"] for p in problems(deck, *args) if p["severity"] == "error"}


def codes_of(deck: Path, card: str, *args: str) -> list[str]:
    return sorted(p["code"] for p in problems(deck, *args) if card in p["cards"])


def variant(tmp_path: Path, deck: Path, add: str = "", drop: str = "", name: str = "") -> Path:
    """A copy of the deck with lines added and one line (by its text) dropped."""
    lines = deck.read_text(encoding="utf-8").splitlines()
    lines = [line for line in lines if not drop or line != drop]
    out = tmp_path / (name or f"variant-{len(list(tmp_path.iterdir()))}.txt")
    out.write_text("\n".join([*lines, *add.splitlines()]) + "\n", encoding="utf-8")
    return out


def shipped_list(fmt: str, list_id: str) -> dict[str, Any]:
    """A list as the format file nrdeck ships says it (data/formats/FMT.toml)."""
    with (ROOT / "data" / "formats" / f"{fmt}.toml").open("rb") as file:
        lists: dict[str, dict[str, Any]] = tomllib.load(file)["lists"]
    return lists[list_id]


def usage_error(result: Result) -> str:
    """The one line of a usage error (exit 2), without its prefix."""
    assert result.exit_code == ExitCode.USAGE, result.stdout
    [line] = result.stderr.splitlines()
    assert line.startswith("nrdeck: error: ")
    return line.removeprefix("nrdeck: error: ")


def swap_identity(tmp_path: Path, deck: Path, identity: str) -> Path:
    lines = [ln for ln in deck.read_text(encoding="utf-8").splitlines() if not ln.startswith("#")]
    out = tmp_path / "swapped.txt"
    out.write_text("\n".join([identity, *lines[1:]]) + "\n", encoding="utf-8")
    return out


# -- Astro -----------------------------------------------------------------------------------
def test_astro_a_real_three_of_list_is_singleton_and_banned_with_paperclip_or_a_current(
    tmp_path: Path,
) -> None:
    assert codes(HOSHIKO, "--format", "astro", "--as-of", "2026-06-15") == {"singleton"}
    paperclip = variant(tmp_path, HOSHIKO, "1 Paperclip")
    assert codes(paperclip, "--format", "astro", "--as-of", "2026-06-15") == {"singleton", "banned"}
    current = variant(tmp_path, HOSHIKO, "1 Hacktivist Meeting")
    found = problems(current, "--format", "astro", "--as-of", "2026-06-15")
    [banned] = [p for p in found if p["code"] == "banned"]
    assert banned["cards"] == ["hacktivist_meeting"]
    assert banned["rule"].endswith("(every current)")  # banned as a current, not by name


def test_astro_copies_are_singleton_and_copies_when_the_cards_own_limit_is_broken_too(
    tmp_path: Path,
) -> None:
    corp = variant(tmp_path, WEYLAND, "4 Hedge Fund")
    assert codes_of(corp, "hedge_fund", "--format", "astro", "--as-of", "2026-03-20") == [
        "copies",
        "singleton",
    ]
    runner_deck = variant(tmp_path, HOSHIKO, "2 Matryoshka\n2 DJ Fenris")
    on = ("--format", "astro", "--as-of", "2026-03-20")
    assert codes_of(runner_deck, "matryoshka", *on) == ["singleton"]  # Limit 6 is 1 too
    assert codes_of(runner_deck, "dj_fenris", *on) == ["copies", "singleton"]  # Limit 1
    rules = {p["rule"] for p in problems(runner_deck, *on) if p["code"] == "singleton"}
    assert rules == {"Astro"}  # the format's rule, said in the golden file


def test_astro_government_takeover_is_legal_until_the_second_list(tmp_path: Path) -> None:
    before = check(WEYLAND, "--format", "astro", "--as-of", "2026-04-13")
    assert before.exit_code == ExitCode.OK, before.stdout
    assert report(WEYLAND, "--format", "astro", "--as-of", "2026-04-13")["restriction"]["id"] == (
        "astro_ban_list_26_02"
    )
    after = check(WEYLAND, "--format", "astro", "--as-of", "2026-04-14")
    assert after.exit_code == ExitCode.ILLEGAL
    found = problems(WEYLAND, "--format", "astro", "--as-of", "2026-04-14")
    assert [(p["code"], p["line"], p["cards"], p["rule"]) for p in found] == [
        ("banned", 4, ["government_takeover"], "Astro Ban List 26.04")
    ]


def test_astro_reports_name_the_list_in_force_and_its_source() -> None:
    result = check(WEYLAND, "--format", "astro", "--as-of", "2026-03-01", "--output-format", "json")
    deck = json.loads(result.stdout)["decks"][0]
    assert deck["format"] == {"id": "astro", "name": "Astro"}
    listed = shipped_list("astro", "astro_ban_list_26_02")
    assert deck["restriction"] == {
        "id": "astro_ban_list_26_02",
        "name": listed["name"],
        "source": listed["source"],  # the list's page at the commit the file names
    }
    assert deck["card_pool"]["id"] == "astro" and deck["snapshot"] is None
    verbose = check(WEYLAND, "--format", "astro", "--as-of", "2026-05-01", "-v").stdout
    [in_force] = lines_with(verbose, "in force: Astro")
    later = shipped_list("astro", "astro_ban_list_26_04")
    assert later["name"] in in_force and f" source {later['source']} " in in_force


def test_astro_a_vantage_point_card_is_legal_from_its_release_or_competitive_date(
    tmp_path: Path,
) -> None:
    deck = variant(tmp_path, WEYLAND, "1 Tocsin", drop="1 Hammer")
    early = problems(deck, "--format", "astro", "--as-of", "2026-02-25")
    assert [(p["code"], p["cards"]) for p in early] == [("not-in-card-pool", ["tocsin"])]
    assert "2026-03-02" in early[0]["message"]  # the day it is released
    assert check(deck, "--format", "astro", "--as-of", "2026-03-20").exit_code == ExitCode.OK
    casual = problems(deck, "--format", "astro", "--as-of", "2026-03-05")
    assert [(p["code"], p["severity"]) for p in casual] == [("competitive-delay", "warning")]
    competitive = problems(
        deck, "--format", "astro", "--as-of", "2026-03-05", "--tier", "competitive"
    )
    assert [(p["code"], p["severity"], p["cards"]) for p in competitive] == [
        ("not-in-card-pool", "error", ["tocsin"])
    ]
    assert "2026-03-13" in competitive[0]["message"]  # the day competitive events allow it


@pytest.mark.parametrize("deck", ["astro-nova.txt", "astro-ampere.txt"])
def test_astro_the_singleton_nova_and_ampere_lists_are_banned_for_their_identity(
    deck: str,
) -> None:
    found = problems(FORMATS / deck, "--format", "astro", "--as-of", "2026-03-01")
    assert [(p["code"], p["line"]) for p in found] == [("banned", 3)]  # the identity's line


def test_astro_cards_never_standard_legal_and_excluded_sets_are_not_in_the_pool(
    tmp_path: Path,
) -> None:
    bureau = swap_identity(tmp_path, WEYLAND, "Cyber Bureau: Keeping the Peace")
    on = ("--format", "astro", "--as-of", "2026-03-01")
    pool = [p for p in problems(bureau, *on) if p["code"] == "not-in-card-pool"]
    assert [(p["line"], p["cards"]) for p in pool] == [(1, [CYBER_BUREAU])]
    assert pool[0]["message"].endswith(": never Standard-legal")  # why: not the set's date
    shadow = swap_identity(tmp_path, WEYLAND, "The Shadow: Pulling the Strings")
    found = {p["code"]: p["cards"] for p in problems(shadow, *on) if p["line"] == 1}
    assert found == {
        "identity-not-in-format": [THE_SHADOW],  # a draft identity
        "not-in-card-pool": [THE_SHADOW],  # Draft is left out of Astro
    }


def test_astro_has_no_period_before_its_first_list() -> None:
    said = usage_error(check(WEYLAND, "--format", "astro", "--as-of", "2026-01-31"))
    assert "2026-01-31" in said and "2026-02-18" in said  # the date asked, the first period's
    assert said.endswith("--as-of date)")  # what to do


@pytest.mark.parametrize(
    "name", ["26.02", "astro_ban_list_26_02", "Astro Ban List 26.02", "astro-ban-list-26.02"]
)
def test_astro_banlist_picks_a_list_of_the_format_by_id_name_or_number(name: str) -> None:
    on = ("--format", "astro", "--as-of", "2026-06-01", "--banlist", name)
    assert check(WEYLAND, *on).exit_code == ExitCode.OK
    assert report(WEYLAND, *on)["restriction"]["id"] == "astro_ban_list_26_02"


def test_astro_an_unknown_list_or_a_snapshot_is_a_usage_error_with_the_valid_names() -> None:
    # (26.03 is a Standard list: that one says so, see test_names_and_typos)
    said = usage_error(check(WEYLAND, "--format", "astro", "--banlist", "26.13"))
    assert "'26.13'" in said and suggested(said) == ["26.04", "26.02"]
    valid = [tuple(name.removesuffix(")").split(" (")) for name in valid_names(said)]
    assert valid == [
        ("latest",),
        ("26.04", "astro_ban_list_26_04"),
        ("26.02", "astro_ban_list_26_02"),
    ]
    snapshot = usage_error(check(WEYLAND, "--format", "astro", "--snapshot", "standard_36"))
    assert "community format" in snapshot and "not snapshots" in snapshot


# -- Throwback -------------------------------------------------------------------------------
def test_throwback_a_2025_list_is_legal_where_standard_bans_hoshiko() -> None:
    on = ("--as-of", "2026-06-15")
    assert check(HOSHIKO, "--format", "throwback", *on).exit_code == ExitCode.OK
    assert codes(HOSHIKO, *on) == {"banned"}  # Standard 26.03 bans Hoshiko


def test_throwback_one_card_from_outside_the_pool_in_any_number(tmp_path: Path) -> None:
    on = ("--format", "throwback", "--as-of", "2026-06-15")
    datasucker = variant(tmp_path, HOSHIKO, "3 Datasucker")
    assert check(datasucker, *on).exit_code == ExitCode.OK
    both = variant(tmp_path, HOSHIKO, "3 Datasucker\n3 Imp")
    found = problems(both, *on)
    assert [(p["code"], p["cards"]) for p in found] == [("restricted", ["datasucker", "imp"])]
    assert found[0]["rule"].startswith("Throwback: one card")  # the format's rule, named


def test_throwback_a_rotated_identity_is_the_decks_outside_card(tmp_path: Path) -> None:
    on = ("--format", "throwback", "--as-of", "2026-06-15")
    evolution = FORMATS / "throwback-pe.txt"
    assert check(evolution, *on).exit_code == ExitCode.OK
    snare = variant(tmp_path, evolution, "3 Snare!")
    found = problems(snare, *on)
    assert [(p["code"], p["cards"]) for p in found] == [
        ("restricted", [PERSONAL_EVOLUTION, "snare"])
    ]


def test_throwback_banned_cards_never_use_the_outside_slot(tmp_path: Path) -> None:
    on = ("--format", "throwback", "--as-of", "2026-06-15")
    current = variant(tmp_path, HOSHIKO, "3 Datasucker\n3 Hacktivist Meeting")
    found = problems(current, *on)
    assert [(p["code"], p["cards"]) for p in found] == [("banned", ["hacktivist_meeting"])]
    assert found[0]["rule"].endswith("(every current)")
    moose = variant(tmp_path, HOSHIKO, "3 Datasucker\n3 Bloo Moose")
    assert [(p["code"], p["cards"]) for p in problems(moose, *on)] == [("banned", ["bloo_moose"])]


def test_throwback_lists_change_on_their_dates(tmp_path: Path) -> None:
    touch_ups = variant(tmp_path, EPIPHANY, "1 Touch-ups")
    assert check(touch_ups, "--format", "throwback", "--as-of", "2025-07-15").exit_code == 0
    assert codes(touch_ups, "--format", "throwback", "--as-of", "2025-08-01") == {"banned"}
    commission = FORMATS / "throwback-tao.txt"
    assert codes(commission, "--format", "throwback", "--as-of", "2025-07-15") == {"banned"}
    assert check(commission, "--format", "throwback", "--as-of", "2025-08-01").exit_code == 0


def test_throwback_a_2023_list_in_the_2023_pool_and_after_the_rotation() -> None:
    deck = FORMATS / "throwback-esa-2023.txt"
    assert check(deck, "--format", "throwback", "--as-of", "2025-03-01").exit_code == 0
    found = problems(deck, "--format", "throwback", "--as-of", "2025-10-01")
    assert sorted(c for p in found if p["code"] == "banned" for c in p["cards"]) == [
        "daily_casts",
        "moshing",
        "tsakhia_bankhar_gantulga",
    ]
    restricted = [p for p in found if p["code"] == "restricted"]
    assert restricted[0]["cards"] == ["berserker", "divide_and_conquer", "hippo", "labor_rights"]


def test_throwback_campaign_cards_and_unreleased_cards_are_not_in_the_pool(
    tmp_path: Path,
) -> None:
    on = ("--format", "throwback", "--as-of", "2026-06-15")
    campaign = variant(tmp_path, HOSHIKO, "3 Datasucker\n1 BMI Buffer")
    found = problems(campaign, *on)
    assert [(p["code"], p["cards"]) for p in found] == [("not-in-card-pool", ["bmi_buffer"])]
    assert "Terminal Directive" in found[0]["message"]  # why: its set is left out
    # Vantage Point is not in the 2025 pool (as jinteki.net's data has it): an outside card
    chain = variant(tmp_path, HOSHIKO, "3 Chain Reaction")
    assert check(chain, *on).exit_code == ExitCode.OK
    early = problems(chain, "--format", "throwback", "--as-of", "2026-02-01")
    assert [(p["code"], p["cards"]) for p in early] == [("not-in-card-pool", ["chain_reaction"])]
    assert "2026-03-02" in early[0]["message"]  # the day it is released
    delayed = problems(
        chain, "--format", "throwback", "--as-of", "2026-03-05", "--tier", "competitive"
    )
    assert [(p["code"], p["cards"]) for p in delayed] == [("not-in-card-pool", ["chain_reaction"])]
    assert "2026-03-13" in delayed[0]["message"]  # the day competitive events allow it


def test_throwback_refuses_the_starter_identities() -> None:
    assert "identity-not-in-format" in codes(CATALYST, "--format", "throwback")


# -- Core ------------------------------------------------------------------------------------
def without_official_core(tmp_path: Path, *, elevation: bool = True) -> Path:
    """The bundled card data as a pinned document from before NetrunnerDB defined Core (the
    data of 2026-07): no ``core`` format or pool; without Elevation too if asked."""
    doc = json.loads((ROOT / "data" / "cards.json").read_text("utf-8"))
    doc["formats"] = [f for f in doc["formats"] if f["id"] != "core"]
    doc["card_pools"] = [p for p in doc["card_pools"] if p["format_id"] != "core"]
    if not elevation:
        doc["sets"] = [s for s in doc["sets"] if s["id"] != "elevation"]
        doc["printings"] = [p for p in doc["printings"] if p["set_id"] != "elevation"]
        for pool in doc["card_pools"]:
            pool["card_set_ids"] = [s for s in pool.get("card_set_ids", []) if s != "elevation"]
    older = tmp_path / "older" / "cards.json"
    older.parent.mkdir(exist_ok=True)
    older.write_text(json.dumps(doc), "utf-8")
    return older


NOTE = "nrdeck: note: "


def official_note(stderr: str) -> str:
    """The one note of a run on NetrunnerDB's Core: which of the two Cores it used (its
    words: the golden file)."""
    [note] = lines_with(stderr, NOTE)
    assert "NetrunnerDB's" in note and "community Core" in note
    return note.removeprefix(NOTE)


def core_warning(stderr: str) -> str:
    """The warning of a run on card data that does not define Core: the shipped one is used."""
    [warning] = [w for w in lines_with(stderr, "nrdeck: warning: ") if "community Core" in w]
    assert "2025-05-04" in warning  # the shipped Core's start
    return warning


@pytest.mark.parametrize("official", [True, False], ids=["netrunnerdb", "shipped"])
def test_core_is_system_gateway_and_elevation_without_the_one_box_rule(
    tmp_path: Path, official: bool
) -> None:
    data = () if official else ("--data", str(without_official_core(tmp_path)))
    assert check(HB_CORE, "--format", "core", *data).exit_code == ExitCode.OK
    assert check(ZAHYA_ELEVATION, "--format", "core", *data).exit_code == ExitCode.OK
    found = problems(ZAHYA_INFO_BOUNTY, "--format", "core", "--as-of", "2026-01-10", *data)
    assert [(p["code"], p["cards"]) for p in found] == [("not-in-card-pool", ["info_bounty"])]
    triple = variant(tmp_path, HB_CORE, "3 Brân 1.0", drop="3 Brân 1.0")
    assert "one-box" not in codes(triple, "--format", "core", *data)
    assert "identity-not-in-format" in codes(CATALYST, "--format", "core", *data)


def test_netrunnerdbs_core_wins_over_the_shipped_one_and_the_report_says_so() -> None:
    result = check(HB_CORE, "--format", "core", "--as-of", "2025-04-24")
    assert result.exit_code == ExitCode.OK  # NetrunnerDB's Core starts with Elevation
    note = official_note(result.stderr)
    assert not lines_with(check(HB_CORE, "--format", "core", "-q").stderr, NOTE)
    before = usage_error(check(HB_CORE, "--format", "core", "--as-of", "2025-04-23"))
    assert "2025-04-23" in before and "2025-04-24" in before  # the date asked, the first period's
    doc = json.loads(check(HB_CORE, "--format", "CORE", "--output-format", "json").stdout)
    validate(doc, "check-v1.schema.json")
    deck = doc["decks"][0]
    assert deck["format"]["id"] == "core" and deck["snapshot"] == "core_0"
    assert deck["format"]["note"] == note
    standard = json.loads(check(HB_CORE, "--output-format", "json").stdout)["decks"][0]
    assert "note" not in standard["format"]


def test_the_shipped_core_serves_card_data_without_one_and_says_so(tmp_path: Path) -> None:
    older = str(without_official_core(tmp_path))
    result = check(HB_CORE, "--format", "core", "--as-of", "2025-05-03", "--data", older)
    assert "2025-05-04" in usage_error(result)  # jinteki.net's Core starts 2025-05-04
    used = check(HB_CORE, "--format", "core", "--data", older, "--output-format", "json")
    deck = json.loads(used.stdout)["decks"][0]
    assert deck["format"] == {"id": "core", "name": "Core"} and deck["snapshot"] is None
    warning = core_warning(used.stderr).removeprefix("nrdeck: warning: ")
    assert warning in deck["warnings"]  # the report says it too
    assert older in warning  # the card data meant


# -- names, completion, timeline, card, event ---------------------------------------------
def test_every_command_names_netrunnerdbs_core_once(tmp_path: Path) -> None:
    assert _complete("nrdeck check --format c") == ["core", "casual"]
    assert _complete("nrdeck check --format core --banlist a") == ["active"]
    timeline = runner.invoke(app, ["timeline", str(HB_CORE), "--offline", "--format", "core"])
    assert timeline.exit_code == 0, timeline.stderr
    said = official_note(timeline.stderr)
    assert "2025-04-24 → …" in timeline.stdout
    args = ["timeline", str(HB_CORE), "--offline", "--format", "core", "--output-format", "json"]
    as_json = runner.invoke(app, args)
    assert json.loads(as_json.stdout)["format_note"] == said
    periods = runner.invoke(app, ["data", "periods", "--format", "core", "--offline"])
    assert periods.stdout.splitlines()[1] == f"note: {said}"
    doc = json.loads(
        runner.invoke(
            app, ["data", "periods", "--format", "core", "--offline", "--output-format", "json"]
        ).stdout
    )
    validate(doc, "periods-v1.schema.json")
    assert doc["format"]["note"] == said
    assert [(p["snapshot"], p["start"], p["end"]) for p in doc["periods"]] == [
        ("core_0", "2025-04-24", None)
    ]
    card = runner.invoke(app, ["card", "Hedge Fund", "--offline"]).stdout
    assert card.count("Core (core,") == 1  # one heading: NetrunnerDB's
    card_doc = json.loads(
        runner.invoke(app, ["card", "Hedge Fund", "--offline", "--output-format", "json"]).stdout
    )
    assert [(i["start"], i["end"], i["status"]) for i in card_doc["formats"]["core"]] == [
        ("2025-04-24", None, "legal")
    ]
    roster = tmp_path / "roster.csv"
    for deck in (HB_CORE, ZAHYA_ELEVATION):
        (tmp_path / deck.name).write_bytes(deck.read_bytes())
    roster.write_text(f"player,corp,runner\nAna,{HB_CORE.name},{ZAHYA_ELEVATION.name}\n", "utf-8")
    event = runner.invoke(app, ["event", str(roster), "--offline", "--format", "core"])
    assert event.exit_code == 0, event.stderr
    assert official_note(event.stderr) == said
    older = str(without_official_core(tmp_path))
    shipped = runner.invoke(
        app, ["data", "periods", "--format", "core", "--data", older, "--output-format", "json"]
    )
    core_warning(shipped.stderr)
    periods_of_shipped = json.loads(shipped.stdout)["periods"]
    assert [(p["start"], p["end"]) for p in periods_of_shipped] == [("2025-05-04", None)]


@pytest.mark.parametrize("name", ["Astro", "THROWBACK", "core"])
def test_community_format_names_ignore_case(name: str) -> None:
    assert check(HB_CORE, "--format", name, "--as-of", "2026-03-01").exit_code in (0, 1)


def test_an_unknown_format_suggests_the_community_formats() -> None:
    said = usage_error(check(HB_CORE, "--format", "astor"))
    assert "'astor'" in said and suggested(said) == ["astro"]
    valid = valid_names(said)
    assert valid[-3:] == ["casual", "astro", "throwback"] and "system_gateway" in valid
    assert valid.count("core") == 1  # NetrunnerDB's: the shipped file's id is the same
    timeline = runner.invoke(app, ["timeline", str(HB_CORE), "--offline", "--format", "thrwback"])
    assert suggested(usage_error(timeline)) == ["throwback"]


def _complete(words: str) -> list[str]:
    env = {"_NRDECK_COMPLETE": "complete_bash", "COMP_WORDS": words}
    env["COMP_CWORD"] = str(len(words.split()) - 1)
    result = runner.invoke(app, [], env=env, prog_name="nrdeck")
    assert result.exit_code == 0, result.output
    return result.stdout.split()


def test_completion_offers_the_community_formats_and_their_lists() -> None:
    assert _complete("nrdeck check --format a") == ["astro"]
    assert "throwback" in _complete("nrdeck timeline --format t")
    assert _complete("nrdeck check --format astro --banlist 26") == ["26.04", "26.02"]
    assert _complete("nrdeck event --format throwback --banlist throwback_ban_list_25") == [
        "throwback_ban_list_25_08",
        "throwback_ban_list_25_04",
    ]


def periods_of(result: Result) -> list[dict[str, Any]]:
    assert result.exit_code in (0, 1), result.stderr
    periods: list[dict[str, Any]] = json.loads(result.stdout)["periods"]
    return periods


def test_timeline_on_a_community_format(tmp_path: Path) -> None:
    result = runner.invoke(app, ["timeline", str(WEYLAND), "--offline", "--format", "astro"])
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].endswith(" · Astro (casual tier)")  # the deck's line: the format and tier
    assert lines[1].split()[:3] == ["2026-02-18", "→", "2026-04-14"] and lines[1].endswith("✓")
    assert "✗ banned" in lines[2] and "Government Takeover" in lines[2]  # the card, named
    assert lines[-1].startswith("legal from 2026-02-18") and "Government Takeover" in lines[-1]
    astro = runner.invoke(
        app, ["timeline", str(WEYLAND), "--offline", "--format", "astro", "--output-format", "json"]
    )
    assert [(i["start"], i["end"], i["restriction"], i["codes"]) for i in periods_of(astro)] == [
        ("2026-02-18", "2026-04-14", "astro_ban_list_26_02", []),
        ("2026-04-14", None, "astro_ban_list_26_04", ["banned"]),
    ]
    deck = FORMATS / "throwback-esa-2023.txt"
    doc = json.loads(
        runner.invoke(
            app,
            [
                "timeline",
                str(deck),
                "--offline",
                "--format",
                "throwback",
                "--output-format",
                "json",
            ],
        ).stdout
    )
    assert [(i["start"], i["restriction"], i["legal"]) for i in doc["periods"]] == [
        ("2025-01-01", "throwback_ban_list_24_12", True),
        ("2025-04-24", "throwback_ban_list_25_04", False),
        ("2025-08-01", "throwback_ban_list_25_08", False),
    ]


def test_card_history_shows_the_community_formats() -> None:
    result = runner.invoke(app, ["card", "Government Takeover", "--offline", "-q"])
    assert result.stdout.count("Astro (astro,") == 1  # the format's heading
    takeover = json.loads(
        runner.invoke(
            app, ["card", "Government Takeover", "--offline", "--output-format", "json"]
        ).stdout
    )
    assert [
        (i["start"], i["end"], i["status"], i["restriction"]) for i in takeover["formats"]["astro"]
    ] == [
        ("2026-02-18", "2026-04-14", "legal", None),
        ("2026-04-14", None, "banned", "astro_ban_list_26_04"),
    ]
    doc = json.loads(
        runner.invoke(app, ["card", "Datasucker", "--offline", "--output-format", "json"]).stdout
    )
    assert doc["formats"]["throwback"] == [
        {
            "start": "2025-01-01",
            "end": None,
            "status": "restricted",
            "points": None,
            "restriction": None,
            "penalty": None,
        }
    ]
    assert [i["status"] for i in doc["formats"]["core"]] == ["not-in-pool"]


def test_event_checks_a_roster_under_a_community_format(tmp_path: Path) -> None:
    roster = tmp_path / "roster.csv"
    thrown = variant(tmp_path, HOSHIKO, "3 Datasucker", name="hoshiko-datasucker.txt")
    twice = variant(tmp_path, HOSHIKO, "3 Datasucker\n3 Imp", name="hoshiko-two.txt")
    roster.write_text(
        f"player,corp,runner\nAna,{EPIPHANY},{thrown}\nBea,{EPIPHANY},{twice}\n", "utf-8"
    )
    result = runner.invoke(
        app,
        [
            "event",
            str(roster),
            "--offline",
            "--format",
            "throwback",
            "--as-of",
            "2026-06-15",
            "--output-format",
            "json",
            "--allow-paths-outside",
        ],
    )
    doc = json.loads(result.stdout)
    assert {p["player"]: p["status"] for p in doc["players"]} == {
        "Ana": "ready",
        "Bea": "needs-fixing",
    }


def test_the_json_of_a_community_format_fits_the_check_schema() -> None:
    result = check(WEYLAND, "--format", "astro", "--as-of", "2026-04-14", "--output-format", "json")
    validate(json.loads(result.stdout), "check-v1.schema.json")


THROWBACK_25_04 = shipped_list("throwback", "throwback_ban_list_25_04")


def test_data_periods_lists_a_community_formats_periods_lists_and_sources() -> None:
    on = ["data", "periods", "--format", "astro", "--as-of", "2026-03-01"]
    text = runner.invoke(app, on)
    assert text.exit_code == 0, text.stderr
    lines = text.stdout.splitlines()
    assert lines[1].startswith("in force on 2026-03-01:")
    assert "2026-02-18" in lines[1] and lines[1].endswith("Astro Ban List 26.02")
    listed = shipped_list("astro", "astro_ban_list_26_02")
    assert f"  source: {listed['source']}" in lines
    assert any(line.startswith("  new set: Vantage Point") for line in lines)
    in_force = json.loads(runner.invoke(app, [*on, "--output-format", "json"]).stdout)["in_force"]
    assert (in_force["start"], in_force["restriction"]["id"]) == (
        "2026-02-18",
        "astro_ban_list_26_02",
    )
    assert in_force["restriction"]["source"] == listed["source"]
    assert [(r["set"]["id"], r["released"], r["competitive"]) for r in in_force["releases"]] == [
        ("vantage_point", "2026-03-02", "2026-03-13")
    ]
    result = runner.invoke(
        app, ["data", "periods", "--format", "throwback", "--output-format", "json"]
    )
    doc = json.loads(result.stdout)
    validate(doc, "periods-v1.schema.json")
    assert [(p["start"], p["card_pool"]["id"], p["restriction"]["id"]) for p in doc["periods"]] == [
        ("2025-01-01", "throwback_2023", "throwback_ban_list_24_12"),
        ("2025-04-24", "throwback_2025", "throwback_ban_list_25_04"),
        ("2025-08-01", "throwback_2025", "throwback_ban_list_25_08"),
    ]
    assert doc["periods"][1]["restriction"]["source"] == THROWBACK_25_04["source"]


def test_the_python_api_knows_the_community_formats() -> None:
    import datetime as dt

    import nrdeck

    text = WEYLAND.read_text("utf-8")
    outcome = nrdeck.check_text(text, format="astro", as_of=dt.date(2026, 4, 14))
    assert [p.code for p in outcome.all_problems] == ["banned"]
    period = nrdeck.in_force("throwback", dt.date(2025, 5, 1))
    assert (period.restriction_id, period.card_pool_id) == (
        "throwback_ban_list_25_04",
        "throwback_2025",
    )
    assert period.restriction_source == THROWBACK_25_04["source"]


def test_card_data_older_than_a_format_leaves_it_out_of_a_card_history(tmp_path: Path) -> None:
    older = without_official_core(tmp_path, elevation=False)  # before Elevation and Core
    result = runner.invoke(app, ["card", "Hedge Fund", "--data", str(older), "-q"])
    assert result.exit_code == 0, result.stderr
    assert "Astro (astro," in result.stdout and "Core (core" not in result.stdout
    core = ROOT / "data" / "formats" / "core.toml"
    line = next(
        n for n, t in enumerate(core.read_text("utf-8").splitlines(), 1) if "elevation" in t
    )
    warnings = lines_with(result.stderr, "nrdeck: warning: ")
    [left_out] = [w for w in warnings if f" {core}:{line}: " in w]  # where the file names the set
    assert "left out" in left_out
    assert "'elevation'" in left_out and "pools.core.sets" in left_out  # what it does not know
    refused = check(HB_CORE, "--format", "core", "--data", str(older))
    assert refused.exit_code == ExitCode.USAGE
    assert "run 'nrdeck data update'" in refused.stderr


# -- the words -------------------------------------------------------------------------------
def test_community_formats_read_as_the_golden_file_says(tmp_path: Path) -> None:
    def of(deck: Path, *args: str, code: str = "", card: str = "", line: int = 0) -> str:
        return said(
            p
            for p in problems(deck, *args)
            if code in ("", p["code"]) and card in ("", *p["cards"]) and line in (0, p["line"])
        )

    def text(*args: str) -> str:
        result = runner.invoke(app, list(args))
        return plain(result.stdout + result.stderr, tmp_path)

    astro, throwback = ("--format", "astro"), ("--format", "throwback")
    tocsin = variant(tmp_path, WEYLAND, "1 Tocsin", drop="1 Hammer")
    chain = variant(tmp_path, HOSHIKO, "3 Chain Reaction")
    before = without_official_core(tmp_path, elevation=False).rename(tmp_path / "before.json")
    before_elevation = ("card", "Hedge Fund", "-q", "--data", str(before))
    older, on = without_official_core(tmp_path), ("--as-of", "2026-06-01")
    verbose = check(WEYLAND, *astro, "--as-of", "2026-05-01", "-v").stdout
    card = runner.invoke(app, ["card", "Government Takeover", "--offline", "-q"]).stdout
    cases = [
        (
            "astro: a current",
            of(
                variant(tmp_path, HOSHIKO, "1 Hacktivist Meeting"),
                *astro,
                "--as-of",
                "2026-06-15",
                code="banned",
            ),
        ),
        (
            "astro: two copies of a card of limit 1",
            of(
                variant(tmp_path, HOSHIKO, "2 DJ Fenris"),
                *astro,
                "--as-of",
                "2026-03-20",
                card="dj_fenris",
            ),
        ),
        (
            "astro: a banned card, text",
            text("check", str(WEYLAND), "--offline", *astro, "--as-of", "2026-04-14"),
        ),
        ("astro: the list in force, -v", "\n".join(lines_with(verbose, "in force:"))),
        ("astro: not released yet", of(tocsin, *astro, "--as-of", "2026-02-25")),
        ("astro: release week, casual", of(tocsin, *astro, "--as-of", "2026-03-05")),
        (
            "astro: release week, competitive",
            of(tocsin, *astro, "--as-of", "2026-03-05", "--tier", "competitive"),
        ),
        (
            "astro: never Standard-legal",
            of(
                swap_identity(tmp_path, WEYLAND, "Cyber Bureau: Keeping the Peace"),
                *astro,
                "--as-of",
                "2026-03-01",
                line=1,
            ),
        ),
        (
            "astro: a draft identity",
            of(
                swap_identity(tmp_path, WEYLAND, "The Shadow: Pulling the Strings"),
                *astro,
                "--as-of",
                "2026-03-01",
                line=1,
            ),
        ),
        ("astro: before its first list", check(WEYLAND, *astro, "--as-of", "2026-01-31").stderr),
        ("astro: an unknown ban list", check(WEYLAND, *astro, "--banlist", "26.13").stderr),
        ("astro: a snapshot", check(WEYLAND, *astro, "--snapshot", "standard_36").stderr),
        (
            "throwback: two cards from outside the pool",
            of(
                variant(tmp_path, HOSHIKO, "3 Datasucker\n3 Imp"),
                *throwback,
                "--as-of",
                "2026-06-15",
            ),
        ),
        (
            "throwback: a current",
            of(
                variant(tmp_path, HOSHIKO, "3 Datasucker\n3 Hacktivist Meeting"),
                *throwback,
                "--as-of",
                "2026-06-15",
            ),
        ),
        (
            "throwback: a campaign card",
            of(
                variant(tmp_path, HOSHIKO, "3 Datasucker\n1 BMI Buffer"),
                *throwback,
                "--as-of",
                "2026-06-15",
            ),
        ),
        ("throwback: not released yet", of(chain, *throwback, "--as-of", "2026-02-01")),
        (
            "throwback: release week, competitive",
            of(chain, *throwback, "--as-of", "2026-03-05", "--tier", "competitive"),
        ),
        (
            "core: a card outside the pool",
            of(ZAHYA_INFO_BOUNTY, "--format", "core", "--as-of", "2026-01-10"),
        ),
        ("core: NetrunnerDB's", check(HB_CORE, "--format", "core", *on).stderr),
        (
            "core: card data without it",
            plain(check(HB_CORE, "--format", "core", "--data", str(older), *on).stderr, tmp_path),
        ),
        ("an unknown format", check(HB_CORE, "--format", "astor").stderr),
        ("timeline", text("timeline", str(WEYLAND), "--offline", *astro)),
        ("card history", card[card.index("Astro (astro,") : card.index("Throwback (")]),
        ("data periods", text("data", "periods", *astro, "--as-of", "2026-03-01")),
        (
            "card data older than a format",
            "\n".join(lines_with(text(*before_elevation), "nrdeck: warning: community")),
        ),
    ]
    assert_golden_cases("messages/check-community-formats.txt", cases, __file__)
