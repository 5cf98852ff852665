"""Golden files: the exact output of each format for the example decks.

Regenerate after an intended change of output with
``NRDECK_UPDATE_GOLDEN=1 python -m pytest tests/acceptance/check/test_check_golden.py``
and review the diff (``git diff tests/golden``).
"""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from nrdeck.cli import app
from tests.paths import ROOT, assert_golden

DECKS = [
    "data/examples/sg-catalyst.txt",
    "data/examples/standard-zahya.txt",
    "data/examples/illegal-standard.txt",
]
FIXED = ["--as-of", "2025-09-17", "--offline"]
CASES = {
    "check.txt": ["check", *DECKS, *FIXED, "-v"],
    "check.json": ["check", *DECKS, *FIXED, "--output-format", "json"],
    "check.github": ["check", *DECKS, *FIXED, "--output-format", "github"],
    "check.junit.xml": ["check", *DECKS, *FIXED, "--output-format", "junit"],
    "stats.txt": ["stats", DECKS[2], *FIXED],
    "stats.json": ["stats", DECKS[2], *FIXED, "--output-format", "json"],
}


def _normalise(name: str, text: str) -> str:
    """Replace the machine-specific path of the bundled data."""
    if name.endswith(".json"):
        doc = json.loads(text)
        doc["card_data"]["path"] = "<bundled>"
        return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"
    return text


@pytest.mark.parametrize("name", sorted(CASES))
def test_output_matches_golden_file(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("COLUMNS", "100")
    result = CliRunner().invoke(app, CASES[name])
    assert result.exit_code in (0, 1), result.stderr
    assert_golden(name, _normalise(name, result.stdout), __file__)
