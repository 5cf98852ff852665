"""What is in force, as data: `nrdeck data periods` and ``nrdeck.in_force`` (issue 21, point 6).

The reference for tools that pick rules by the data's ``active`` flag, which lags: the 2026
data marks Standard 26.03 active while Balance Update 26.08 is in force.
"""

from __future__ import annotations

import datetime as dt
import itertools
import json
from typing import Any

import pytest
from typer.testing import CliRunner, Result

import nrdeck
from nrdeck import CardDB, FormatPeriod, in_force, load_cards
from nrdeck.catalog.ruletables import AgendaCap
from nrdeck.cli import app
from nrdeck.errors import ExitCode, UsageError
from tests.acceptance.data.data_cli import timeline
from tests.ids import STANDARD_BALANCE_26_08, STARTUP_BALANCE_26_03, STARTUP_BALANCE_26_05
from tests.paths import ROOT, SNAPSHOT_DATE, assert_golden_cases

# 101 days after the bundled snapshot's date: the card data is stale then
LATE = (dt.date.fromisoformat(SNAPSHOT_DATE) + dt.timedelta(days=101)).isoformat()
ZAHYA = str(ROOT / "data" / "examples" / "standard-zahya.txt")
D = dt.date.fromisoformat
runner = CliRunner()


def nrdeck_cli(*args: str) -> Result:
    return runner.invoke(app, list(args))


def periods(*args: str) -> dict[str, Any]:
    result = nrdeck_cli("data", "periods", "--offline", "--output-format", "json", *args)
    assert result.exit_code == 0, result.stderr
    doc: dict[str, Any] = json.loads(result.stdout)
    return doc


@pytest.fixture(scope="module")
def cards() -> CardDB:
    return load_cards(cache=False)


def test_what_data_periods_says_reads_as_the_golden_file_says() -> None:
    cases = [
        (" ".join(args), nrdeck_cli("data", "periods", "--offline", *args).output)
        for args in [
            ("--format", "startup", "--as-of", "2026-03-20"),
            ("--format", "startup", "--as-of", "2019-03-17"),
            ("--format", "casual"),
            ("--format", "startp"),
            ("--as-of", "soon"),
        ]
    ]
    assert_golden_cases("messages/data-periods.txt", cases, __file__)


def test_startup_on_2026_03_20_is_26_03_with_a_cap_of_3(cards: CardDB) -> None:
    result = nrdeck_cli("data", "periods", "--format", "startup", "--as-of", "2026-03-20")
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    assert out.startswith("Startup (startup) on ") and "card data: bundled" in out
    [now] = [line for line in out.splitlines() if line.startswith("in force on 2026-03-20: ")]
    march = cards.restrictions[STARTUP_BALANCE_26_03].name
    assert "startup_9 since" in now and "2026-03-02" in now and now.endswith(march)
    periods_said = timeline(out)
    [heading] = [h for h in periods_said if "(in force on" in h]  # one period in force
    assert heading.startswith("startup_9: ")
    assert "from 2026-03-02" in heading and "until 2026-05-01" in heading
    block = dict(periods_said[heading][:3])
    assert block["ban list"] == f"{march} ({STARTUP_BALANCE_26_03})"
    assert block["agenda cap"].startswith("at most 3 agendas")
    [released] = [said for what, said in periods_said[heading] if what == "new set"]
    for named in ("(vantage_point)", "2026-03-02", "competitive events from 2026-03-13"):
        assert named in released
    may = dict(periods_said["startup_10: from 2026-05-01 until 2026-09-21"])
    assert may["card pool"].endswith("(startup_vantage_point)")
    assert f"({STARTUP_BALANCE_26_05}); Null Signal Games: " in may["ban list"]  # and NSG's name
    assert may["ban list"].endswith(" 26.04") and may["agenda cap"].startswith("at most 4 ")


def test_the_json_document_is_the_whole_timeline_and_the_period_in_force(cards: CardDB) -> None:
    doc = periods("--format", "startup", "--as-of", "2026-03-20")
    assert doc["version"] == 1 and doc["format"] == {"id": "startup", "name": "Startup"}
    assert doc["as_of"] == "2026-03-20" and doc["card_data"]["warning"] is None
    now = doc["in_force"]
    assert now["snapshot"] == "startup_9" and now["in_force"] is True
    march = cards.restrictions[STARTUP_BALANCE_26_03].name
    assert now["restriction"] == {"id": STARTUP_BALANCE_26_03, "name": march, "nsg_name": None}
    assert now["agenda_cap"] == {"min_points": 3, "max_copies": 3, "rule": march}
    assert now["releases"] == [
        {
            "set": {"id": "vantage_point", "name": "Vantage Point"},
            "released": "2026-03-02",
            "competitive": "2026-03-13",
        }
    ]
    found = doc["periods"]
    assert [p for p in found if p["in_force"]] == [now]
    assert all(a["end"] == b["start"] for a, b in itertools.pairwise(found))  # no gap, no overlap
    assert found[-1]["end"] is None and found[0]["snapshot"] == "startup_0"
    assert [p["agenda_cap"] for p in found[:7]] == [None] * 7  # no cap before 24.09
    caps = [(p["restriction"]["id"], p["agenda_cap"]["max_copies"]) for p in found[7:]]
    assert caps == [
        ("startup_ban_list_24_09", 3),
        ("startup_balance_update_25_04", 4),
        ("startup_balance_update_25_11", 4),
        ("startup_balance_update_26_03", 3),
        ("startup_balance_update_26_05", 4),
        ("startup_balance_update_26_09", 4),
    ]
    assert found[-2]["restriction"]["nsg_name"] == "Startup Balance Update 26.04"
    assert found[-1]["restriction"]["nsg_name"] is None  # NSG's name is NetrunnerDB's
    late = found[6]  # startup_6: Liberation from 2024-03-30, with 24.01 until 24.09 starts
    assert (late["snapshot"], late["restriction"]["id"]) == ("startup_6", "startup_ban_list_24_01")
    assert late["corrections"] and all(
        said in late["corrections"][0] for said in ("startup_ban_list_24_09", "2024-09-20")
    )


def test_the_period_in_force_is_the_one_nrdeck_checks_against() -> None:
    for fmt, day in [
        ("standard", "2026-03-12"),
        ("standard", "2026-03-13"),
        ("standard", "2026-11-01"),
        ("startup", "2024-09-19"),
        ("startup", "2026-05-01"),
        ("eternal", "2025-09-01"),
    ]:
        now = periods("--format", fmt, "--as-of", day)["in_force"]
        result = nrdeck_cli(
            "check", ZAHYA, "--offline", "--format", fmt, "--as-of", day, "--output-format", "json"
        )
        deck = json.loads(result.stdout)["decks"][0]
        assert deck["snapshot"] == now["snapshot"], (fmt, day)
        assert deck["restriction"]["id"] == now["restriction"]["id"], (fmt, day)
        assert deck["card_pool"]["id"] == now["card_pool"]["id"], (fmt, day)


def test_standard_today_is_balance_update_26_08_not_the_list_the_data_marks_active() -> None:
    doc = periods("--as-of", LATE)
    now = doc["in_force"]
    assert (now["snapshot"], now["restriction"]["id"]) == ("standard_36", STANDARD_BALANCE_26_08)
    assert "101 days older" in doc["card_data"]["warning"] and LATE in doc["card_data"]["warning"]
    assert "sunset_01" not in [p["snapshot"] for p in doc["periods"]]
    vantage = next(p for p in doc["periods"] if p["snapshot"] == "standard_33")
    assert [r["set"]["id"] for r in vantage["releases"]] == ["vantage_point"]
    assert any("Vantage Point" in c for c in vantage["corrections"])  # joined on release


def test_as_of_defaults_to_today_and_before_the_first_period_nothing_is_in_force() -> None:
    assert periods()["as_of"] == dt.date.today().isoformat()
    early = periods("--format", "startup", "--as-of", "2019-03-17")
    assert early["in_force"] is None and not any(p["in_force"] for p in early["periods"])
    text = nrdeck_cli("data", "periods", "--format", "startup", "--as-of", "2019-03-17")
    [said] = [line for line in text.stdout.splitlines() if line.startswith("in force on ")]
    assert "2019-03-17: nothing" in said  # words: messages/data-periods.txt


@pytest.mark.parametrize(
    ("args", "said"),  # what the line names (its words: messages/data-periods.txt)
    [
        (("--format", "casual"), "casual"),
        (("--format", "startp"), "did you mean startup?"),
        (("--as-of", "soon"), "--as-of 'soon'"),
    ],
)
def test_bad_options_are_one_line_and_exit_2(args: tuple[str, ...], said: str) -> None:
    result = nrdeck_cli("data", "periods", *args)
    assert result.exit_code == ExitCode.USAGE
    (line,) = result.stderr.strip().splitlines()
    assert said in line and result.stdout == ""


def test_in_force_in_the_python_api(cards: CardDB, capsys: pytest.CaptureFixture[str]) -> None:
    standard = in_force("standard", D(LATE), cards=cards)
    assert isinstance(standard, FormatPeriod)
    assert (standard.snapshot_id, standard.restriction_id) == (
        "standard_36",
        STANDARD_BALANCE_26_08,
    )
    assert standard.restriction_name == cards.restrictions[STANDARD_BALANCE_26_08].name
    assert (standard.start, standard.end) == (D("2026-08-01"), None)
    assert standard.stale_data is not None and "nrdeck data update" in standard.stale_data
    startup = in_force("Startup", D("2026-03-20"), cards=cards)
    assert startup.agenda_cap == AgendaCap(min_points=3, max_copies=3)
    assert startup.releases[0].competitive == D("2026-03-13") and startup.stale_data is None
    may = in_force("startup", D("2026-06-01"), cards=cards)
    assert may.restriction_id == STARTUP_BALANCE_26_05
    said = periods("--format", "startup", "--as-of", "2026-06-01")["in_force"]["restriction"]
    assert may.restriction_nsg_name == said["nsg_name"]  # the JSON document's: NSG's 26.04
    assert in_force(cards=cards).covers(dt.date.today())
    with pytest.raises(UsageError, match="has no period in force on 2018-01-01"):
        in_force("startup", D("2018-01-01"), cards=cards)
    with pytest.raises(UsageError, match="has no periods"):
        in_force("casual", cards=cards)
    loaded = nrdeck.in_force("standard", D(LATE))  # card data loaded as the CLI does
    assert (loaded.snapshot_id, loaded.restriction_id) == ("standard_36", STANDARD_BALANCE_26_08)
    assert capsys.readouterr() == ("", "")
    assert "in_force" in nrdeck.__all__
