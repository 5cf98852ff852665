"""Hostile deck files through ``nrdeck check``: each is its own deck's problem, never the run's.

The reproductions of the hostile-input campaign, each checked beside a legal deck: the bad
file gets a ``parse-error`` naming it (and its line), the legal deck is still checked, and
the run exits 1 (an illegal deck), not 4.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from nrdeck.cli import app
from nrdeck.errors import ExitCode
from tests.acceptance.check.words import tally
from tests.paths import ROOT

LEGAL = ROOT / "data" / "examples" / "standard-zahya.txt"

# file name -> (content, the line of the deck's parse-error and what its message names); the
# messages' words: tests/golden/messages/decklist-reading.txt
CASES = {
    "deep.json": ("[" * 100_000 + "]" * 100_000, (1, "nested too deeply")),
    "huge-number.json": ('{"cards": {\n"30030": ' + "9" * 5000 + "}}", (2, "more than 4,300")),
    "superscript.o8d": (
        '<deck>\n<section name="Identity">\n<card qty="²" id="x30076">The Catalyst</card>\n'
        "</section>\n</deck>\n",
        (3, "quantity '²'"),
    ),
    "long-quantity.txt": (
        "Zahya Sadeghi: Versatile Smuggler\n" + "9" * 5000 + "x Sure Gamble\n",
        (2, "(5,000 digits)"),
    ),
    "unclosed.md": ("## Deck\n* 3x " + "[a](" * 25_000 + "\n", (2, "no card name")),
    "endless.txt": ("1x a\n" * 200_000, (10_001, "200,000 lines")),
}


def check(names: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *opts: str) -> Result:
    """``nrdeck check NAMES... good.txt --offline`` in a folder holding those files."""
    for name in names:
        (tmp_path / name).write_text(CASES[name][0], encoding="utf-8")
    shutil.copy(LEGAL, tmp_path / "good.txt")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(app, ["check", *names, "good.txt", "--offline", *opts])
    assert result.exit_code == ExitCode.ILLEGAL, result.output
    return result


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_hostile_file_is_its_decks_problem(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    result = check([name], tmp_path, monkeypatch, "--output-format", "json")
    decks = {deck["source"]: deck for deck in json.loads(result.stdout)["decks"]}
    assert decks["good.txt"]["legal"] is True and decks["good.txt"]["problems"] == []
    errors = [p for p in decks[name]["problems"] if p["code"] == "parse-error"]
    line, names = CASES[name][1]
    assert [p["line"] for p in errors] == [line]
    assert names in errors[0]["message"]


def test_hostile_files_and_a_legal_deck_in_the_text_report(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    result = check(["deep.json", "superscript.o8d"], tmp_path, monkeypatch)
    lines = result.stdout.splitlines()
    heads = {ln.split(" · ")[0]: ln.split(" · ")[1] for ln in lines if not ln.startswith(" ")}
    assert heads["✗ deep.json"] == "no identity"
    assert heads["✓ good.txt"].startswith("Zahya Sadeghi")
    [quantity] = [line.strip() for line in lines if "'²'" in line]
    assert quantity.startswith("✗ parse-error (line 3): ")
    assert tally(result.stderr) == (3, 1, 2)
