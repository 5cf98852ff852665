"""Hostile and faulty input never costs the other decks of a run (docs/checking-decks.md: "Bad
input never stops a run"): whatever happens while one deck is read or checked is that deck's
outcome.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
from pytest_httpserver import HTTPServer
from typer.testing import CliRunner, Result

import nrdeck.report
from nrdeck.app.inputs import decks as decks_module
from nrdeck.cli import app
from nrdeck.decklist.nrdb_url import cache_path
from nrdeck.errors import ExitCode
from tests.acceptance.check.words import lines_with, plain, summary, tally
from tests.fakes.deck_cache import UNREACHABLE_V2
from tests.paths import ROOT, assert_golden_cases

LEGAL = str(ROOT / "data" / "examples" / "standard-zahya.txt")
SCHEMA = json.loads(
    (Path(nrdeck.report.__file__).parent / "check-v1.schema.json").read_text(encoding="utf-8")
)
UUID = "7a6b0d6e-0000-4000-8000-00000000dead"
DEEP_JSON = "[" * 100_000 + "]" * 100_000
needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")


def run(*args: str, input: str | bytes | None = None) -> Result:
    return CliRunner().invoke(app, ["check", *args], input=input)


def problems(result: Result | subprocess.CompletedProcess[str]) -> list[list[tuple[str, str]]]:
    """Each deck's problems of a JSON report: code and message."""
    doc = json.loads(result.stdout)
    return [[(p["code"], p["message"]) for p in deck["problems"]] for deck in doc["decks"]]


def usage_error(result: Result | subprocess.CompletedProcess[str]) -> str:
    """The one line of a usage error (exit 2); its words are in the golden file."""
    status = result.exit_code if isinstance(result, Result) else result.returncode
    assert status == ExitCode.USAGE, result.stdout
    [line] = result.stderr.splitlines()
    assert line.startswith("nrdeck: error: ") and result.stdout == ""
    return line


def nrdeck(*args: str, timeout: float = 120, **kwargs: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "nrdeck", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=timeout,
        check=False,
        **kwargs,  # type: ignore[arg-type]
    )


BUG = "a bug in a reader"  # what the injected fault raises


def test_a_bug_on_one_deck_is_that_decks_internal_error_and_the_run_exits_4(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("3 Hedge Fund\n", encoding="utf-8")
    real = decks_module.parse_text

    def parse(text: str, source: str, input_format: str | None = None) -> object:
        if source == str(bad):
            raise ZeroDivisionError(BUG)
        return real(text, source, input_format)

    monkeypatch.setattr(decks_module, "parse_text", parse)
    result = run(str(bad), LEGAL, "--offline")
    assert result.exit_code == ExitCode.INTERNAL
    lines = result.stdout.splitlines()
    assert lines[0] == f"✗ {bad} · internal error"
    assert lines[1].startswith("  ✗ internal-error: ")
    assert f"(ZeroDivisionError: {BUG})" in lines[1]  # the bug, as raised
    assert "please report it" in lines[1]  # what to do
    assert f"✓ {LEGAL} · Zahya Sadeghi" in result.stdout  # the other deck is still reported
    # the last line, after a warning that the bundled data is old
    assert result.stderr.splitlines()[-1].startswith("2 decks: ")
    assert tally(result.stderr) == (2, 1, 1) and summary(result.stderr)["internal errors"] == 1
    assert "Traceback" not in result.stdout + result.stderr

    doc = json.loads(run(str(bad), LEGAL, "--offline", "--output-format", "json").stdout)
    jsonschema.validate(doc, SCHEMA)
    assert doc["summary"]["internal_errors"] == 1 and doc["summary"]["legal"] == 1
    assert doc["decks"][0]["problems"][0]["code"] == "internal-error"

    debug = run(str(bad), LEGAL, "--offline", "--debug")
    assert debug.exit_code == ExitCode.INTERNAL
    assert "Traceback" in debug.stderr and "ZeroDivisionError" in debug.stderr
    assert f"✓ {LEGAL}" in debug.stdout


def test_deeply_nested_json_beside_a_good_deck(tmp_path: Path) -> None:
    """The reproduction: the JSON deck is that deck's parse-error, the good deck is checked."""
    bad = tmp_path / "bad.json"
    bad.write_text(DEEP_JSON + "\n", encoding="utf-8")
    result = run(str(bad), LEGAL, "--offline", "--output-format", "json")
    doc = json.loads(result.stdout)
    jsonschema.validate(doc, SCHEMA)
    good = doc["decks"][1]
    assert good["source"] == LEGAL and good["legal"] is True
    codes = {p["code"] for p in doc["decks"][0]["problems"]}
    assert result.exit_code == ExitCode.ILLEGAL and "parse-error" in codes


@pytest.mark.parametrize(
    "payload", [DEEP_JSON, '{"cards": {"01001": ' + "9" * 5000 + "}}"], ids=["deep", "huge-int"]
)
def test_hostile_json_on_standard_input_never_loses_the_report(payload: str) -> None:
    result = run("-", LEGAL, "--offline", "--output-format", "json", input=payload)
    doc = json.loads(result.stdout)
    assert [d["source"] for d in doc["decks"]] == ["-", LEGAL]
    assert [d["legal"] for d in doc["decks"]] == [False, True]
    assert result.exit_code == ExitCode.ILLEGAL


def test_a_deck_argument_too_long_for_a_file_name_is_read_as_decklist_text() -> None:
    text = "Zahya Sadeghi: Versatile Smuggler " + "3 Sure Gamble " * 40
    result = run(text, LEGAL, "--offline")
    assert result.exit_code == ExitCode.ILLEGAL, result.stderr
    first = result.stdout.splitlines()[0]
    source = first.removeprefix("✗ ").split(" · ")[0]  # named by its first words, cut short
    assert source.startswith("(decklist text: ") and source.endswith("…)")
    assert "Zahya Sadeghi" in source
    assert f"✓ {LEGAL}" in result.stdout
    assert "File name too long" not in result.stdout + result.stderr


def test_a_multi_line_deck_argument_is_read_as_decklist_text() -> None:
    text = Path(LEGAL).read_text(encoding="utf-8")
    result = run(text, "--offline", "--output-format", "json")
    assert result.exit_code == ExitCode.OK, result.stdout
    deck = json.loads(result.stdout)["decks"][0]
    assert deck["origin"] == "text" and deck["legal"] is True
    assert deck["source"].startswith("(decklist text: ")


@needs_fifo
def test_a_fifo_as_deck_is_refused_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "deck.txt"
    os.mkfifo(fifo)
    proc = nrdeck("check", str(fifo), LEGAL, "--offline")  # a FIFO opened would never end
    assert proc.returncode == ExitCode.ILLEGAL, proc.stderr
    assert f"{fifo} is not a regular file" in proc.stdout
    assert f"✓ {LEGAL}" in proc.stdout


@needs_fifo
def test_a_fifo_a_glob_matches_is_refused_not_dropped(tmp_path: Path) -> None:
    shutil.copy(LEGAL, tmp_path / "a.txt")
    os.mkfifo(tmp_path / "b.txt")
    proc = nrdeck("check", str(tmp_path / "*.txt"), "--offline")
    assert proc.returncode == ExitCode.ILLEGAL, proc.stderr
    assert f"{tmp_path / 'b.txt'} is not a regular file" in proc.stdout
    assert tally(proc.stderr) == (2, 1, 1)


def test_a_device_as_deck_is_refused_unread() -> None:
    if not os.path.exists("/dev/zero"):
        pytest.skip("no /dev/zero")
    result = run("/dev/zero", LEGAL, "--offline", "--output-format", "json")
    assert result.exit_code == ExitCode.ILLEGAL
    [(code, said)], good = problems(result)
    assert code == "parse-error" and said.startswith("/dev/zero ")
    assert "not a regular file" in said
    assert good == []


@needs_fifo
def test_a_fifo_in_a_folder_is_skipped_with_a_note_unopened(tmp_path: Path) -> None:
    shutil.copy(LEGAL, tmp_path / "zahya.txt")
    os.mkfifo(tmp_path / "pipe.txt")
    proc = nrdeck("check", str(tmp_path), "--offline")
    assert proc.returncode == ExitCode.OK, proc.stdout + proc.stderr
    [note] = lines_with(proc.stderr, "nrdeck: note: ")
    assert f" skipped {tmp_path / 'pipe.txt'}: " in note and "not a regular file" in note
    assert tally(proc.stderr) == (1, 1, 0)


def test_endless_standard_input_is_read_only_to_the_size_limit() -> None:
    if not os.path.exists("/dev/zero"):
        pytest.skip("no /dev/zero")
    with open("/dev/zero", "rb") as zero:
        proc = nrdeck("check", "-", "--offline", "--output-format", "json", stdin=zero)
    assert proc.returncode == ExitCode.ILLEGAL, proc.stderr
    [[(code, said)]] = problems(proc)
    assert code == "parse-error" and said.startswith("- is larger than 1 MiB")


PNG = b"\x89PNG\r\n\x1a\n\x00\x00\x00"


@pytest.mark.parametrize(
    ("data", "code", "words"),
    [
        (PNG, "parse-error", "binary file"),
        ("Zahya Sadeghi: Versatile Smuggler\n3x Déjà Vu\n".encode("cp1252"), "encoding", "cp1252"),
    ],
)
def test_standard_input_gets_the_file_guards(data: bytes, code: str, words: str) -> None:
    result = run("-", "--offline", "--output-format", "json", input=data)
    assert result.exit_code == ExitCode.ILLEGAL
    [found] = [said for got, said in problems(result)[0] if got == code]
    assert found.startswith("- ") and words in found  # standard input, named '-'


def test_a_hostile_netrunnerdb_answer_is_that_decks_problem(
    httpserver: HTTPServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    httpserver.expect_request(f"/api/2.0/public/decklist/{UUID}").respond_with_data(
        DEEP_JSON, content_type="application/json"
    )
    monkeypatch.setenv("NRDECK_V2_URL", httpserver.url_for("/api/2.0/public"))
    monkeypatch.setenv("NRDECK_HTTP_RETRIES", "0")
    result = run(UUID, LEGAL, "--cache-dir", str(tmp_path), "--output-format", "json")
    assert result.exit_code == ExitCode.UNAVAILABLE, result.stdout
    [(code, said)], good = problems(result)
    assert code == "deck-unavailable" and "not JSON" in said  # what NetrunnerDB sent
    assert good == []


@pytest.mark.parametrize("payload", [DEEP_JSON, '{"data": [{"cards": {"01001": 1' + "9" * 5000])
def test_a_hostile_cached_deck_is_as_good_as_no_cached_copy(tmp_path: Path, payload: str) -> None:
    path = cache_path(tmp_path, "decklist", UUID, UNREACHABLE_V2)
    path.parent.mkdir(parents=True)
    path.write_text(payload + "}}]}", encoding="utf-8")
    result = run(UUID, LEGAL, "--offline", "--cache-dir", str(tmp_path), "--output-format", "json")
    assert result.exit_code == ExitCode.UNAVAILABLE, result.stdout
    [(code, said)], good = problems(result)
    assert code == "deck-unavailable" and "--offline" in said
    assert "is damaged" in said  # the copy is there, unreadable: said so
    assert good == []


def test_remote_deck_problems_carry_no_line_in_any_format(
    httpserver: HTTPServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    deck = {"id": 1, "uuid": UUID, "name": "One line", "cards": {"01001": 1, "99999": 3}}
    httpserver.expect_request(f"/api/2.0/public/decklist/{UUID}").respond_with_json(
        {"data": [deck], "success": True}
    )
    monkeypatch.setenv("NRDECK_V2_URL", httpserver.url_for("/api/2.0/public"))
    text = run(UUID, "--cache-dir", str(tmp_path))
    assert text.exit_code == ExitCode.ILLEGAL
    assert "(line " not in text.stdout
    doc = json.loads(run(UUID, "--cache-dir", str(tmp_path), "--output-format", "json").stdout)
    assert doc["decks"][0]["origin"] == "remote"
    assert {p["line"] for p in doc["decks"][0]["problems"]} == {None}
    github = run(UUID, "--cache-dir", str(tmp_path), "--output-format", "github").stdout
    assert github and "file=" not in github and "line=" not in github
    assert all(line.split("::", 2)[2].startswith(f"{UUID}: ") for line in github.splitlines())
    junit = run(UUID, "--cache-dir", str(tmp_path), "--output-format", "junit").stdout
    assert "(line " not in junit


@pytest.mark.parametrize(
    ("toml", "line", "key", "what"),
    [
        ("a = " + "[" * 5000 + "]" * 5000, 2, "a", "nested"),
        ("a = " + "{x = " * 3000 + "1" + "}" * 3000, 2, "a", "nested"),
        ("point_limit = " + "9" * 5000, 2, "point_limit", "digits"),
        ('b = "[[[["\nc = [' + "[" * 40, 3, "c", "nested"),
    ],
    ids=["deep-array", "deep-table", "huge-integer", "after-a-string"],
)
def test_a_hostile_format_file_is_a_usage_error_in_one_line(
    tmp_path: Path, toml: str, line: int, key: str, what: str
) -> None:
    league = tmp_path / "league.toml"
    league.write_text('name = "X"\n' + toml + "\n", encoding="utf-8")
    error = usage_error(run(LEGAL, "--offline", "--format-file", str(league)))
    assert error.startswith(f"nrdeck: error: {league}:{line}: ")  # where
    assert f": {key} " in error and what in error  # what is wrong there


@needs_fifo
def test_a_fifo_as_format_file_is_refused_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "league.toml"
    os.mkfifo(fifo)
    proc = nrdeck("check", LEGAL, "--offline", "--format-file", str(fifo))
    error = usage_error(proc)
    assert error.startswith(f"nrdeck: error: {fifo}: ") and "not a regular file" in error


def test_simulate_and_convert_guard_standard_input() -> None:
    for args in (["simulate", "-", "--offline"], ["convert", "-", "--to", "text", "--offline"]):
        result = CliRunner().invoke(app, args, input=PNG * 10)
        assert result.exit_code == ExitCode.ILLEGAL, (args, result.stdout)
        assert "- is a binary file" in result.stderr, args


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="a device among the cases")
def test_what_check_says_of_hostile_input_reads_as_the_golden_file_says(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # the decks named as a user names them, in any checkout
    shutil.copy(LEGAL, "zahya.txt")
    on = ("--offline", "--as-of", "2026-06-01")  # no warning that the data is old

    def said(*args: str, input: bytes | None = None) -> str:
        result = run(*args, *on, input=input)
        return plain(result.stdout + result.stderr, tmp_path)

    def league(toml: str) -> str:
        Path("league.toml").write_text(f'name = "X"\n{toml}\n', encoding="utf-8")
        return said("zahya.txt", "--format-file", "league.toml")

    cases = [
        ("standard input: binary", said("-", input=PNG)),
        (
            "standard input: not UTF-8",
            said("-", input="Zahya Sadeghi: Versatile Smuggler\n3x Déjà Vu\n".encode("cp1252")),
        ),
        ("standard input: larger than 1 MiB", said("-", input=b"x" * (1 << 20 | 1))),
        ("a deck not in the cache, --offline", said(UUID, "--cache-dir", str(tmp_path))),
        ("a format file nested too deep", league("a = " + "[" * 40 + "]" * 40)),
        ("a format file with a huge number", league("point_limit = " + "9" * 70)),
        ("a device", said("/dev/zero")),
    ]
    assert_golden_cases("messages/check-inputs.txt", cases, __file__)
