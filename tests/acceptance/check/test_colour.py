"""check and simulate decide colour alike: --color beats NO_COLOR, files are never coloured."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from nrdeck.cli import app
from tests.paths import ROOT

DECK = str(ROOT / "data" / "examples" / "illegal-standard.txt")
COMMANDS = {
    "check": ["check", DECK, "--offline", "--as-of", "2025-09-17"],
    "simulate": ["simulate", DECK, "--offline", "--seed", "1"],
}
runner = CliRunner()
ESC = "\x1b["


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_color_always_beats_no_color(command: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    coloured = runner.invoke(app, [*COMMANDS[command], "--color", "always"])
    plain = runner.invoke(app, COMMANDS[command])
    assert coloured.exit_code == plain.exit_code, coloured.output
    assert ESC in coloured.stdout
    assert ESC not in plain.stdout


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_force_color_yields_to_no_color(command: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FORCE_COLOR", "1")
    forced = runner.invoke(app, COMMANDS[command])
    monkeypatch.setenv("NO_COLOR", "1")
    both = runner.invoke(app, COMMANDS[command])
    assert ESC in forced.stdout
    assert ESC not in both.stdout
