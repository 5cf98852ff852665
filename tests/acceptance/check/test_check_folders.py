"""Folders as decklist repositories hold them: files that are no decklist are skipped with a
note (named files are always checked), ``--exclude`` / ``--extend-exclude`` work as in ruff,
and ``-q`` never changes a machine format.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from nrdeck.cli import app
from nrdeck.errors import ExitCode
from tests.acceptance.check.words import skipped, tally
from tests.paths import ROOT

EXAMPLES = ROOT / "data" / "examples"
LEGAL = EXAMPLES / "standard-zahya.txt"
ILLEGAL = EXAMPLES / "illegal-standard.txt"
RENOVATE = '{"extends": ["config:recommended"], "schedule": ["weekly"]}\n'


def run(*args: str) -> Result:
    return CliRunner().invoke(app, ["check", *args])


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """A decklist repository with the usual non-deck text files beside the decks."""
    (tmp_path / "decks" / "drafts").mkdir(parents=True)
    shutil.copy(LEGAL, tmp_path / "decks" / "zahya.txt")
    shutil.copy(ILLEGAL, tmp_path / "decks" / "drafts" / "hb.txt")
    (tmp_path / "renovate.json").write_text(RENOVATE, encoding="utf-8")
    (tmp_path / "requirements.txt").write_text("nrdeck>=0.1\nrich>=13.7\n", encoding="utf-8")
    (tmp_path / "notes.md").write_text("# Notes\n\nTry the new ice suite.\n", encoding="utf-8")
    (tmp_path / "empty.txt").write_bytes(b"")
    (tmp_path / "README.md").write_text("# Decks\n3x Hedge Fund\n", encoding="utf-8")
    (tmp_path / ".github").mkdir()
    shutil.copy(ILLEGAL, tmp_path / ".github" / "hidden.txt")
    return tmp_path


def test_files_with_no_card_line_are_skipped_with_a_note(repo: Path) -> None:
    result = run(str(repo), "--offline")
    assert result.exit_code == ExitCode.ILLEGAL  # drafts/hb.txt is illegal
    assert tally(result.stderr) == (2, 1, 1)
    notes = skipped(result.stderr)
    assert sorted(notes) == sorted(
        str(repo / name) for name in ("empty.txt", "notes.md", "renovate.json", "requirements.txt")
    )
    assert notes[str(repo / "empty.txt")].startswith(f"{repo / 'empty.txt'} is empty")
    assert "README" not in result.stdout + result.stderr and "hidden" not in result.stdout
    quiet = run(str(repo), "--offline", "-q")
    assert "nrdeck: note:" not in quiet.stderr


def test_named_files_are_always_checked(repo: Path) -> None:
    result = run(str(repo / "renovate.json"), str(repo / "requirements.txt"), "--offline")
    assert result.exit_code == ExitCode.ILLEGAL
    assert f"✗ {repo / 'renovate.json'}" in result.stdout
    assert f"✗ {repo / 'requirements.txt'}" in result.stdout


def test_extend_exclude_adds_globs_to_the_defaults(repo: Path) -> None:
    result = run(str(repo), "--offline", "--extend-exclude", "drafts", "--output-format", "json")
    assert result.exit_code == ExitCode.OK, result.stdout
    assert [d["source"] for d in json.loads(result.stdout)["decks"]] == [
        str(repo / "decks" / "zahya.txt")
    ]
    by_path = run(str(repo), "--offline", "--extend-exclude", "decks/drafts/*.txt", "-q")
    assert by_path.exit_code == ExitCode.OK


def test_exclude_replaces_the_defaults(repo: Path) -> None:
    result = run(str(repo), "--offline", "--exclude", "*.json", "--output-format", "json")
    sources = [d["source"] for d in json.loads(result.stdout)["decks"]]
    assert str(repo / ".github" / "hidden.txt") in sources  # '.*' no longer excluded
    assert str(repo / "README.md") in sources
    assert "nrdeck: note: skipped" in result.stderr and "renovate.json" not in result.stderr


def test_exclusion_ignores_case_and_prunes_folders(repo: Path) -> None:
    (repo / "Archive").mkdir()
    shutil.copy(ILLEGAL, repo / "Archive" / "old.txt")
    result = run(str(repo), "--offline", "--extend-exclude", "DRAFTS", "--extend-exclude",
                 "archive", "--output-format", "json")  # fmt: skip
    assert result.exit_code == ExitCode.OK, result.stdout
    assert [d["source"] for d in json.loads(result.stdout)["decks"]] == [
        str(repo / "decks" / "zahya.txt")
    ]
    # as in ruff, a folder named on the command line is searched even if a glob matches it
    named = run(str(repo / "Archive"), "--offline", "--extend-exclude", "archive")
    assert named.exit_code == ExitCode.ILLEGAL


@pytest.mark.parametrize("fmt", ["json", "github", "junit"])
def test_quiet_never_changes_a_machine_format(repo: Path, fmt: str) -> None:
    args = (str(LEGAL), str(ILLEGAL), str(repo / "decks"), "--offline", "--output-format", fmt)
    loud, quiet = run(*args), run(*args, "-q")
    assert loud.exit_code == quiet.exit_code == ExitCode.ILLEGAL
    assert quiet.stdout == loud.stdout and quiet.stdout
    if fmt == "json":
        doc = json.loads(quiet.stdout)
        assert doc["summary"]["decks"] == len(doc["decks"]) == 4
