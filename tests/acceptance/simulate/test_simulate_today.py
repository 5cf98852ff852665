"""`simulate` on the decks played in 2024-2026: economy, Runner points and identity draws
read from the card text, card data built before that, and hostile queries and groups."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from nrdeck.cards.bundled import snapshot_path
from nrdeck.cli import app
from nrdeck.errors import ExitCode
from tests.builders import before_text_facts
from tests.paths import ROOT

FIXTURES = ROOT / "tests" / "fixtures" / "simulate"
EPIPHANY = str(FIXTURES / "epiphany-2025.txt")  # NBN, legal at Worlds 2025 (Standard 25.10)
HOSHIKO = str(FIXTURES / "hoshiko-2025.txt")  # Anarch, legal at Worlds 2025
DREAM = str(FIXTURES / "let-them-dream-2026.txt")  # the same NBN deck with 3 Let Them Dream
CATALYST = str(ROOT / "data" / "examples" / "sg-catalyst.txt")


def run(*args: str) -> Result:
    return CliRunner().invoke(app, ["simulate", *args, "--offline", "--seed", "1"])


def doc(*args: str) -> dict[str, Any]:
    result = run(*args, "--output-format", "json")
    assert result.exit_code == ExitCode.OK, result.stderr
    return dict(json.loads(result.stdout))


def group(document: dict[str, Any], name: str) -> dict[str, Any]:
    return dict(next(g for g in document["groups"] if g["name"] == name))


def group_titles(found: dict[str, Any]) -> list[str]:
    """The titles a group's description names, after what the group is."""
    return str(found["description"]).rsplit(": ", 1)[-1].rstrip(")").split(", ")


def column(document: dict[str, Any], query: str) -> dict[str, Any]:
    columns = (c for s in document["sections"] for c in s["columns"] if c["query"] == query)
    return dict(next(columns))


# economy ---------------------------------------------------------------------------------
def test_the_corp_report_names_the_economy_a_player_would_name() -> None:
    result = run(EPIPHANY)
    assert result.exit_code == ExitCode.OK, result.stderr
    assert "group econ: 14 cards (" in result.stdout
    document = doc(EPIPHANY)
    assert group_titles(group(document, "econ")) == [
        "Daily Quest",
        "Hedge Fund",
        "Mahkota Langit Grid",
        "Predictive Planogram",
        "Public Access Plaza",
        "Regolith Mining License",
        "Tiered Subscription",
    ]
    ice_and_econ = column(document, "ice>=1 & econ>=1")["probability"]
    assert ice_and_econ[0] > 0.5 and ice_and_econ[3] > 0.9  # hand, T3: not 0% on every turn


def test_the_runner_report_names_the_economy_a_player_would_name() -> None:
    document = doc(HOSHIKO)
    econ = group(document, "econ")
    assert econ["cards"] == 13
    assert group_titles(econ) == [
        "Fencer Fueno",
        "Fermenter",
        "Mystic Maemi",
        "Paladin Poemu",
        "Strike Fund",
        "Sure Gamble",
        "Wildcat Strike",
    ]
    assert column(document, "econ>=1 & breaker>=1")["probability"][0] > 0.2


def test_a_group_named_econ_still_overrides_it() -> None:
    document = doc(EPIPHANY, "econ>=1", "--group", "econ=Hedge Fund")
    assert group(document, "econ") == {
        "name": "econ",
        "description": "Hedge Fund",
        "cards": 3,
        "hint": None,
    }


# Runner points ---------------------------------------------------------------------------
def test_let_them_dream_is_worth_one_fewer_point_in_the_rnd_race(tmp_path: Path) -> None:
    dream = doc(DREAM, "--report", "rnd")
    note = dream["sections"][0]["note"]
    for figure in ("10 agendas", "45 cards", "20 agenda points", "worth 17 to the Runner"):
        assert figure in note
    assert note.split("Let Them Dream ")[1].startswith("1 (1 fewer)")  # its worth, and why
    # the race is the one of a deck whose three agendas are printed as worth 1
    ones = tmp_path / "ones.txt"
    text = Path(DREAM).read_text("utf-8").replace("3 Let Them Dream", "3 Oracle Thinktank")
    ones.write_text(text, "utf-8")
    race, same = column(dream, "runner_points>=7"), column(doc(str(ones), "--report", "rnd"),
                                                           "runner_points>=7")  # fmt: skip
    assert race["probability"] == pytest.approx(same["probability"], abs=1e-12)
    printed = column(doc(DREAM, "points>=7", "--report", "rnd"), "points>=7")
    assert race["first_met"]["median"] > printed["first_met"]["median"]


# identities ------------------------------------------------------------------------------
def test_vics_draw_is_a_click_draw_and_the_footer_says_so(tmp_path: Path) -> None:
    vic = tmp_path / "vic.txt"
    text = Path(CATALYST).read_text("utf-8")
    vic.write_text(
        text.replace("The Catalyst: Convention Breaker", "Virtual Intelligence, P.I.: "
                     "“You Can Call Me Vic”"), "utf-8"
    )  # fmt: skip
    out = run(str(vic)).stdout
    assert "click ability" in out and "not an extra draw" in out
    assert "Runner: opening hand 5" in out and "1 click-draw every turn" in out
    same = column(doc(CATALYST), "econ>=1 & breaker>=1")["probability"]
    assert column(doc(str(vic)), "econ>=1 & breaker>=1")["probability"] == same


def test_hoshikos_draw_on_its_other_face_is_named_not_counted() -> None:
    out = run(HOSHIKO).stdout
    assert "identity: Hoshiko Shiro" in out
    assert "not counted" in out and "--click-draws" in out  # named, and how to count them


# card data built before nrdeck read facts from card text ---------------------------------
def test_an_older_pinned_document_borrows_the_bundled_facts_and_says_so(tmp_path: Path) -> None:
    old = tmp_path / "old.json"
    old.write_bytes(before_text_facts(snapshot_path().read_bytes()))
    result = run(EPIPHANY, "--data", str(old))
    assert result.exit_code == ExitCode.OK, result.stderr
    assert "group econ: 14 cards" in result.stdout and "Tiered Subscription" in result.stdout
    footer = result.stdout[result.stdout.index("Assumptions:") :]
    [facts] = [line.strip() for line in footer.splitlines() if "card facts:" in line]
    assert "built before nrdeck read" in facts and "bundled snapshot" in facts  # borrowed
    assert "'nrdeck data update'" in facts and "'nrdeck data build'" in facts  # what to do
    assert "built before nrdeck read" in result.stderr  # a warning too
    race = doc(DREAM, "--report", "rnd", "--data", str(old))["sections"][0]["note"]
    assert "worth 17 to the Runner" in race
    check = CliRunner().invoke(app, ["check", EPIPHANY, "--data", str(old), "--as-of",
                                     "2025-11-15"])  # fmt: skip
    assert check.exit_code == ExitCode.OK, check.output  # the older document still reads


# hostile queries and groups --------------------------------------------------------------
@pytest.mark.parametrize(
    ("args", "limit"),
    [
        (("(" * 5000 + "econ>=1" + ")" * 5000,), "longer than the limit of 2,000 characters"),
        (("(" * 900 + "econ>=1" + ")" * 900,), "nested deeper than the limit of 32"),
        (("!" * 1000 + "econ>=1",), "nested deeper than the limit of 32"),
        (("--mulligan", "(" * 40 + "econ>=1" + ")" * 40), "nested deeper than the limit of 32"),
        (("--keep", "econ>=1 | " * 300 + "econ>=1"), "longer than the limit of 2,000"),
    ],
)
def test_a_hostile_query_is_one_line_naming_the_limit(args: tuple[str, ...], limit: str) -> None:
    result = run(CATALYST, *args)
    assert result.exit_code == ExitCode.USAGE, result.output
    assert limit in result.stderr and len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.output and len(result.stderr) < 400


def test_a_group_of_100_kb_of_titles_is_read_in_linear_time() -> None:
    titles = ",".join(["Sure Gamble", "Mayfly", '"Smartware Distributor"'] * 3000)
    assert len(titles) > 100_000
    start = time.perf_counter()
    document = doc(CATALYST, "money>=1", "--group", f"money={titles}")
    assert time.perf_counter() - start < 60  # it took minutes when parts were joined every way
    money = group(document, "money")
    assert (money["cards"], money["hint"]) == (9, None)
    assert group_titles(money) == ["Sure Gamble", "Mayfly", "Smartware Distributor"]  # each once
    typo = titles.replace("Mayfly", "Mayfyl", 1)
    result = run(CATALYST, "money>=1", "--group", f"money={typo}")
    assert result.exit_code == ExitCode.USAGE
    assert "--group money: " in result.stderr and "unknown card 'Mayfyl'" in result.stderr
    assert len(result.stderr) < 400


@pytest.mark.parametrize(
    "args",
    [
        ("--sweep", "x" * 100_000 + "=1..3", "breaker>=1"),
        ("breaker>=1", "--group", "Sure Gamble," * 10_000),  # no NAME=
        ("--target", "breaker>=1" * 10_000),
        ("--optimal-mulligan", "breaker>=1" * 10_000),
        ("breaker>=1", "--group", 'x="' + "Sure Gamble," * 10_000),  # a quote not closed
    ],
)
def test_a_huge_malformed_option_is_one_short_line(args: tuple[str, ...]) -> None:
    result = run(CATALYST, *args)
    assert result.exit_code == ExitCode.USAGE, result.output
    assert len(result.stderr.strip().splitlines()) == 1 and len(result.stderr) < 500
    assert "characters)" in result.stderr  # the echo is cut and says how long it was
