"""A run over many decks is written deck by deck, and reads as the same report held whole.

``nrdeck check`` writes each deck's result as it is checked (text, GitHub, JSON) or keeps
only its rendered testcase until the counts are known (JUnit): every format gives, byte for
byte, what its reporter renders from the Python API's whole ``CheckReport``; the JUnit
document is valid with the right counts; ``-o`` replaces the file only once the report is
whole; a reader that goes away mid-run ends it with 141 and no summary.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import pytest
import xmlschema
from typer.testing import CliRunner, Result

import nrdeck.app.check
import nrdeck.cli.output
from nrdeck import check_paths
from nrdeck.cli import app
from nrdeck.cli.settings import report_places
from nrdeck.errors import ExitCode
from nrdeck.report.check import REPORTER_BY_NAME, ReportOptions
from nrdeck.report.check.common import problems_of
from nrdeck.report.styled import Styled
from nrdeck.results.check import CheckReport
from nrdeck.results.outcome import Status
from tests.acceptance.check.words import skipped
from tests.paths import EXAMPLES, FIXTURES

DECKS = sorted(EXAMPLES.glob("*.txt"))  # legal, illegal, misspelt, in German, …
MANY = 12 * len(DECKS)
XSD = FIXTURES / "junit" / "junit-10.xsd"
NOTES = "Try the new ice suite on Thursday.\n"  # a file of the folder that is no decklist


def run(*args: str) -> Result:
    return CliRunner().invoke(app, ["check", *args])


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Many decks of every kind, a file with no card line among them, an unreadable one."""
    root = tmp_path_factory.mktemp("many")
    for i in range(MANY):
        shutil.copy(DECKS[i % len(DECKS)], root / f"deck{i:03}.txt")
    (root / "deck040-notes.txt").write_text(NOTES, encoding="utf-8")
    (root / "deck041-binary.txt").write_bytes(b"\x00\xff\xfe" * 40)
    return root


@pytest.fixture(scope="module")
def report(folder: Path) -> CheckReport:
    return check_paths(folder, offline=True)


def whole(report: CheckReport, output_format: str, **options: bool) -> str:
    """What the reporter renders from the report held whole."""
    rendered = REPORTER_BY_NAME[output_format].render(
        report, ReportOptions(**options, **report_places())
    )
    return rendered.plain() if isinstance(rendered, Styled) else rendered


@pytest.mark.parametrize("output_format", ["text", "github", "json", "junit"])
def test_a_streamed_report_is_the_report_held_whole(
    folder: Path, report: CheckReport, output_format: str
) -> None:
    result = run(str(folder), "--offline", "--output-format", output_format)
    assert result.exit_code == ExitCode.ILLEGAL, result.stderr
    assert len(report.outcomes) == MANY + 1  # the binary file is reported, the notes skipped
    assert result.stdout == whole(report, output_format)
    summary = result.stderr.splitlines()[-1]
    assert summary.startswith(f"{MANY + 1} decks: {report.count(Status.LEGAL)} legal, ")


def test_quiet_and_verbose_streams_are_the_reports_held_whole(
    folder: Path, report: CheckReport
) -> None:
    quiet = run(str(folder), "--offline", "-q")
    assert quiet.stdout == whole(report, "text", quiet=True)
    assert "decks:" not in quiet.stderr  # no summary with -q
    verbose = run(str(folder), "--offline", "-v")
    assert verbose.stdout == whole(report, "text", verbose=True)


def test_text_blocks_come_in_the_order_of_the_files(folder: Path) -> None:
    result = run(str(folder), "--offline")
    verdicts = [line for line in result.stdout.splitlines() if line[:2] in ("✓ ", "✗ ")]
    named = [line[2:].split(" ", 1)[0] for line in verdicts]
    assert named == sorted(named) and len(named) == MANY + 1


def test_github_writes_one_line_per_problem(folder: Path, report: CheckReport) -> None:
    result = run(str(folder), "--offline", "--output-format", "github")
    lines = result.stdout.splitlines()
    assert len(lines) == sum(len(problems_of(o)) for o in report.outcomes) > MANY
    assert all(line.startswith(("::error ", "::warning ")) for line in lines)


def test_junit_of_many_decks_is_valid_with_the_right_counts(
    folder: Path, report: CheckReport
) -> None:
    result = run(str(folder), "--offline", "--output-format", "junit")
    xmlschema.XMLSchema(str(XSD)).validate(result.stdout)
    illegal = report.count(Status.ILLEGAL)
    counts = {"name": "nrdeck check", "tests": str(MANY + 1), "failures": str(illegal)}
    counts["errors"] = "0"
    root = ElementTree.fromstring(result.stdout.split("\n", 1)[1])
    for element in (root, root.find("testsuite")):
        assert element is not None and {k: element.get(k) for k in counts} == counts
    assert result.stdout.count("<testcase ") == MANY + 1


def test_junit_testcases_held_past_memory_go_through_a_temp_file(
    folder: Path, report: CheckReport, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(nrdeck.cli.output, "HELD_IN_MEMORY", 2_000)
    monkeypatch.setattr(nrdeck.cli.output, "HELD_CHUNK", 1_000)
    result = run(str(folder), "--offline", "--output-format", "junit")
    assert result.stdout == whole(report, "junit")


def test_skipped_files_are_noted_on_stderr_in_order_and_held_with_quiet(folder: Path) -> None:
    result = run(str(folder), "--offline")
    notes = [line for line in result.stderr.splitlines() if line.startswith("nrdeck: note:")]
    assert list(skipped(result.stderr)) == [str(folder / "deck040-notes.txt")] and len(notes) == 1
    assert "card line" in skipped(result.stderr)[str(folder / "deck040-notes.txt")]  # why
    assert "nrdeck: note:" not in run(str(folder), "--offline", "-q").stderr


@pytest.mark.parametrize("output_format", ["text", "junit"])
def test_output_file_is_replaced_only_once_the_report_is_whole(
    folder: Path,
    report: CheckReport,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    output_format: str,
) -> None:
    target = tmp_path / "report.out"
    target.write_text("the previous report\n", encoding="utf-8")
    seen: list[str] = []
    real = nrdeck.app.check.read_and_check

    def watching(*args: Any, **kwargs: Any) -> Any:
        seen.append(target.read_text(encoding="utf-8"))
        return real(*args, **kwargs)

    monkeypatch.setattr(nrdeck.app.check, "read_and_check", watching)
    result = run(str(folder), "--offline", "--output-format", output_format, "-o", str(target))
    assert result.exit_code == ExitCode.ILLEGAL and result.stdout == ""
    assert set(seen) == {"the previous report\n"} and len(seen) == MANY + 2
    assert target.read_text(encoding="utf-8") == whole(report, output_format)
    assert [p.name for p in tmp_path.iterdir()] == [target.name]  # no temp file left


def test_an_output_refused_at_the_end_leaves_the_file_and_no_temp_file(folder: Path) -> None:
    target = folder / "deck000.txt"  # found by the folder search, read as a deck
    before = target.read_bytes()
    result = run(str(folder), "--offline", "-o", str(target))
    assert result.exit_code == ExitCode.USAGE
    assert "an input of this run" in result.stderr and "decks:" not in result.stderr
    assert target.read_bytes() == before
    assert not [p for p in folder.iterdir() if p.name.startswith(".")]


@pytest.mark.parametrize("output_format", ["text", "json"])
def test_a_reader_gone_mid_run_ends_it_with_141_and_no_summary(
    folder: Path, output_format: str
) -> None:
    args = ["check", str(folder), "--offline", "--output-format", output_format]
    proc = subprocess.Popen(
        [sys.executable, "-m", "nrdeck", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stderr is not None
    assert proc.stdout.readline()  # the first deck arrives before the run is over
    proc.stdout.close()
    err = proc.stderr.read().decode("utf-8", "replace")
    proc.stderr.close()
    assert proc.wait(timeout=120) == 141
    assert "decks:" not in err and "Traceback" not in err and "internal error" not in err
