"""Stale card data: the warning tells the truth and gives advice that fits how nrdeck runs
(issue 30, point 5; docs/reference/legality.md §4).

With a cache, ``nrdeck data update`` gets newer data. The pre-commit hook and the GitHub Action
run without it (``--no-cache``): there only a newer nrdeck or a rebuilt ``--data`` file does, and
``data update`` changes nothing. An imported checkout is dated by its own data, not by the day
it was imported. A hook user keeps the warning out of the commit's output with one option,
``--no-stale-warning``; the machine outputs keep it.
"""

from __future__ import annotations

import datetime as dt
import json
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import xmlschema
from typer.testing import CliRunner, Result

from nrdeck.cli import app
from tests.paths import EXAMPLES, ROOT, SNAPSHOT_DATE, assert_golden_cases

ZAHYA = str(EXAMPLES / "standard-zahya.txt")
LATE = (dt.date.fromisoformat(SNAPSHOT_DATE) + dt.timedelta(days=116)).isoformat()
runner = CliRunner()


def check(*args: str) -> Result:
    result = runner.invoke(app, ["check", ZAHYA, "--offline", "--as-of", LATE, *args])
    assert result.exit_code == 0, result.output
    return result


def warning_of(result: Result) -> str:
    (line,) = [ln for ln in result.stderr.splitlines() if "days older than" in ln]
    return line.removeprefix("nrdeck: warning: ")


def advice(said: str) -> str:
    """What the warning tells to do: what follows its account of the data."""
    account, _, advice = said.partition("; ")
    assert "116 days older" in account and f"({LATE})" in account, account
    return advice


def test_the_warnings_read_as_the_golden_file_says(tmp_path: Path) -> None:
    pinned = tmp_path / "cards.json"
    shutil.copy(ROOT / "data" / "cards.json", pinned)
    cases = [
        ("with the cache", warning_of(check("--cache-dir", str(tmp_path / "cache")))),
        ("without the cache", warning_of(check("--no-cache"))),
        ("a pinned file", warning_of(check("--data", str(pinned)))),
    ]
    shown = [(label, said.replace(str(tmp_path), "<tmp>")) for label, said in cases]
    assert_golden_cases("messages/stale-advice.txt", shown, __file__)


def test_with_the_cache_the_advice_is_data_update(tmp_path: Path) -> None:
    said = warning_of(check("--cache-dir", str(tmp_path)))
    assert f"(bundled snapshot of {SNAPSHOT_DATE})" in said  # the data, described
    assert advice(said) == "run 'nrdeck data update'"


def test_without_the_cache_the_advice_is_a_newer_nrdeck_or_a_rebuilt_file() -> None:
    told = advice(warning_of(check("--no-cache")))
    for way in ("a newer nrdeck", "pre-commit hook's rev", "pinned commit", "--data"):
        assert way in told
    assert "'nrdeck data build'" in told  # and data update would not help:
    assert "'nrdeck data update'" in told and told.endswith(
        "does not change a run without the cache"
    )
    assert "data update'\"" not in told and not told.startswith("run 'nrdeck data update'")


def test_a_pinned_file_is_told_to_rebuild_the_file(tmp_path: Path) -> None:
    pinned = tmp_path / "cards.json"
    shutil.copy(ROOT / "data" / "cards.json", pinned)
    told = advice(warning_of(check("--data", str(pinned))))
    assert told.startswith("rebuild the pinned file") and f"--out {pinned}'" in told
    assert "'nrdeck data update'" in told and told.endswith("does not change it")


def test_an_import_is_dated_by_its_data_not_by_the_day_it_was_imported(
    cards_json: Path, tmp_path: Path
) -> None:
    cache = str(tmp_path / "cache")
    imported = runner.invoke(app, ["data", "import", str(cards_json), "--cache-dir", cache])
    assert imported.exit_code == 0, imported.output
    said = warning_of(check("--cache-dir", cache))
    today = dt.date.today().isoformat()
    described = f"netrunner-cards-json of {SNAPSHOT_DATE}, imported {today} (cache)"
    assert said.startswith(f"the card data ({described}) ")  # dated by its data: 116 days
    assert "fetched" not in said
    told = advice(said)
    assert "'nrdeck data update'" in told and "'nrdeck data import'" in told


def test_no_stale_warning_leaves_it_out_of_stderr_only() -> None:
    quiet = check("--no-cache", "--no-stale-warning")
    assert "days older than" not in quiet.stderr
    assert quiet.stderr.splitlines()[-1].startswith("1 deck: 1 legal")  # the summary stays
    warned = warning_of(check("--no-cache"))
    doc = json.loads(check("--no-cache", "--no-stale-warning", "--output-format", "json").stdout)
    assert doc["card_data"]["warning"] == warned
    junit = check("--no-cache", "--no-stale-warning", "--output-format", "junit").stdout
    xmlschema.XMLSchema(ROOT / "tests" / "fixtures" / "junit" / "junit-10.xsd").validate(junit)
    properties = {p.get("name"): p.get("value") for p in ET.fromstring(junit).iter("property")}
    assert properties["card_data_warning"] == warned
