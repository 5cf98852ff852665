"""`nrdeck simulate` through Typer's CliRunner: tables, formats, seeds, methods, errors."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from nrdeck.cli import app
from nrdeck.errors import ExitCode
from tests.paths import ROOT
from tests.startup import broken

RUNNER_DECK = str(ROOT / "data" / "examples" / "sg-catalyst.txt")
CORP_LIST = (ROOT / "tests" / "fixtures" / "simulate" / "hb-precision-core.txt").read_text(
    encoding="utf-8"
)


def run(*args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(app, ["simulate", *args], input=input)


@pytest.fixture
def corp_deck(tmp_path: Path) -> str:
    path = tmp_path / "corp.txt"
    path.write_text(CORP_LIST, encoding="utf-8")
    return str(path)


def test_corp_report_table(corp_deck: str) -> None:
    result = run(corp_deck, "--seed", "1", "--offline")
    assert result.exit_code == ExitCode.OK, result.stderr
    out = result.stdout
    assert "Agenda flood" in out and "Ice and economy" in out
    assert "hand" in out and "T11" in out and "%" in out
    assert "first met" in out and "median" in out and "mean" in out
    [schedule] = [line.strip() for line in out.splitlines() if "opening hand" in line]
    assert schedule.startswith("Corp: opening hand 5")
    assert "1 mandatory draw" in schedule and "(turn 1 included)" in schedule
    assert "method: exact" in out and "seed" not in out  # exact: the seed does not matter
    assert "card data: bundled" in out
    assert "nrdeck: seed" not in result.stderr


def test_published_value_in_json(corp_deck: str) -> None:
    result = run(corp_deck, "agenda>=3", "--output-format", "json", "--seed", "3")
    assert result.exit_code == ExitCode.OK, result.stderr
    doc = json.loads(result.stdout)
    column = doc["sections"][0]["columns"][0]
    assert [round(p, 4) for p in column["probability"][:2]] == [0.0511, 0.0903]
    assert doc["deck_size"] == 49 and doc["side"] == "corp"


def test_seed_is_drawn_and_printed_when_absent(corp_deck: str) -> None:
    result = run(
        corp_deck, "ice>=1", "--method", "mc", "--games", "2000", "--output-format", "json"
    )
    assert result.exit_code == ExitCode.OK, result.stderr
    seed = json.loads(result.stdout)["seed"]
    assert result.stderr.startswith(f"nrdeck: seed {seed} ")
    assert f"--seed {seed}" in result.stderr  # how to repeat the run
    again = run(corp_deck, "ice>=1", "--method", "mc", "--games", "2000", "--output-format",
                "json", "--seed", str(seed))  # fmt: skip
    assert json.loads(again.stdout) == json.loads(result.stdout)


def test_monte_carlo_is_said_in_the_output() -> None:
    result = run(RUNNER_DECK, "killer>=1", "--method", "mc", "--games", "5000", "--seed", "8")
    assert result.exit_code == ExitCode.OK, result.stderr
    assert "Monte Carlo, 5000 games" in result.stdout  # the table's caption
    [method] = [line.strip() for line in result.stdout.splitlines() if "method:" in line]
    assert method.startswith("method: Monte Carlo") and method.endswith("; seed 8")
    assert "5000 games" in method and "95%" in method
    assert method.count("seed") == 1  # the footer says the seed once


def test_csv_and_click_draws_and_mulligan() -> None:
    result = run(RUNNER_DECK, "econ>=1 & breaker>=1", "--click-draws", "2,1", "--mulligan",
                 "breaker==0", "--output-format", "csv", "--seed", "1")  # fmt: skip
    assert result.exit_code == ExitCode.OK, result.stderr
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert [r["cards_seen"] for r in rows[:4]] == ["5", "7", "8", "8"]
    assert all(r["query"] == "econ>=1 & breaker>=1" for r in rows)


def test_sample_hands_with_groups() -> None:
    result = run(RUNNER_DECK, "--sample", "3", "--seed", "5", "--group",
                 'money="Sure Gamble"', "money>=1")  # fmt: skip
    assert result.exit_code == ExitCode.OK, result.stderr
    assert "Sample opening hands" in result.stdout and "(seed 5):" in result.stdout
    assert "  3. " in result.stdout
    [money] = [line.strip() for line in result.stdout.splitlines() if "group money" in line]
    assert money.startswith("group money: 3 cards") and money.endswith("(Sure Gamble)")


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (("econ>=1 &",), "at the end of the query"),
        (("brekaer>=1",), "unknown group 'brekaer'"),
        (("--report", "corp"), "--report corp is for Corp decks"),
        (("killer>=1", "--click-draws", "5"), "only 4 clicks"),
        (("--group", "oops"), "--group"),
        (("killer>=1", "--seed", "-1"), "--seed -1"),
        (("killer>=1", "--exact-budget", "0"), "--exact-budget 0"),
        (("killer>=1", "--side", "corp"), "--side corp: "),
        (("--pad", "3", "--sweep", "Sure Gamble=1..3"), "exclusive"),
        (("--target", "killer>=1"), "expected QUERY>=P%@Tk"),
        (("--optimal-mulligan", "killer>=1"), "expected QUERY@Tk"),
        (("--optimal-mulligan", "killer>=1@T2", "--keep", "killer>=1"), "drop --mulligan"),
    ],
)
def test_usage_errors_are_one_line_exit_2(args: tuple[str, ...], fragment: str) -> None:
    result = run(RUNNER_DECK, *args)
    assert result.exit_code == ExitCode.USAGE
    assert fragment in result.stderr
    assert result.stderr.startswith("nrdeck: error: ")
    assert result.stderr.count("\n") == 1
    assert "Traceback" not in result.stderr


def test_unknown_cards_are_warned_about_and_left_out(tmp_path: Path) -> None:
    deck = tmp_path / "odd.txt"
    deck.write_text("3 Hedge Fund\n3 Not A Real Card\n3 Ice Wall\n", encoding="utf-8")
    result = run(str(deck), "ice>=1", "--seed", "1", "--output-format", "json")
    assert result.exit_code == ExitCode.OK, result.stderr
    assert "Not A Real Card" in result.stderr and "left out" in result.stderr
    assert json.loads(result.stdout)["deck_size"] == 6


def test_missing_deck_is_a_usage_error() -> None:
    result = run("no-such-deck.txt", "--offline")
    assert result.exit_code == ExitCode.USAGE
    assert "no such file" in result.stderr


def test_deck_from_standard_input() -> None:
    result = run("-", "agenda>=2", "--seed", "1", input=CORP_LIST)
    assert result.exit_code == ExitCode.OK, result.stderr
    assert "agenda>=2" in result.stdout


def test_check_does_not_import_numpy_or_the_simulator() -> None:
    code = (
        "import sys; import nrdeck.cli; "
        "print(any(m == 'numpy' or m.startswith('nrdeck.sim') for m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False", broken("No NumPy or simulator on a check")


def test_first_met_in_the_opening_hand_is_called_the_hand(corp_deck: str) -> None:
    # 12 ice in 49 cards: about 84% of opening hands hold one, so the median is the hand
    result = run(corp_deck, "ice>=1", "agenda>=3", "--seed", "3", "--offline")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    start = next(i for i, line in enumerate(lines) if line.strip().startswith("first met"))
    assert lines[start + 2].split()[:2] == ["ice>=1", "hand"]
    assert lines[start + 3].split()[1].startswith("T")
