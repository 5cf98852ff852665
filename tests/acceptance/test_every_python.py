"""Behaviour never depends on the interpreter: nrdeck's own limits (how deep JSON may nest) and
the same bytes from `nrdeck data build` on every Python `requires-python` admits.

`.ci/run` runs the suite on each Python it finds and names the others in NRDECK_TEST_PYTHONS,
so the build is also compared across interpreters there (skipped, saying so, where no other
interpreter with nrdeck installed is named).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from nrdeck.cli import app
from nrdeck.errors import ExitCode
from nrdeck.jsondepth import MAX_JSON_DEPTH
from tests.paths import EXAMPLES

LEGAL = str(EXAMPLES / "standard-zahya.txt")


def _nested(depth: int) -> str:
    """A JSON document ``depth`` arrays deep, its deepest bracket on line 2."""
    return "[" * (depth - 1) + "\n[" + "]" * depth + "\n"


@pytest.mark.parametrize("depth", [MAX_JSON_DEPTH + 1, 1_000, 3_000, 100_000])
def test_a_json_deck_past_nrdecks_nesting_limit_is_refused_alike_on_every_python(
    tmp_path: Path, depth: int
) -> None:
    deck = tmp_path / "deep.json"
    deck.write_text(_nested(depth), encoding="utf-8")
    result = CliRunner().invoke(app, ["check", str(deck), LEGAL, "--offline"])
    assert result.exit_code == ExitCode.ILLEGAL, result.output
    said = " ".join(result.stdout.split())
    assert f"parse-error (line {1 if depth > MAX_JSON_DEPTH + 1 else 2})" in said
    assert "nested too deeply" in said and f"over {MAX_JSON_DEPTH} levels" in said
    assert "1 legal, 1 illegal" in result.stderr  # the other deck checked as ever


def test_json_at_nrdecks_limit_is_read(tmp_path: Path) -> None:
    deck = tmp_path / "deep.json"
    deck.write_text(_nested(MAX_JSON_DEPTH), encoding="utf-8")
    result = CliRunner().invoke(app, ["check", str(deck), "--offline", "--output-format", "json"])
    problems = json.loads(result.stdout)["decks"][0]["problems"]
    [unread] = [p["message"] for p in problems if p["code"] == "parse-error"]
    assert "nested too deeply" not in unread  # read, then not a deck's shape:
    assert "NetrunnerDB deck" in unread and "'cards'" in unread


@pytest.mark.parametrize("depth", [MAX_JSON_DEPTH + 1, 1_000])
def test_a_json_roster_past_the_limit_is_a_usage_error_on_every_python(
    tmp_path: Path, depth: int
) -> None:
    roster = tmp_path / "roster.json"
    roster.write_text(_nested(depth), encoding="utf-8")
    result = CliRunner().invoke(app, ["event", str(roster), "--offline"])
    assert result.exit_code == ExitCode.USAGE, result.output
    assert f"{roster}: " in result.stderr and "nested too deeply" in result.stderr


def _build(python: str, cards_json: Path, out: Path) -> bytes:
    proc = subprocess.run(
        [python, "-m", "nrdeck", "data", "build", "--from", str(cards_json), "--out", str(out)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"},
    )
    assert proc.returncode == 0, proc.stderr
    return out.read_bytes() + b"\0" + out.with_name("cards.titles.json").read_bytes()


def test_data_build_leaves_out_every_default(cards_json: Path, tmp_path: Path) -> None:
    """Python 3.10's tuple() of an empty generator is not `()`: `"face_titles":[]` was written."""
    out = tmp_path / "cards.json"
    result = CliRunner().invoke(
        app, ["data", "build", "--from", str(cards_json), "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    built = out.read_bytes()
    assert b'"face_titles":[]' not in built and b'"snapshots":[]' not in built


def _other_pythons() -> list[str]:
    named = os.environ.get("NRDECK_TEST_PYTHONS", "").split(os.pathsep)
    here = Path(sys.executable).resolve()
    return [
        p for p in named if p and shutil.which(p) and Path(shutil.which(p) or p).resolve() != here
    ]


def test_data_build_gives_the_same_bytes_on_another_python(
    cards_json: Path, tmp_path: Path
) -> None:
    others = _other_pythons()
    if not others:
        pytest.skip("no other Python with nrdeck installed is named in NRDECK_TEST_PYTHONS")
    mine = _build(sys.executable, cards_json, tmp_path / "here" / "cards.json")
    for number, python in enumerate(others):
        theirs = _build(python, cards_json, tmp_path / f"other{number}" / "cards.json")
        assert theirs == mine, f"{python} builds other bytes than {sys.executable}"
