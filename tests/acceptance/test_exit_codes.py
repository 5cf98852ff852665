"""Every command into every documented failure, with the status docs/reference/exit-codes.md
promises: a usage error 2, NetrunnerDB or Cobra out of reach 3, a bug 4, Ctrl-C 130, and a
standard output closed by its reader 141, after which nothing more is printed.

A bug and Ctrl-C are raised from the use case each command calls (``FAULT_POINTS``); the
network is a loopback port nothing listens on (the suite never leaves 127.0.0.1); a closed
pipe is a real one, its reader gone before the command writes.
"""

from __future__ import annotations

import importlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from nrdeck.cli import app
from nrdeck.errors import ExitCode
from tests.acceptance.test_cli_contract import _commands
from tests.paths import EXAMPLES, ROOT, SHARED

BROKEN_PIPE = 141
UUID = "7a6b0d6e-1111-4000-8000-000000000000"
NOWHERE = "http://127.0.0.1:9"  # a loopback port nothing listens on: refused at once
CARDS_JSON = SHARED / "netrunner-cards-json"
BUNDLED = ROOT / "data" / "cards.json"

# command -> (module, attribute) of the use case it calls: where a bug or Ctrl-C is raised
FAULT_POINTS: dict[tuple[str, ...], tuple[str, str]] = {
    ("check",): ("nrdeck.cli.check", "CheckStream"),
    ("stats",): ("nrdeck.app.stats", "deck_stats"),
    ("timeline",): ("nrdeck.cli.timeline", "deck_timeline"),
    ("card",): ("nrdeck.cli.card", "card_history"),
    ("simulate",): ("nrdeck.cli.simulate", "run_simulation"),
    ("event",): ("nrdeck.cli.event", "event_run"),
    ("diff",): ("nrdeck.cli.diff", "diff_run"),
    ("convert",): ("nrdeck.cli.convert", "convert_run"),
    ("data", "update"): ("nrdeck.cli.data", "update_cache"),
    ("data", "import"): ("nrdeck.cli.data", "import_folder"),
    ("data", "build"): ("nrdeck.cli.data", "build_snapshot"),
    ("data", "compare"): ("nrdeck.cli.data", "compare_documents"),
    ("data", "status"): ("nrdeck.cli.data", "status_run"),
    ("data", "periods"): ("nrdeck.cli.data", "list_periods"),
    ("data", "path"): ("nrdeck.cli.data", "cache_folder"),
    ("data", "clear"): ("nrdeck.cli.data", "clear_cache"),
    ("serve",): ("nrdeck.app.serve.service", "event_settings"),
}
# command -> arguments that run it successfully from the scratch folder
RUNS: dict[tuple[str, ...], list[str]] = {
    ("check",): ["zahya.txt", "hb.txt", "--offline"],
    ("stats",): ["zahya.txt", "--offline"],
    ("timeline",): ["zahya.txt", "--offline"],
    ("card",): ["Hedge Fund", "--offline"],
    ("simulate",): ["zahya.txt", "--offline", "--seed", "1"],
    ("event",): ["roster.csv", "--offline"],
    ("diff",): ["zahya.txt", "hb.txt", "--offline"],
    ("convert",): ["zahya.txt", "--to", "o8d", "--offline"],
    ("data", "update"): [],
    ("data", "import"): ["cards-json"],
    ("data", "build"): ["--from", "cards-json", "--out", "built.json"],
    ("data", "compare"): [str(BUNDLED), str(BUNDLED)],
    ("data", "status"): [],
    ("data", "periods"): ["--format", "startup", "--as-of", "2026-03-20"],
    ("data", "path"): [],
    ("data", "clear"): [],
    ("serve",): ["--format", "startup", "--offline", "--port", "0"],
}
# command -> arguments that need NetrunnerDB (or Cobra) when it cannot be reached; the
# others never use the network, and say so here
NETWORK: dict[tuple[str, ...], list[str] | str] = {
    ("check",): [UUID],
    ("stats",): [UUID],
    ("timeline",): [UUID],
    ("card",): "reads card data only (cache or bundled), never the network",
    ("simulate",): [UUID],
    ("event",): ["roster.csv", "--cobra", "5871", "--cobra-url", NOWHERE],
    ("diff",): ["zahya.txt", f"https://netrunnerdb.com/en/decklist/{UUID}"],
    ("convert",): [UUID, "--to", "text"],
    ("data", "update"): ["--api-url", f"{NOWHERE}/api/v3/public"],
    ("data", "import"): "reads a local netrunner-cards-json checkout",
    ("data", "build"): "reads a local netrunner-cards-json checkout",
    ("data", "compare"): "compares two card data files on disk",
    ("data", "status"): "describes the card data on disk",
    ("data", "periods"): "reads card data only (cache or bundled)",
    ("data", "path"): "names a folder",
    ("data", "clear"): "removes a folder",
    ("serve",): ["--cobra", "5871", "--cobra-url", NOWHERE],
}
# command -> a usage error of its own (beyond an unknown option, which every command gets)
USAGE: dict[tuple[str, ...], list[str]] = {
    ("check",): ["missing.txt"],
    ("stats",): ["missing.txt"],
    ("timeline",): ["missing.txt"],
    ("card",): ["No Such Card Anywhere"],
    ("simulate",): ["zahya.txt", "econ>>1"],
    ("event",): ["missing.csv"],
    ("diff",): ["zahya.txt", "missing.txt"],
    ("convert",): ["zahya.txt", "--to", "nothing"],
    ("data", "update"): ["--api-url", "not a url"],
    ("data", "import"): ["missing-folder"],
    ("data", "build"): ["--from", "missing-folder", "--out", "x.json"],
    ("data", "compare"): ["missing.json", "other.json"],
    ("data", "status"): ["--data", "missing.json"],
    ("data", "periods"): ["--format", "nothing"],
    ("data", "path"): ["extra-argument"],
    ("data", "clear"): ["extra-argument"],
    ("serve",): ["--format", "nothing", "--offline"],
}
# commands whose output goes to standard output (data update, import and clear only report
# on standard error; data build writes its --out file and the titles beside it)
REPORT_ON_STDERR = {("data", "update"), ("data", "import"), ("data", "clear"), ("data", "build")}
REPORT_ON_STDERR.add(("serve",))  # it answers requests; it logs on standard error
WRITES_STDOUT = [c for c in FAULT_POINTS if c not in REPORT_ON_STDERR]


@pytest.fixture
def scratch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder with a legal and an illegal deck, a roster of them, and (when ../shared has
    one) a netrunner-cards-json checkout; the commands run from it."""
    shutil.copy(EXAMPLES / "standard-zahya.txt", tmp_path / "zahya.txt")
    shutil.copy(EXAMPLES / "illegal-standard.txt", tmp_path / "hb.txt")
    roster = "player,corp,runner\nAna,hb.txt,zahya.txt\n"
    (tmp_path / "roster.csv").write_text(roster, encoding="utf-8")
    if (CARDS_JSON / "v2").is_dir():
        (tmp_path / "cards-json").symlink_to(CARDS_JSON)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("NRDECK_HTTP_RETRIES", "0")
    monkeypatch.setenv("NRDECK_COBRA_URL", NOWHERE)
    return tmp_path


def run(command: tuple[str, ...], args: list[str]) -> Result:
    return CliRunner().invoke(app, [*command, *args])


def _ids(command: tuple[str, ...]) -> str:
    return " ".join(command)


def test_the_tables_name_every_command() -> None:
    commands = set(_commands())
    for table in (FAULT_POINTS, RUNS, NETWORK, USAGE):
        assert set(table) == commands - {("data",)}  # a group, not a command


@pytest.mark.parametrize("command", list(FAULT_POINTS), ids=_ids)
def test_a_usage_error_is_2(scratch: Path, command: tuple[str, ...]) -> None:
    unknown = run(command, ["--no-such-option"])
    assert unknown.exit_code == ExitCode.USAGE, unknown.output
    result = run(command, USAGE[command])
    assert result.exit_code == ExitCode.USAGE, result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize("command", list(FAULT_POINTS), ids=_ids)
def test_netrunnerdb_or_cobra_out_of_reach_is_3(scratch: Path, command: tuple[str, ...]) -> None:
    args = NETWORK[command]
    if isinstance(args, str):
        assert args  # the reason it never reaches the network
        return
    result = run(command, args)
    assert result.exit_code == ExitCode.UNAVAILABLE, result.output
    assert "cannot connect" in result.output or "could not reach" in result.output
    assert "Traceback" not in result.output


def _fault(monkeypatch: pytest.MonkeyPatch, command: tuple[str, ...], error: BaseException) -> None:
    module, name = FAULT_POINTS[command]

    def failing(*args: object, **kwargs: object) -> None:
        raise error

    target = importlib.import_module(module)
    assert callable(getattr(target, name)), (module, name)
    monkeypatch.setattr(target, name, failing)


@pytest.mark.parametrize("command", list(FAULT_POINTS), ids=_ids)
def test_a_bug_is_4_in_one_line(
    scratch: Path, monkeypatch: pytest.MonkeyPatch, command: tuple[str, ...]
) -> None:
    if command in {("data", "import"), ("data", "build")} and not (scratch / "cards-json").exists():
        pytest.skip("../shared/netrunner-cards-json is absent")
    _fault(monkeypatch, command, RuntimeError("a planted bug"))
    result = run(command, RUNS[command])
    assert result.exit_code == ExitCode.INTERNAL, result.output
    said = result.stderr.splitlines()[-1]
    assert said.startswith("nrdeck: internal error: ") and "RuntimeError" in said
    assert "a planted bug" in said and "--debug" in said  # what happened, what to do
    assert "Traceback" not in result.output


@pytest.mark.parametrize("command", list(FAULT_POINTS), ids=_ids)
def test_ctrl_c_is_130_in_one_line(
    scratch: Path, monkeypatch: pytest.MonkeyPatch, command: tuple[str, ...]
) -> None:
    if command in {("data", "import"), ("data", "build")} and not (scratch / "cards-json").exists():
        pytest.skip("../shared/netrunner-cards-json is absent")
    _fault(monkeypatch, command, KeyboardInterrupt())
    result = run(command, RUNS[command])
    assert result.exit_code == ExitCode.INTERRUPTED, result.output
    assert result.stderr.splitlines()[-1] == "nrdeck: interrupted"


def _process(args: list[str], cwd: Path, closed: bool) -> tuple[int, str, str]:
    """Run nrdeck; ``closed``: with a standard output whose reader has already gone."""
    command = [sys.executable, "-m", "nrdeck", *args]
    env = {**os.environ, "NRDECK_HTTP_RETRIES": "0"}
    if not closed:
        done = subprocess.run(
            command, cwd=cwd, env=env, capture_output=True, stdin=subprocess.DEVNULL, timeout=120
        )
        out, err = (s.decode("utf-8", "replace") for s in (done.stdout, done.stderr))
        return done.returncode, out, err
    with subprocess.Popen(
        command, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    ) as proc:
        assert proc.stdout is not None and proc.stderr is not None
        proc.stdout.close()
        err = proc.stderr.read().decode("utf-8", "replace")
        return proc.wait(timeout=120), "", err


@pytest.mark.parametrize("command", WRITES_STDOUT, ids=_ids)
def test_a_closed_pipe_is_141_and_nothing_more_is_printed(
    scratch: Path, command: tuple[str, ...]
) -> None:
    args = RUNS[command]
    whole = _process([*command, *args], scratch, closed=False)
    assert whole[1], f"{command} writes its result to standard output"
    status, _, err = _process([*command, *args], scratch, closed=True)
    assert status == BROKEN_PIPE, err
    assert whole[2].startswith(err), "printed something after standard output was closed"
    assert "Traceback" not in err and "error" not in err.replace(whole[2], "")


def test_a_long_report_into_head_is_141_without_the_summary(tmp_path: Path) -> None:
    """`nrdeck check decks/ | head -1`: the reader leaves in the middle of a long report."""
    for number in range(300):
        shutil.copy(EXAMPLES / "illegal-standard.txt", tmp_path / f"deck{number:03}.txt")
    script = f'"{sys.executable}" -m nrdeck check decks --offline | head -1'
    (tmp_path / "decks").mkdir()
    for deck in tmp_path.glob("deck*.txt"):
        deck.rename(tmp_path / "decks" / deck.name)
    proc = subprocess.run(
        ["bash", "-c", script + '; echo "status=${PIPESTATUS[0]}" >&2'],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert proc.stdout.startswith("✗ decks/deck000.txt · ")  # the report's first line
    assert proc.stderr.splitlines()[-1] == f"status={BROKEN_PIPE}", proc.stderr
    assert "300 decks" not in proc.stderr  # no summary after the reader left


def test_data_build_refuses_standard_output_it_cannot_write_two_files_to(scratch: Path) -> None:
    result = run(("data", "build"), ["--from", "cards-json", "--out", "-"])
    assert result.exit_code == ExitCode.USAGE
    assert "three files" in result.stderr and "titles and catalogue" in result.stderr
    assert not (scratch / "-").exists()
