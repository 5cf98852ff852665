"""Ban lists by the names Null Signal Games publishes (data/list_names.json), and an unknown
name's error listing only the format's own lists (docs/reference/legality.md §4)."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from nrdeck import check_text, load_cards
from nrdeck.app.data import data_status
from nrdeck.cards.bundled import snapshot_path
from nrdeck.catalog import CardDB
from nrdeck.cli import app
from nrdeck.errors import ExitCode, UsageError
from tests.acceptance.check.words import lines_with, suggested, valid_names
from tests.ids import STANDARD_BALANCE_26_08, STARTUP_BALANCE_26_05
from tests.paths import ROOT

ZAHYA = str(ROOT / "data" / "examples" / "standard-zahya.txt")
runner = CliRunner()
CLASSIC_ONLY = "startup_ban_list_24_09_for_classic_only"  # Startup's list, copied for Classic


def nrdeck(*args: str) -> Result:
    return runner.invoke(app, list(args))


def _list_of(*args: str) -> tuple[str, str]:
    """The ban list id and snapshot a check with these options used."""
    result = nrdeck("check", ZAHYA, "--offline", "-q", "--output-format", "json", *args)
    assert result.exit_code in (0, 1), result.stderr
    deck = json.loads(result.stdout)["decks"][0]
    return deck["restriction"]["id"], deck["snapshot"]


@pytest.mark.parametrize(
    ("args", "restriction"),
    [
        (("--format", "startup", "--banlist", "26.04"), "startup_balance_update_26_05"),
        (("--format", "startup", "--banlist", "sbu-26.04"), "startup_balance_update_26_05"),
        (
            ("--format", "startup", "--banlist", "Startup Balance Update 26.04"),
            "startup_balance_update_26_05",
        ),
        (("--format", "startup", "--banlist", "26.05"), "startup_balance_update_26_05"),
        (("--banlist", "sbu-26.08"), "standard_balance_update_26_08"),
        (("--banlist", "balance update 26.08"), "standard_balance_update_26_08"),
        (("--banlist", "balance-update-26.08"), "standard_balance_update_26_08"),
        (("--banlist", "sbl-26.05"), "standard_ban_list_26_05"),
    ],
)
def test_the_names_null_signal_games_publishes(args: tuple[str, ...], restriction: str) -> None:
    assert _list_of("--as-of", "2026-07-01", *args)[0] == restriction


def test_the_python_api_takes_them_too() -> None:
    cards = load_cards(cache=False)
    text = Path(ZAHYA).read_text(encoding="utf-8")
    outcome = check_text(text, format="startup", banlist="26.04", cards=cards)
    assert outcome.result is not None
    assert outcome.result.period.restriction_id == STARTUP_BALANCE_26_05


def test_a_snapshot_by_the_name_of_the_list_it_brought_in() -> None:
    assert _list_of("--format", "startup", "--snapshot", "26.04") == (
        STARTUP_BALANCE_26_05,
        "startup_10",
    )
    assert _list_of("--snapshot", "sbu-26.08")[1] == "standard_36"
    shared = nrdeck("check", ZAHYA, "--offline", "--snapshot", "20.09")  # two snapshots use it
    assert shared.exit_code == ExitCode.USAGE
    assert "standard_15" in shared.stderr and "standard_16" in shared.stderr  # the ids to use


def _error(*args: str) -> str:
    result = nrdeck("check", ZAHYA, "--offline", *args)
    assert result.exit_code == ExitCode.USAGE
    (line,) = result.stderr.strip().splitlines()
    return line


def _listed(error: str) -> tuple[list[str], list[str]]:
    """The names and ids of the valid lists an error lists ('' for latest and active)."""
    pairs = [name.removesuffix(")").split(" (") for name in valid_names(error)]
    return [p[0] for p in pairs], [p[1] if len(p) > 1 else "" for p in pairs]


def test_an_unknown_name_lists_only_the_formats_own_lists() -> None:
    startup = _error("--format", "startup", "--banlist", "sbu-26.10")
    assert "'sbu-26.10'" in startup and "format startup" in startup
    names, ids = _listed(startup)
    assert names == [*("latest", "active", "26.09", "26.05 or 26.04", "26.03", "25.11"),
                     *("25.04", "24.09", "24.01")]  # fmt: skip
    assert ids[names.index("26.05 or 26.04")] == STARTUP_BALANCE_26_05  # one list, two names
    assert all(i.startswith("startup_") for i in ids if i)
    standard = _error("--banlist", "no-such-list")
    names, ids = _listed(standard)
    assert names[2:4] == ["26.08", "26.05"] and ids[2] == STANDARD_BALANCE_26_08
    assert (names[-1], ids[-1]) == ("1.0", "napd_mwl_1_0")  # each once, newest first
    for other in ("classic", "startup", "sunset", "eternal"):
        assert other not in standard.casefold().split("for format standard")[1]
    assert standard.count("standard_ban_list_25_10") == 1


def test_classic_only_copies_are_not_standards_lists_but_their_id_still_names_them() -> None:
    assert _list_of("--banlist", "24.09")[0] == "standard_ban_list_24_09"
    with_id = _list_of("--banlist", CLASSIC_ONLY)
    assert with_id[0] == CLASSIC_ONLY  # asked for by its id
    completion = _complete("nrdeck check --banlist s")
    assert completion and all(c.startswith("standard_") for c in completion)
    near = _error("--banlist", "startup_ban_list_24_01_for_classic")
    assert suggested(near)[0] == "standard_ban_list_24_12" and "classic_only" not in near


def test_a_classic_only_copy_is_no_standard_list_without_a_snapshot(db: CardDB) -> None:
    # Standard 26.03 is in force from 2026-03-13; the copy of Startup 26.05 is dated 2026-04-01
    assert not [w for w in data_status(db, dt.date(2026, 4, 15)).warnings if "classic" in w]
    assert not [w for w in data_status(db, dt.date(2026, 4, 15)).warnings if "ignore" in w]


def _complete(words: str) -> list[str]:
    env = {"_NRDECK_COMPLETE": "complete_bash", "COMP_WORDS": words}
    env["COMP_CWORD"] = str(len(words.split()) - 1)
    result = runner.invoke(app, [], env=env, prog_name="nrdeck")
    assert result.exit_code == 0, result.output
    return result.stdout.split()


def test_completion_and_did_you_mean_offer_nsg_names() -> None:
    assert _complete("nrdeck check --format startup --banlist 26") == [
        "26.09",
        "26.05",
        "26.04",
        "26.03",
    ]
    assert _complete("nrdeck check --format startup --snapshot 26.0") == [
        "26.09",
        "26.05",
        "26.04",
        "26.03",
    ]
    assert "did you mean 26.04" in _error("--format", "startup", "--banlist", "26.4")


def without_startup_26_05(tmp_path: Path) -> Path:
    """The bundled data as it would be if NetrunnerDB had not filed Startup's May 2026 list."""
    doc: dict[str, Any] = json.loads(snapshot_path().read_bytes())
    gone = "startup_balance_update_26_05"
    doc["restrictions"] = [r for r in doc["restrictions"] if r["id"] != gone]
    for fmt in doc["formats"]:
        fmt["snapshots"] = [s for s in fmt["snapshots"] if s.get("restriction_id") != gone]
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def test_an_alias_for_a_list_the_data_lacks_is_a_warning_never_silent(tmp_path: Path) -> None:
    data = str(without_startup_26_05(tmp_path))
    status = nrdeck("data", "status", "--data", data)
    assert status.exit_code == 0
    [warning] = [w for w in lines_with(status.stderr, "nrdeck: warning: ") if "list-name" in w]
    assert STARTUP_BALANCE_26_05 in warning and "'26.04' names no list" in warning
    said = warning.removeprefix("nrdeck: warning: ")
    periods = nrdeck(
        "data", "periods", "--data", data, "--format", "startup", "--output-format", "json"
    )
    assert warning in lines_with(periods.stderr, "nrdeck: warning: ")
    assert json.loads(periods.stdout)["warnings"] == [said]
    result = nrdeck("check", ZAHYA, "--data", data, "--format", "startup", "--banlist", "26.04")
    assert result.exit_code == ExitCode.USAGE
    assert "'26.04'" in result.stderr and STARTUP_BALANCE_26_05 in result.stderr  # what it names
    assert "run 'nrdeck data update'" in result.stderr  # what to do
    with pytest.raises(UsageError, match="which the card data does not have"):
        check_text("", format="startup", banlist="26.04", cards=load_cards(data))
    assert "list-name" not in nrdeck("data", "status").stderr  # the bundled data has the list
