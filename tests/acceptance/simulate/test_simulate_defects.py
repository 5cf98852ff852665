"""The defects of issue 15, through the CLI: empty groups, the Runner's points, real first-met
means, AI breakers, titles with commas, the exact budget, and the report's wording."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from nrdeck.cli import app
from nrdeck.errors import ExitCode
from tests.paths import ROOT

FIXTURES = ROOT / "tests" / "fixtures" / "simulate"
FAUST = str(FIXTURES / "faust-valencia.txt")  # the 2015 world champion's Runner deck
GFI = str(FIXTURES / "gfi-corp.txt")
ATLAS = str(FIXTURES / "atlas-corp.txt")  # the same with Project Atlas for each GFI
NO_ECON = str(FIXTURES / "no-econ-corp.txt")
CATALYST = str(ROOT / "data" / "examples" / "sg-catalyst.txt")


def run(*args: str) -> Result:
    return CliRunner().invoke(app, ["simulate", *args, "--offline", "--seed", "1"])


def doc(*args: str) -> dict[str, Any]:
    result = run(*args, "--output-format", "json")
    assert result.exit_code == ExitCode.OK, result.stderr
    return dict(json.loads(result.stdout))


def column(document: dict[str, Any], section: int, index: int) -> dict[str, Any]:
    return dict(document["sections"][section]["columns"][index])


# 1. empty groups ---------------------------------------------------------------------------
def test_bare_simulate_on_a_runner_deck_without_decoder_or_killer() -> None:
    result = run(FAUST)
    assert result.exit_code == ExitCode.OK, result.stderr
    assert "Economy and breakers" in result.stdout
    assert "group decoder: 0 cards" in result.stdout and "read 0%" in result.stdout


@pytest.mark.parametrize(
    ("deck", "query"), [(FAUST, "sentry>=1"), (FAUST, "agenda>=1"), (GFI, "killer>=1")]
)
def test_a_query_on_groups_absent_from_the_deck_is_zero(deck: str, query: str) -> None:
    col = column(doc(deck, query), 0, 0)
    assert set(col["probability"]) == {0.0}
    assert col["first_met"]["never"] == 1.0 and col["first_met"]["mean"] is None
    assert "0%" in run(deck, query).stdout


def test_every_prebuilt_world_champion_deck_simulates(cards_json: Path, tmp_path: Path) -> None:
    from nrdeck.cards.bundled import BundledSource

    db = BundledSource().load()
    for prebuilt in json.loads((cards_json / "prebuilts.json").read_text("utf-8")):
        lines = []
        for code, qty in prebuilt["cards"].items():
            card = db.card_by_code(code)
            assert card is not None
            lines.append(card.title if card.is_identity else f"{qty} {card.title}")
        path = tmp_path / f"{prebuilt['code']}.txt"
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        result = run(str(path))
        assert result.exit_code == ExitCode.OK, (prebuilt["code"], result.stderr)
        for report in ("rnd", "cards") if "corp" in prebuilt["code"] else ("cards",):
            assert run(str(path), "--report", report).exit_code == ExitCode.OK


def test_side_must_agree_with_the_deck() -> None:
    result = run(FAUST, "--side", "corp")
    assert result.exit_code == ExitCode.USAGE
    assert "is a Runner deck" in result.stderr and "Traceback" not in result.stderr


# 2. the Runner's points ------------------------------------------------------------------
def test_rnd_race_counts_what_agendas_are_worth_once_stolen() -> None:
    gfi = doc(GFI, "--report", "rnd")
    atlas = doc(ATLAS, "--report", "rnd")  # Project Atlas: printed 2, like a stolen GFI
    race, same = column(gfi, 1, 0), column(atlas, 1, 0)
    assert race["query"] == "runner_points>=7"
    assert race["probability"] == pytest.approx(same["probability"], abs=1e-12)
    assert race["first_met"] == pytest.approx(same["first_met"])
    printed = column(doc(GFI, "points>=7", "--report", "rnd"), 0, 0)
    assert race["first_met"]["median"] > printed["first_met"]["median"]
    note = gfi["sections"][0]["note"]
    assert "20 agenda points" in note and "worth 18 to the Runner" in note
    assert note.split("Global Food Initiative ")[1].startswith("2 (1 fewer)")  # worth, why


# 3. first met: the real mean -----------------------------------------------------------------
def test_a_one_copy_card_has_its_true_mean_first_met_turn(tmp_path: Path) -> None:
    deck = tmp_path / "one.txt"
    deck.write_text(Path(CATALYST).read_text("utf-8").replace("3 Mayfly", "1 Mayfly"), "utf-8")
    document = doc(str(deck), '"Mayfly">=1')
    first = column(document, 0, 0)["first_met"]
    size = document["deck_size"]
    seen = [min(5 + t, size) for t in range(size - 4)]  # one click-draw a turn
    met_by = [Fraction(n, size) for n in seen]
    mean = sum(t * (p - q) for t, (p, q) in enumerate(zip(met_by, [0, *met_by[:-1]], strict=True)))
    assert first["mean"] == pytest.approx(float(mean), abs=1e-12)
    assert first["never"] == 0 and first["end"] == size - 5
    shown = met_by[:12]  # what the old, conditional "expected" turn was computed from
    given = (
        sum(t * (p - q) for t, (p, q) in enumerate(zip(shown, [0, *shown[:-1]], strict=True)))
        / shown[-1]
    )
    assert first["mean"] > float(given) + 3


# 4. AI breakers ---------------------------------------------------------------------------
def test_full_rig_counts_ai_breakers() -> None:
    document = doc(FAUST)
    rig = column(document, 0, 4)
    faust = column(doc(FAUST, "ai>=1"), 0, 0)  # the deck has no fracter, decoder or killer
    assert rig["probability"] == pytest.approx(faust["probability"], abs=1e-15)
    assert rig["probability"][0] > 0.25


# 5. titles with commas ----------------------------------------------------------------------
def test_titles_with_a_comma_in_queries_and_groups(tmp_path: Path) -> None:
    deck = tmp_path / "adap.txt"
    deck.write_text(
        Path(CATALYST).read_text("utf-8") + "3 Another Day, Another Paycheck\n", "utf-8"
    )
    title = column(doc(str(deck), '"Another Day, Another Paycheck">=1'), 0, 0)
    grouped = doc(str(deck), "pay>=1", "--group", """pay='Another Day, Another Paycheck'""")
    assert grouped["groups"][0]["cards"] == 3
    assert column(grouped, 0, 0)["probability"] == title["probability"]
    unquoted = doc(str(deck), "pay>=1", "--group", "pay=Another Day, Another Paycheck")
    assert column(unquoted, 0, 0)["probability"] == title["probability"]


# 6. the exact budget ------------------------------------------------------------------------
def test_exact_within_the_budget_and_says_why_when_it_switches() -> None:
    query = "econ>=2 & breaker>=2 & fracter>=1 & decoder>=1 & killer>=1 & ai>=1 | econ==0"
    exact = doc(CATALYST, query)
    assert exact["method"] == "exact" and not exact["random"]
    switched = run(CATALYST, query, "--exact-budget", "0.000001", "--games", "2000")
    assert switched.exit_code == ExitCode.OK, switched.stderr
    assert f"Monte Carlo for {query}:" in switched.stdout
    assert "estimated at" in switched.stdout and "--exact-budget" in switched.stdout


# 7. wording ---------------------------------------------------------------------------------
def test_no_negative_zero_and_certain_is_one_hundred_percent() -> None:
    out = run(CATALYST, "breaker>=0", "agenda>=0 | breaker==0").stdout
    assert "-0.0" not in out and ">99.9%" not in out
    assert "100%" in out


def test_table_titles_and_footer_lines_are_not_wrapped() -> None:
    out = run(CATALYST).stdout
    lines = out.splitlines()
    assert any(line.startswith("Full rig by") and line.endswith("per turn") for line in lines)
    footer = lines[lines.index("Assumptions:") :]
    assert all(line.startswith("  ") for line in footer[1:])  # one line each


def test_footer_notes_fit_the_side_and_identity(tmp_path: Path) -> None:
    runner = run(CATALYST).stdout
    assert "Corp" not in runner and "Runner: opening hand 5" in runner
    assert "no mandatory draw" in runner
    text = Path(CATALYST).read_text("utf-8")
    for identity, expected in (
        ("Andromeda: Dispossessed Ristie", "opening hand 9"),
        ("MaxX: Maximum Punk Rock", "trashed cards are never seen"),
    ):
        deck = tmp_path / "id.txt"
        deck.write_text(text.replace("The Catalyst: Convention Breaker", identity), "utf-8")
        out = run(str(deck)).stdout
        assert expected in out and "5 in hand" not in out and "mandatory draw(s)" not in out


def test_an_empty_econ_group_says_so_and_names_the_group_to_define() -> None:
    result = run(NO_ECON)
    assert result.exit_code == ExitCode.OK, result.stderr
    assert "group econ: 0 cards" in result.stdout
    assert '--group econ="' in result.stdout  # how to define it
