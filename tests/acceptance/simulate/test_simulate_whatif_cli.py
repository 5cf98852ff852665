"""The what-if options through the CLI (sweep, pad, compare, target, optimal mulligan, cards,
plot), and the optional extras: without NumPy or Matplotlib an answer that needs one says
how to install it, and the default report needs neither."""

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

CATALYST = str(ROOT / "data" / "examples" / "sg-catalyst.txt")
FAUST = str(ROOT / "tests" / "fixtures" / "simulate" / "faust-valencia.txt")


def run(*args: str) -> Result:
    return CliRunner().invoke(app, ["simulate", *args, "--offline", "--seed", "1"])


def test_sweep_side_by_side_with_the_change() -> None:
    result = run(CATALYST, "econ>=1 & breaker>=1", "--sweep", "Sure Gamble=1..3")
    assert result.exit_code == ExitCode.OK, result.stderr
    out = result.stdout
    assert "copy counts" in out and "1 copies" in out and "3 copies" in out
    assert "mean first met" in out and "3 copies against 1" in out and "turns" in out
    doc = json.loads(run(CATALYST, "killer>=1", "--sweep", "killer=1..2",
                         "--output-format", "json").stdout)  # fmt: skip
    assert doc["comparison"] == "sweep" and [v["label"] for v in doc["variants"]] == [
        "1 killer",
        "2 killer",
    ]
    rows = list(csv.DictReader(io.StringIO(run(CATALYST, "killer>=1", "--pad", "5",
                                               "--output-format", "csv").stdout)))  # fmt: skip
    assert {r["variant"] for r in rows} == {"30 cards", "35 cards"}


def test_pad_and_compare() -> None:
    padded = run(CATALYST, "breaker>=1", "--pad", "15")
    assert padded.exit_code == ExitCode.OK, padded.stderr
    assert "30 cards" in padded.stdout and "45 cards" in padded.stdout
    compared = run(CATALYST, "--compare", FAUST)
    assert compared.exit_code == ExitCode.OK, compared.stderr
    assert "two decklists" in compared.stdout and "Full rig" in compared.stdout
    corp = ROOT / "tests" / "fixtures" / "simulate" / "gfi-corp.txt"
    wrong = run(CATALYST, "--compare", str(corp))
    assert wrong.exit_code == ExitCode.USAGE and "same side" in wrong.stderr


def test_target_and_optimal_mulligan() -> None:
    target = run(CATALYST, "--target", "breaker>=1>=90%@T1")
    assert target.exit_code == ExitCode.OK, target.stderr
    assert "Fewest breaker for" in target.stdout and "breaker>=1 in" in target.stdout
    assert "90% of games by T1" in target.stdout
    assert "fewest: " in target.stdout
    two = run(CATALYST, "--target", "econ>=1 & breaker>=1>=90%@T1")
    assert two.exit_code == ExitCode.USAGE and "--sweep" in two.stderr
    optimal = run(CATALYST, "--optimal-mulligan", "econ>=1 & breaker>=1@T2")
    assert optimal.exit_code == ExitCode.OK, optimal.stderr
    [rule] = [line.strip() for line in optimal.stdout.splitlines() if "rule:" in line]
    assert rule.startswith("rule: keep a hand") and "1 econ and 1 breaker" in rule
    assert "never mulliganing" in optimal.stdout and "with the rule (+" in optimal.stdout
    csv_out = run(CATALYST, "--optimal-mulligan", "killer>=1@T1", "--output-format", "csv")
    assert csv_out.exit_code == ExitCode.USAGE and "json" in csv_out.stderr


def test_cards_report() -> None:
    result = run(CATALYST, "--report", "cards")
    assert result.exit_code == ExitCode.OK, result.stderr
    assert "At least one copy" in result.stdout  # the table's title
    line = next(x for x in result.stdout.splitlines() if x.strip().startswith("Sure Gamble"))
    assert line.split()[2:] == ["3", "43.3%", "50.1%", "56.4%", "62.1%"]


@pytest.mark.parametrize("suffix", ["svg", "png"])
def test_plot_file(tmp_path: Path, suffix: str) -> None:
    path = tmp_path / f"odds.{suffix}"
    result = run(CATALYST, "econ>=1 & breaker>=1", "killer>=1", "--plot", str(path))
    assert result.exit_code == ExitCode.OK, result.stderr
    head = path.read_bytes()[:200]
    assert (b"<svg" in head or b"<?xml" in head) if suffix == "svg" else head[:4] == b"\x89PNG"
    bad = run(CATALYST, "killer>=1", "--plot", str(tmp_path / "odds.gif"))
    assert bad.exit_code == ExitCode.USAGE and ".svg or .png" in bad.stderr


def _without(module: str, *args: str) -> subprocess.CompletedProcess[str]:
    code = (
        f"import sys; sys.modules[{module!r}] = None; sys.argv = ['nrdeck', *sys.argv[1:]]; "
        "from nrdeck.__main__ import main; main()"
    )
    return subprocess.run(
        [sys.executable, "-c", code, "simulate", *args, "--offline", "--seed", "1"],
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_without_numpy_exact_works_and_monte_carlo_says_how_to_install() -> None:
    default = _without("numpy", CATALYST)
    assert default.returncode == 0, default.stderr
    assert "Economy and breakers" in default.stdout
    mc = _without("numpy", CATALYST, "killer>=1", "--method", "mc")
    assert mc.returncode == ExitCode.USAGE
    assert "needs NumPy" in mc.stderr and "pip install" in mc.stderr
    assert "'.[simulate]'" in mc.stderr  # the extra to install
    assert "nrdeck[" not in mc.stderr  # nrdeck is not on PyPI: the clone's extra, or numpy
    assert "Traceback" not in mc.stderr


def test_without_matplotlib_plot_says_how_to_install(tmp_path: Path) -> None:
    result = _without("matplotlib", CATALYST, "killer>=1", "--plot", str(tmp_path / "x.svg"))
    assert result.returncode == ExitCode.USAGE
    assert "pip install '.[plot]'" in result.stderr and "nrdeck[" not in result.stderr


# what simulate's default report never needs: the what-if questions, variants of the deck,
# sample hands, the table by title, comparisons, exact fractions
ON_DEMAND = (
    "nrdeck.sim.answers.questions", "nrdeck.sim.answers.variants", "nrdeck.sim.answers.sample",
    "nrdeck.sim.answers.cards", "nrdeck.report.simulation.questions",
    "nrdeck.report.simulation.compare", "fractions",
)  # fmt: skip


def test_default_report_imports_neither_numpy_nor_rich_when_piped() -> None:
    code = (
        "import sys; sys.argv = ['nrdeck', 'simulate', sys.argv[1], '--offline']\n"
        "from nrdeck.__main__ import main\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        f"print(sorted(m for m in {(*ON_DEMAND, 'numpy', 'rich')!r} if m in sys.modules),"
        " file=sys.stderr)"
    )
    out = subprocess.run([sys.executable, "-c", code, CATALYST], capture_output=True, text=True)
    loaded = out.stderr.strip().splitlines()[-1]
    assert "numpy" not in loaded, f"{broken('No NumPy or simulator on a check')}: {loaded}"
    assert "rich" not in loaded, f"{broken('No Rich for a plain report')}: {loaded}"
    rule = "simulate's default report loads no what-if machinery"
    assert loaded == "[]", f"{broken(rule)}: {loaded}"


def test_every_simulate_option_is_on_the_simulate_page() -> None:
    import re

    from nrdeck.cli.simulate import simulate
    from nrdeck.sim.ask.request import DEFAULT_EXACT_BUDGET

    section = (ROOT / "docs" / "simulate.md").read_text("utf-8")
    help_text = CliRunner().invoke(app, ["simulate", "--help"]).stdout
    options = set(re.findall(r"--[a-z][a-z-]+", help_text)) - {"--help"}
    common = {"--offline", "--data", "--cache-dir", "--api-url", "--color", "--debug",
              "--input-format"}  # fmt: skip
    missing = sorted(o for o in options - common if o not in section)
    assert not missing, missing
    budget = simulate.__wrapped__.__defaults__  # type: ignore[attr-defined]
    assert DEFAULT_EXACT_BUDGET in budget  # the CLI's default is the core's
