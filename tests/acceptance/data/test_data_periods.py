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
from tests.paths import ROOT, SNAPSHOT_DATE

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


def test_startup_on_2026_03_20_is_26_03_with_a_cap_of_3() -> None:
    result = nrdeck_cli("data", "periods", "--format", "startup", "--as-of", "2026-03-20")
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    assert out.startswith("Startup (startup) on nrdeck's corrected timeline (card data: bundled")
    assert (
        "in force on 2026-03-20: startup_9 since 2026-03-02: Startup (Vantage Point), "
        "Startup Balance Update 26.03\n"
    ) in out
    block = out.split("startup_9: from 2026-03-02 until 2026-05-01 (in force on 2026-03-20)\n")[1]
    block = block.split("\n\n")[0]
    assert "  ban list: Startup Balance Update 26.03 (startup_balance_update_26_03)" in block
    assert "  agenda cap: at most 3 agendas worth 3 or more points" in block
    assert (
        "  new set: Vantage Point (vantage_point), released 2026-03-02, at competitive events "
        "from 2026-03-13"
    ) in block
    assert out.count("(in force on") == 1
    assert (
        "startup_10: from 2026-05-01 until 2026-09-21\n"
        "  card pool: Startup (Vantage Point) (startup_vantage_point)\n"
        "  ban list: Startup Balance Update 26.05 (startup_balance_update_26_05); "
        "Null Signal Games: Startup Balance Update 26.04\n"
        "  agenda cap: at most 4 agendas worth 3 or more points"
    ) in out


def test_the_json_document_is_the_whole_timeline_and_the_period_in_force() -> None:
    doc = periods("--format", "startup", "--as-of", "2026-03-20")
    assert doc["version"] == 1 and doc["format"] == {"id": "startup", "name": "Startup"}
    assert doc["as_of"] == "2026-03-20" and doc["card_data"]["warning"] is None
    now = doc["in_force"]
    assert now["snapshot"] == "startup_9" and now["in_force"] is True
    assert now["restriction"] == {
        "id": "startup_balance_update_26_03",
        "name": "Startup Balance Update 26.03",
        "nsg_name": None,
    }
    assert now["agenda_cap"] == {
        "min_points": 3,
        "max_copies": 3,
        "rule": "Startup Balance Update 26.03",
    }
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
    assert (
        late["corrections"] and "startup_ban_list_24_09 starts 2024-09-20" in late["corrections"][0]
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
    assert (now["snapshot"], now["restriction"]["id"]) == (
        "standard_36",
        "standard_balance_update_26_08",
    )
    assert f"101 days older than the date checked ({LATE})" in doc["card_data"]["warning"]
    assert "sunset_01" not in [p["snapshot"] for p in doc["periods"]]
    vantage = next(p for p in doc["periods"] if p["snapshot"] == "standard_33")
    assert [r["set"]["id"] for r in vantage["releases"]] == ["vantage_point"]
    assert any("Vantage Point" in c for c in vantage["corrections"])  # joined on release


def test_as_of_defaults_to_today_and_before_the_first_period_nothing_is_in_force() -> None:
    assert periods()["as_of"] == dt.date.today().isoformat()
    early = periods("--format", "startup", "--as-of", "2019-03-17")
    assert early["in_force"] is None and not any(p["in_force"] for p in early["periods"])
    text = nrdeck_cli("data", "periods", "--format", "startup", "--as-of", "2019-03-17")
    assert "in force on 2019-03-17: nothing (before the format's first period)" in text.stdout


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("--format", "casual"), "format casual has no periods"),
        (("--format", "startp"), "unknown format 'startp'; did you mean startup?"),
        (("--as-of", "soon"), "--as-of 'soon' is not a date"),
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
    assert (standard.snapshot_id, standard.restriction_name) == (
        "standard_36",
        "Standard Balance Update 26.08",
    )
    assert (standard.start, standard.end) == (D("2026-08-01"), None)
    assert standard.stale_data is not None and "nrdeck data update" in standard.stale_data
    startup = in_force("Startup", D("2026-03-20"), cards=cards)
    assert startup.agenda_cap == AgendaCap(min_points=3, max_copies=3)
    assert startup.releases[0].competitive == D("2026-03-13") and startup.stale_data is None
    may = in_force("startup", D("2026-06-01"), cards=cards)
    assert may.restriction_id == "startup_balance_update_26_05"
    assert may.restriction_nsg_name == "Startup Balance Update 26.04"
    assert in_force(cards=cards).covers(dt.date.today())
    with pytest.raises(UsageError, match="has no period in force on 2018-01-01"):
        in_force("startup", D("2018-01-01"), cards=cards)
    with pytest.raises(UsageError, match="has no periods"):
        in_force("casual", cards=cards)
    loaded = nrdeck.in_force("standard", D(LATE))  # card data loaded as the CLI does
    assert (loaded.snapshot_id, loaded.restriction_id) == (
        "standard_36",
        "standard_balance_update_26_08",
    )
    assert capsys.readouterr() == ("", "")
    assert "in_force" in nrdeck.__all__
