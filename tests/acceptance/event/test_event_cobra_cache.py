"""`nrdeck event --cobra` when a cached answer of Cobra's is damaged on disk: one safe warning
line and the answer asked for again; offline, the error says the copy is damaged (wording:
tests/golden/messages/cobra-cache.txt). Against the shared Cobra double (skipped without it)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from nrdeck.cli import app
from nrdeck.cobra import tournament_url
from nrdeck.errors import ExitCode
from nrdeck.http.conditional import FolderStore
from nrdeck.report.safe import one_line
from tests.fakes.cobra import cobra_double, stats
from tests.paths import FIXTURES, assert_golden_cases

DECKS = FIXTURES / "event" / "decks"
WARNING = "nrdeck: warning: "
runner = CliRunner()


@pytest.fixture
def roster(tmp_path: Path) -> Path:
    path = tmp_path / "signup.csv"
    hb, zahya = DECKS / "std-hb-precision.txt", DECKS / "std-zahya.txt"
    path.write_text(f"player,corp,runner\nHana Kobayashi,{hb},{zahya}\n", encoding="utf-8")
    return path


def event(base: str, roster: Path, cache: Path, *more: str) -> Result:
    args = ["event", str(roster), "--cobra", "5871", "--cobra-url", base, "--allow-paths-outside"]
    return runner.invoke(app, [*args, "--output-format", "json", "--cache-dir", str(cache), *more])


def warnings(result: Result) -> list[str]:
    return [line for line in result.stderr.splitlines() if line.startswith(WARNING)]


def damage(cache: Path, base: str) -> None:
    """Cut the tournament's cached answer short, as a crash or a full disk might."""
    entry = FolderStore(cache / "v1" / "cobra").path(tournament_url(base, 5871))
    assert entry is not None
    entry.write_bytes(entry.read_bytes()[:-5])


def shown(text: str, cache: Path, base: str) -> str:
    """The text the same on every run: the cache folder, the double and the entry's name."""
    text = text.replace(one_line(str(cache)), "<cache>").replace(base, "<cobra>")
    return re.sub(r"[0-9a-f]{32}\.http", "<entry>.http", text)


def test_a_damaged_answer_is_one_warning_and_asked_again_offline_a_clear_error(
    roster: Path, tmp_path: Path
) -> None:
    cache = tmp_path / "cache\x1b[2J"  # a name to be made safe in the warning
    with cobra_double() as base:
        first = event(base, roster, cache)
        assert first.exit_code in (ExitCode.OK, ExitCode.ILLEGAL), first.output
        damage(cache, base)
        again = event(base, roster, cache)
        counted = stats(base)
    assert again.exit_code == first.exit_code and again.stdout == first.stdout
    added = [line for line in warnings(again) if line not in warnings(first)]
    assert len(added) == 1 and len(warnings(again)) == len(warnings(first)) + 1
    assert "\x1b" not in again.stderr
    # the tournament asked for again in full, the players revalidated (a 304)
    assert counted["requests"] == 4 and counted.get("304", 0) == 1
    damage(cache, base)
    offline = event(base, roster, cache, "--offline")  # the double is gone: only the cache
    assert offline.exit_code == ExitCode.UNAVAILABLE and offline.stdout == ""
    assert warnings(offline) == []  # nothing is fetched again: the error says why
    cases = [
        ("online: the warning", added[0]),
        ("offline: the error", offline.stderr),
    ]
    assert_golden_cases(
        "messages/cobra-cache.txt",
        [(label, shown(text, cache, base)) for label, text in cases],
        __file__,
    )
