"""Legality as history through the commands: today's date, stale data, names, tiers,
the deck's identity named again, and shell completion (issue: legality as history)."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from nrdeck.cli import app
from nrdeck.errors import ExitCode
from tests.acceptance.check.words import lines_with, plain, said, warning_naming
from tests.ids import STANDARD_BALANCE_26_08
from tests.paths import ROOT, SNAPSHOT_DATE, assert_golden_cases

FIXTURES = ROOT / "tests" / "fixtures" / "legality"
LOUD_PE = str(FIXTURES / "pe-loud-2024.txt")
IDENTITY_AGAIN = str(FIXTURES / "weyland-identity-again.txt")
ZAHYA = ROOT / "data" / "examples" / "standard-zahya.txt"
# 101 days after the bundled snapshot's date (stale: over 90), and 30 days after (fresh)
LATE = (dt.date.fromisoformat(SNAPSHOT_DATE) + dt.timedelta(days=101)).isoformat()
FRESH = (dt.date.fromisoformat(SNAPSHOT_DATE) + dt.timedelta(days=30)).isoformat()
WEYLAND = "weyland_consortium_building_a_better_world"  # the identity listed again
runner = CliRunner()


def nrdeck(*args: str) -> Result:
    return runner.invoke(app, list(args))


def stale_warning(stderr: str) -> str:
    """The warning that the bundled card data is older than the date checked ('' if none)."""
    return warning_naming(stderr, f"(bundled snapshot of {SNAPSHOT_DATE})", "days older than")


def test_the_default_date_is_exactly_as_of_today() -> None:
    today = dt.date.today().isoformat()
    default = nrdeck("check", LOUD_PE, "--offline", "--output-format", "json")
    explicit = nrdeck("check", LOUD_PE, "--offline", "--as-of", today, "--output-format", "json")
    assert default.stdout == explicit.stdout
    deck = json.loads(default.stdout)["decks"][0]
    assert deck["as_of"] == today and deck["snapshot"] == "standard_36"
    assert deck["restriction"]["id"] == STANDARD_BALANCE_26_08
    banned = [p for p in deck["problems"] if p["code"] == "banned"]
    assert [(p["cards"], p["rule"]) for p in banned] == [(["sting"], deck["restriction"]["name"])]


def test_the_snapshot_the_data_marks_active_is_only_what_you_ask_for() -> None:
    result = nrdeck("check", LOUD_PE, "--offline", "--banlist", "active", "--output-format", "json")
    deck = json.loads(result.stdout)["decks"][0]
    assert deck["restriction"]["id"] == "standard_ban_list_26_03"  # not today's list
    banned = [p["rule"] for p in deck["problems"] if p["code"] == "banned"]
    assert banned == ["Standard Ban List 26.03"]


def test_stale_data_is_said_once_on_stderr_and_in_json() -> None:
    late = nrdeck("check", str(ZAHYA), str(ZAHYA), "--offline", "--as-of", LATE)
    assert late.exit_code == ExitCode.OK
    warnings = [w for w in lines_with(late.stderr, "nrdeck: warning: ") if "older than" in w]
    [stale] = warnings  # once, for two decks
    assert stale == stale_warning(late.stderr)  # naming the data
    assert " 101 days " in stale and f"({LATE})" in stale  # by how much, than what
    assert stale.endswith("run 'nrdeck data update'")  # what to do
    quiet = nrdeck("check", str(ZAHYA), "--offline", "--as-of", LATE, "-q")
    assert quiet.stderr == ""
    doc = json.loads(
        nrdeck("check", str(ZAHYA), "--offline", "--as-of", LATE, "--output-format", "json").stdout
    )
    assert f"nrdeck: warning: {doc['card_data']['warning']}" == stale  # the same words
    fresh = nrdeck("check", str(ZAHYA), "--offline", "--as-of", FRESH, "--output-format", "json")
    assert json.loads(fresh.stdout)["card_data"]["warning"] is None
    assert not stale_warning(fresh.stderr)


def test_stats_and_event_warn_about_stale_data_too(tmp_path: Path) -> None:
    stats = nrdeck("stats", str(ZAHYA), "--offline", "--as-of", LATE, "--output-format", "json")
    assert json.loads(stats.stdout)["card_data"]["warning"] is not None
    assert stale_warning(stats.stderr)
    roster = tmp_path / "roster.csv"
    roster.write_text(f"player,corp,runner\nAna,,{ZAHYA}\n", encoding="utf-8")
    event = nrdeck("event", str(roster), "--offline", "--as-of", LATE, "--output-format", "json")
    assert json.loads(event.stdout)["card_data"]["warning"] is not None
    assert stale_warning(event.stderr)


@pytest.mark.parametrize(
    ("args", "restriction"),
    [
        (("--banlist", "sbl-25.08"), "standard_ban_list_25_08"),
        (("--banlist", "25.04"), "standard_ban_list_25_04"),
        (("--banlist", "latest"), "standard_balance_update_26_08"),
        (("--format", "STANDARD", "--banlist", "Ban-List-24.12"), "standard_ban_list_24_12"),
    ],
)
def test_ban_lists_by_the_names_players_use(args: tuple[str, ...], restriction: str) -> None:
    result = nrdeck("check", str(ZAHYA), "--offline", *args, "--output-format", "json")
    assert json.loads(result.stdout)["decks"][0]["restriction"]["id"] == restriction


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (  # (25.11 is a Startup list: that one says so, see test_names_and_typos)
            ("--banlist", "sbl-25.13"),
            "unknown ban list 'sbl-25.13' for format standard; did you mean 25.12, 25.10",
        ),
        (("--format", "standrd"), "unknown format 'standrd'; did you mean standard?"),
        (
            ("--snapshot", "standard_3x"),
            "unknown snapshot 'standard_3x' for format standard; did you mean",
        ),
    ],
)
def test_unknown_names_are_exit_2_with_a_did_you_mean(args: tuple[str, ...], said: str) -> None:
    result = nrdeck("check", str(ZAHYA), "--offline", *args)
    assert result.exit_code == ExitCode.USAGE
    assert said in result.stderr and "valid" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def _problems(deck: str, *args: str) -> list[dict[str, Any]]:
    result = nrdeck("check", deck, "--offline", "--output-format", "json", *args)
    found: list[dict[str, Any]] = json.loads(result.stdout)["decks"][0]["problems"]
    return found


def _release_week_deck(tmp_path: Path) -> Path:
    """The Zahya example with Clean Getaway (Elevation, released Thursday 2025-04-24)."""
    text = ZAHYA.read_text(encoding="utf-8").replace("2 Overclock", "1 Overclock\n1 Clean Getaway")
    path = tmp_path / "zahya-elevation.txt"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_release_week_check_is_casual_with_a_warning_and_competitive_on_request(
    tmp_path: Path,
) -> None:
    deck = str(_release_week_deck(tmp_path))
    casual = nrdeck("check", deck, "--offline", "--as-of", "2025-04-28")
    assert casual.exit_code == ExitCode.OK
    assert "! competitive-delay" in casual.stdout  # a warning, not an error
    [delay] = _problems(deck, "--as-of", "2025-04-28")
    assert (delay["code"], delay["severity"], delay["line"]) == ("competitive-delay", "warning", 10)
    assert delay["cards"] == ["clean_getaway"] and "2025-05-02" in delay["message"]
    strict = nrdeck("check", deck, "--offline", "--as-of", "2025-04-28", "--tier", "competitive")
    assert strict.exit_code == ExitCode.ILLEGAL
    [refused] = _problems(deck, "--as-of", "2025-04-28", "--tier", "competitive")
    assert (refused["code"], refused["line"]) == ("not-in-card-pool", 10)
    assert "2025-05-02" in refused["message"] and "2025-04-24" in refused["message"]
    friday = nrdeck("check", deck, "--offline", "--as-of", "2025-05-02", "--tier", "competitive")
    assert friday.exit_code == ExitCode.OK


def test_event_checks_the_competitive_tier_by_default(tmp_path: Path) -> None:
    deck = _release_week_deck(tmp_path)
    roster = tmp_path / "roster.csv"
    roster.write_text(f"player,corp,runner\nAna,,{deck.name}\n", encoding="utf-8")
    args = ("event", str(roster), "--offline", "--as-of", "2025-04-28", "--output-format", "json")
    strict = json.loads(nrdeck(*args).stdout)
    assert strict["period"]["tier"] == "competitive"
    runner_deck = strict["players"][0]["runner"]
    assert runner_deck["legal"] is False
    assert [p["code"] for p in runner_deck["problems"]] == ["not-in-card-pool"]
    casual = json.loads(nrdeck(*args, "--tier", "casual").stdout)
    assert casual["players"][0]["runner"]["legal"] is True


def test_the_identity_named_again_is_identity_multiple_on_its_line() -> None:
    result = nrdeck("check", IDENTITY_AGAIN, "--offline", "--format", "casual")
    assert result.exit_code == ExitCode.ILLEGAL
    assert "✗ identity-multiple" in result.stdout
    [again] = [p for p in _problems(IDENTITY_AGAIN, "--format", "casual")
               if p["code"] == "identity-multiple"]  # fmt: skip
    assert again["line"] == 3 and again["cards"] == [WEYLAND]
    assert "(3 copies)" in again["message"]


@pytest.mark.parametrize(
    ("words", "expected"),
    [
        ("nrdeck check --format sy", ["system_gateway"]),
        ("nrdeck check --banlist 25", ["25.12", "25.10", "25.08", "25.04"]),
        ("nrdeck check --format startup --banlist l", ["latest"]),
        ("nrdeck stats x.txt --format ram --snapshot ram_", [f"ram_{i}" for i in range(7, -1, -1)]),
        ("nrdeck check --input-format o", ["o8d"]),
        ("nrdeck event r.csv --format eternal --banlist 25", ["25.07", "25.04"]),
    ],
)
def test_shell_completion_of_formats_snapshots_ban_lists_and_input_formats(
    words: str, expected: list[str]
) -> None:
    env = {"_NRDECK_COMPLETE": "complete_bash", "COMP_WORDS": words}
    env["COMP_CWORD"] = str(len(words.split()) - 1)
    result = runner.invoke(app, [], env=env, prog_name="nrdeck")
    assert result.exit_code == 0, result.output
    assert result.stdout.split() == expected


def test_what_check_says_of_dates_and_tiers_reads_as_the_golden_file_says(tmp_path: Path) -> None:
    deck = str(_release_week_deck(tmp_path))
    week = ("--as-of", "2025-04-28")
    stale = nrdeck(
        "check", str(ZAHYA), "--offline", "--as-of", LATE, "-q", "--output-format", "json"
    )
    cases = [
        ("data older than the date checked", json.loads(stale.stdout)["card_data"]["warning"]),
        ("release week, casual", plain(nrdeck("check", deck, "--offline", *week).stdout, tmp_path)),
        ("release week, competitive", said(_problems(deck, *week, "--tier", "competitive"))),
        ("the identity listed again", said(_problems(IDENTITY_AGAIN, "--format", "casual"))),
    ]
    assert_golden_cases("messages/check-dates-and-tiers.txt", cases, __file__)
