"""Community formats through the CLI: Astro, Throwback and Core as nrdeck ships them, the
worked examples of docs/community-formats.md, and each rule kind a format file can say.

Decks: the 2025 lists of tests/fixtures/simulate, the System Gateway and Elevation decks of
tests/fixtures/event, and tests/fixtures/formats (built from the 2026 card data for these
tests, each saying what it is). Variants add or swap lines in a copy.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from nrdeck.cli import app
from nrdeck.errors import ExitCode
from tests.paths import ROOT
from tests.schemas import validate

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
    banned = [p for p in found if p["code"] == "banned"]
    assert [p["message"] for p in banned] == [
        "Hacktivist Meeting is banned (Astro Ban List 26.04 (every current))"
    ]


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
    message = next(p["message"] for p in problems(runner_deck, *on) if p["code"] == "singleton")
    assert message.endswith("; Astro allows 1 of each card")


def test_astro_government_takeover_is_legal_until_the_second_list(tmp_path: Path) -> None:
    before = check(WEYLAND, "--format", "astro", "--as-of", "2026-04-13")
    assert before.exit_code == ExitCode.OK, before.stdout
    assert "· Astro · Astro Ban List 26.02" in before.stdout
    after = check(WEYLAND, "--format", "astro", "--as-of", "2026-04-14")
    assert after.exit_code == ExitCode.ILLEGAL
    assert "✗ banned (line 4): Government Takeover is banned (Astro Ban List 26.04)" in (
        after.stdout
    )


def test_astro_reports_name_the_list_in_force_and_its_source() -> None:
    result = check(WEYLAND, "--format", "astro", "--as-of", "2026-03-01", "--output-format", "json")
    deck = json.loads(result.stdout)["decks"][0]
    assert deck["format"] == {"id": "astro", "name": "Astro"}
    assert deck["restriction"] == {
        "id": "astro_ban_list_26_02",
        "name": "Astro Ban List 26.02",
        "source": "https://github.com/posibiliti/astro-netrunner/blob/2edbd3fa5c28/banlist.md",
    }
    assert deck["card_pool"]["id"] == "astro" and deck["snapshot"] is None
    verbose = check(WEYLAND, "--format", "astro", "--as-of", "2026-05-01", "-v").stdout
    assert (
        "in force: Astro · pool Astro · Astro Ban List 26.04 · source "
        "https://github.com/posibiliti/astro-netrunner/blob/c8238d9b9486/banlist.md"
    ) in verbose


def test_astro_a_vantage_point_card_is_legal_from_its_release_or_competitive_date(
    tmp_path: Path,
) -> None:
    deck = variant(tmp_path, WEYLAND, "1 Tocsin", drop="1 Hammer")
    early = problems(deck, "--format", "astro", "--as-of", "2026-02-25")
    assert [(p["code"], p["message"]) for p in early] == [
        (
            "not-in-card-pool",
            "Tocsin is not legal in Astro on 2026-02-25: not released until 2026-03-02",
        )
    ]
    assert check(deck, "--format", "astro", "--as-of", "2026-03-20").exit_code == ExitCode.OK
    casual = problems(deck, "--format", "astro", "--as-of", "2026-03-05")
    assert [(p["code"], p["severity"]) for p in casual] == [("competitive-delay", "warning")]
    competitive = problems(
        deck, "--format", "astro", "--as-of", "2026-03-05", "--tier", "competitive"
    )
    assert [p["message"] for p in competitive] == [
        "Tocsin is not legal in Astro on 2026-03-05: legal at competitive events from "
        "2026-03-13 (Vantage Point released 2026-03-02)"
    ]


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
    assert [p["message"] for p in pool] == [
        "Cyber Bureau: Keeping the Peace is not legal in Astro on 2026-03-01: never Standard-legal"
    ]
    shadow = swap_identity(tmp_path, WEYLAND, "The Shadow: Pulling the Strings")
    found = {p["code"]: p["message"] for p in problems(shadow, *on) if p["line"] == 1}
    assert found["identity-not-in-format"].startswith("The Shadow: Pulling the Strings is a draft")
    assert found["not-in-card-pool"].endswith(": Draft cards are not part of Astro")


def test_astro_has_no_period_before_its_first_list() -> None:
    result = check(WEYLAND, "--format", "astro", "--as-of", "2026-01-31")
    assert result.exit_code == ExitCode.USAGE
    assert result.stderr == (
        "nrdeck: error: format astro has no period in force on 2026-01-31; its first period "
        "starts 2026-02-18 (choose a later --as-of date)\n"
    )


@pytest.mark.parametrize(
    "name", ["26.02", "astro_ban_list_26_02", "Astro Ban List 26.02", "astro-ban-list-26.02"]
)
def test_astro_banlist_picks_a_list_of_the_format_by_id_name_or_number(name: str) -> None:
    result = check(WEYLAND, "--format", "astro", "--as-of", "2026-06-01", "--banlist", name)
    assert result.exit_code == ExitCode.OK, result.stdout
    assert "· Astro · Astro Ban List 26.02" in result.stdout


def test_astro_an_unknown_list_or_a_snapshot_is_a_usage_error_with_the_valid_names() -> None:
    # (26.03 is a Standard list: that one says so, see test_names_and_typos)
    result = check(WEYLAND, "--format", "astro", "--banlist", "26.13")
    assert result.exit_code == ExitCode.USAGE
    assert result.stderr == (
        "nrdeck: error: unknown ban list '26.13' for format astro; did you mean 26.04, 26.02? "
        "(valid "
        "ban lists: latest, 26.04 (astro_ban_list_26_04), 26.02 (astro_ban_list_26_02))\n"
    )
    snapshot = check(WEYLAND, "--format", "astro", "--snapshot", "standard_36")
    assert snapshot.exit_code == ExitCode.USAGE
    assert "astro is a community format: it has periods, not snapshots" in snapshot.stderr


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
    assert [(p["code"], p["message"], p["rule"]) for p in found] == [
        (
            "restricted",
            "2 cards from outside the pool (Datasucker, Imp); at most 1 is allowed",
            "Throwback: one card from outside the pool",
        )
    ]


def test_throwback_a_rotated_identity_is_the_decks_outside_card(tmp_path: Path) -> None:
    on = ("--format", "throwback", "--as-of", "2026-06-15")
    evolution = FORMATS / "throwback-pe.txt"
    assert check(evolution, *on).exit_code == ExitCode.OK
    snare = variant(tmp_path, evolution, "3 Snare!")
    found = problems(snare, *on)
    assert [(p["code"], p["cards"]) for p in found] == [
        ("restricted", ["jinteki_personal_evolution", "snare"])
    ]


def test_throwback_banned_cards_never_use_the_outside_slot(tmp_path: Path) -> None:
    on = ("--format", "throwback", "--as-of", "2026-06-15")
    current = variant(tmp_path, HOSHIKO, "3 Datasucker\n3 Hacktivist Meeting")
    assert [p["message"] for p in problems(current, *on)] == [
        "Hacktivist Meeting is banned (Throwback Ban List 25.08 (every current))"
    ]
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
    assert restricted[0]["message"] == (
        "4 cards from outside the pool (Berserker, Divide and Conquer, Hippo, Labor Rights); "
        "at most 1 is allowed"
    )


def test_throwback_campaign_cards_and_unreleased_cards_are_not_in_the_pool(
    tmp_path: Path,
) -> None:
    on = ("--format", "throwback", "--as-of", "2026-06-15")
    campaign = variant(tmp_path, HOSHIKO, "3 Datasucker\n1 BMI Buffer")
    assert [p["message"] for p in problems(campaign, *on)] == [
        "BMI Buffer is not legal in Throwback 2025 on 2026-06-15: Terminal Directive Campaign "
        "cards are not part of Throwback"
    ]
    # Vantage Point is not in the 2025 pool (as jinteki.net's data has it): an outside card
    chain = variant(tmp_path, HOSHIKO, "3 Chain Reaction")
    assert check(chain, *on).exit_code == ExitCode.OK
    early = problems(chain, "--format", "throwback", "--as-of", "2026-02-01")
    assert [p["message"] for p in early] == [
        "Chain Reaction is not legal in Throwback 2025 on 2026-02-01: not released until 2026-03-02"
    ]
    delayed = problems(
        chain, "--format", "throwback", "--as-of", "2026-03-05", "--tier", "competitive"
    )
    assert [p["message"].split(": ", 1)[1] for p in delayed] == [
        "legal at competitive events from 2026-03-13 (Vantage Point released 2026-03-02)"
    ]


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


OFFICIAL_NOTE = (
    "nrdeck: note: Core (core) is NetrunnerDB's format, from the card data; the community Core "
    "that nrdeck ships (from 2025-05-04) serves only card data that does not define it"
)


@pytest.mark.parametrize("official", [True, False], ids=["netrunnerdb", "shipped"])
def test_core_is_system_gateway_and_elevation_without_the_one_box_rule(
    tmp_path: Path, official: bool
) -> None:
    data = () if official else ("--data", str(without_official_core(tmp_path)))
    assert check(HB_CORE, "--format", "core", *data).exit_code == ExitCode.OK
    assert check(ZAHYA_ELEVATION, "--format", "core", *data).exit_code == ExitCode.OK
    found = problems(ZAHYA_INFO_BOUNTY, "--format", "core", "--as-of", "2026-01-10", *data)
    assert [p["message"] for p in found] == [
        "Info Bounty is not legal in Core on 2026-01-10: not in the Core card pool"
    ]
    triple = variant(tmp_path, HB_CORE, "3 Brân 1.0", drop="3 Brân 1.0")
    assert "one-box" not in codes(triple, "--format", "core", *data)
    assert "identity-not-in-format" in codes(CATALYST, "--format", "core", *data)


def test_netrunnerdbs_core_wins_over_the_shipped_one_and_the_report_says_so() -> None:
    result = check(HB_CORE, "--format", "core", "--as-of", "2025-04-24")
    assert result.exit_code == ExitCode.OK  # NetrunnerDB's Core starts with Elevation
    assert OFFICIAL_NOTE in result.stderr.splitlines()
    assert OFFICIAL_NOTE not in check(HB_CORE, "--format", "core", "-q").stderr
    before = check(HB_CORE, "--format", "core", "--as-of", "2025-04-23")
    assert before.exit_code == ExitCode.USAGE
    assert "format core has no period in force on 2025-04-23" in before.stderr
    assert "its first period starts 2025-04-24" in before.stderr
    doc = json.loads(check(HB_CORE, "--format", "CORE", "--output-format", "json").stdout)
    validate(doc, "check-v1.schema.json")
    deck = doc["decks"][0]
    assert deck["format"]["id"] == "core" and deck["snapshot"] == "core_0"
    assert deck["format"]["note"] == OFFICIAL_NOTE.removeprefix("nrdeck: note: ")
    standard = json.loads(check(HB_CORE, "--output-format", "json").stdout)["decks"][0]
    assert "note" not in standard["format"]


def test_the_shipped_core_serves_card_data_without_one_and_says_so(tmp_path: Path) -> None:
    older = str(without_official_core(tmp_path))
    result = check(HB_CORE, "--format", "core", "--as-of", "2025-05-03", "--data", older)
    assert result.exit_code == ExitCode.USAGE  # jinteki.net's Core starts 2025-05-04
    assert "its first period starts 2025-05-04" in result.stderr
    used = check(HB_CORE, "--format", "core", "--data", older, "--output-format", "json")
    deck = json.loads(used.stdout)["decks"][0]
    assert deck["format"] == {"id": "core", "name": "Core"} and deck["snapshot"] is None
    said = f"the card data in use (pinned file {older} (netrunner-cards-json of "
    (warning,) = [w for w in deck["warnings"] if w.startswith(said)]
    assert warning.endswith(
        "does not define the format core: using the community Core that nrdeck ships (from "
        "2025-05-04); newer card data defines NetrunnerDB's own core"
    )
    assert f"nrdeck: warning: {warning}" in used.stderr.splitlines()


# -- names, completion, timeline, card, event ---------------------------------------------
def test_every_command_names_netrunnerdbs_core_once(tmp_path: Path) -> None:
    assert _complete("nrdeck check --format c") == ["core", "casual"]
    assert _complete("nrdeck check --format core --banlist a") == ["active"]
    timeline = runner.invoke(app, ["timeline", str(HB_CORE), "--offline", "--format", "core"])
    assert timeline.exit_code == 0, timeline.stderr
    assert OFFICIAL_NOTE in timeline.stderr.splitlines()
    assert "2025-04-24 → …" in timeline.stdout
    args = ["timeline", str(HB_CORE), "--offline", "--format", "core", "--output-format", "json"]
    as_json = runner.invoke(app, args)
    said = OFFICIAL_NOTE.removeprefix("nrdeck: note: ")
    assert json.loads(as_json.stdout)["format_note"] == said
    periods = runner.invoke(app, ["data", "periods", "--format", "core", "--offline"])
    assert periods.stdout.splitlines()[1] == f"note: {said}"
    assert "core_0: from 2025-04-24 (still in force)" in periods.stdout
    doc = json.loads(
        runner.invoke(
            app, ["data", "periods", "--format", "core", "--offline", "--output-format", "json"]
        ).stdout
    )
    validate(doc, "periods-v1.schema.json")
    assert doc["format"]["note"] == said
    card = runner.invoke(app, ["card", "Hedge Fund", "--offline"]).stdout
    assert card.count("Core (core, casual tier):") == 1
    assert "Core (core, casual tier):\n  2025-04-24 → …           legal" in card
    roster = tmp_path / "roster.csv"
    for deck in (HB_CORE, ZAHYA_ELEVATION):
        (tmp_path / deck.name).write_bytes(deck.read_bytes())
    roster.write_text(f"player,corp,runner\nAna,{HB_CORE.name},{ZAHYA_ELEVATION.name}\n", "utf-8")
    event = runner.invoke(app, ["event", str(roster), "--offline", "--format", "core"])
    assert event.exit_code == 0, event.stderr
    assert OFFICIAL_NOTE in event.stderr.splitlines()
    older = str(without_official_core(tmp_path))
    shipped = runner.invoke(app, ["data", "periods", "--format", "core", "--data", older])
    assert "from 2025-05-04 (still in force)" in shipped.stdout
    assert "does not define the format core: using the community Core" in shipped.stderr


@pytest.mark.parametrize("name", ["Astro", "THROWBACK", "core"])
def test_community_format_names_ignore_case(name: str) -> None:
    assert check(HB_CORE, "--format", name, "--as-of", "2026-03-01").exit_code in (0, 1)


def test_an_unknown_format_suggests_the_community_formats() -> None:
    result = check(HB_CORE, "--format", "astor")
    assert result.exit_code == ExitCode.USAGE
    assert "unknown format 'astor'; did you mean astro?" in result.stderr
    assert "system_gateway, core, snapshot, ram, casual, astro, throwback)" in result.stderr
    assert result.stderr.count("core") == 1  # NetrunnerDB's: the shipped file's id is the same
    timeline = runner.invoke(app, ["timeline", str(HB_CORE), "--offline", "--format", "thrwback"])
    assert timeline.exit_code == ExitCode.USAGE and "did you mean throwback?" in timeline.stderr


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


def test_timeline_on_a_community_format(tmp_path: Path) -> None:
    result = runner.invoke(app, ["timeline", str(WEYLAND), "--offline", "--format", "astro"])
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].endswith("· Weyland Consortium: Built to Last · Astro (casual tier)")
    assert " ".join(lines[1].split()) == "2026-02-18 → 2026-04-14 Astro · Astro Ban List 26.02 ✓"
    assert "✗ banned (Government Takeover banned)" in lines[2]
    assert lines[-1] == "legal from 2026-02-18 to 2026-04-14, then Government Takeover banned"
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
    text = result.stdout
    assert "Astro (astro, casual tier):\n  2026-02-18 → 2026-04-14  legal\n" in text
    assert "2026-04-14 → …           banned (Astro Ban List 26.04)" in text
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


def test_data_periods_lists_a_community_formats_periods_lists_and_sources() -> None:
    text = runner.invoke(app, ["data", "periods", "--format", "astro", "--as-of", "2026-03-01"])
    assert text.exit_code == 0, text.stderr
    lines = text.stdout.splitlines()
    assert (
        lines[1]
        == "in force on 2026-03-01: the period since 2026-02-18: Astro, Astro Ban List 26.02"
    )
    assert (
        "  source: https://github.com/posibiliti/astro-netrunner/blob/2edbd3fa5c28/banlist.md"
        in lines
    )
    assert (
        "  new set: Vantage Point (vantage_point), released 2026-03-02, at competitive events "
        "from 2026-03-13"
    ) in lines
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
    assert doc["periods"][1]["restriction"]["source"] == (
        "https://github.com/NoahTheDuke/netrunner-data/blob/fdffefa4/edn/mwls.edn"
    )


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
    assert period.restriction_source == (
        "https://github.com/NoahTheDuke/netrunner-data/blob/fdffefa4/edn/mwls.edn"
    )


def test_card_data_older_than_a_format_leaves_it_out_of_a_card_history(tmp_path: Path) -> None:
    older = without_official_core(tmp_path, elevation=False)  # before Elevation and Core
    result = runner.invoke(app, ["card", "Hedge Fund", "--data", str(older), "-q"])
    assert result.exit_code == 0, result.stderr
    assert "Astro (astro, casual tier):" in result.stdout and "Core (core" not in result.stdout
    core = ROOT / "data" / "formats" / "core.toml"
    line = next(
        n for n, t in enumerate(core.read_text("utf-8").splitlines(), 1) if "elevation" in t
    )
    assert (
        f"nrdeck: warning: community format left out: {core}:{line}: unknown set id 'elevation' "
        "in pools.core.sets"
    ) in result.stderr.splitlines()
    refused = check(HB_CORE, "--format", "core", "--data", str(older))
    assert refused.exit_code == ExitCode.USAGE
    assert "run 'nrdeck data update'" in refused.stderr
