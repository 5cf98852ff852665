"""`nrdeck event` on what organisers have in hand: Cobra's exports, ABR entries, form sheets.

Fixtures in tests/fixtures/event/ are built in the shapes Cobra, Always Be Running and form
tools write (see their notes in the fixtures' folder names).
"""

from __future__ import annotations

import csv
import io
import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from nrdeck.cli import app
from tests.paths import FIXTURES, assert_golden_cases

FIXTURES = FIXTURES / "event"
STANDARD = ("--format", "standard", "--as-of", "2025-10-01")
runner = CliRunner()


def run(*args: str) -> Result:
    return runner.invoke(app, ["event", *args])


def states(result: Result) -> dict[str, str]:
    doc: dict[str, Any] = json.loads(result.stdout)
    return {p["player"]: p["status"] for p in doc["players"]}


def markdown_rows(text: str) -> dict[str, list[str]]:
    """A markdown table's rows by their first cell."""
    rows = [line.strip("|").split("|") for line in text.splitlines() if line.startswith("| ")]
    return {cells[0].strip(): [c.strip() for c in cells[1:]] for cells in rows}


def summary_line(table: str) -> str:
    """The line under the table that counts the players by state."""
    [line] = [ln for ln in table.splitlines() if " ready · " in ln]
    return line


MAPPING = (
    'player="Name",corp="Corp deck (NetrunnerDB link)",runner="Runner deck (NetrunnerDB link)"'
)


def test_what_the_rosters_readers_say_reads_as_the_golden_file_says(tmp_path: Path) -> None:
    shutil.copy(FIXTURES / "forms" / "signup-excel.csv", tmp_path / "signup.csv")
    shutil.copytree(FIXTURES / "decks", tmp_path / "decks")
    signup = str(tmp_path / "signup.csv")
    roster = tmp_path / "r.csv"
    roster.write_text("player,corp,runner,Table\nAna,decks/std-hb-precision.txt,,4\n", "utf-8")
    cases = {
        "a roster format forced": [str(FIXTURES / "cobra" / "decks.json"), "--roster-format",
                                   "json"],
        "an ABR event not concluded": [str(FIXTURES / "abr" / "not-concluded.json")],
        "a form's header": [signup, *STANDARD],
        "a form read as cp1252": [signup, *STANDARD, "--columns", MAPPING, "-o",
                                  str(tmp_path / "out.txt")],
        "a public column the roster lacks": [str(roster), *STANDARD, "--output-format",
                                             "markdown", "--public-columns", "Email"],
        "a public audience for csv": [str(roster), *STANDARD, "--output-format", "csv",
                                      "--audience", "public"],
    }  # fmt: skip
    said = [
        (label, run(*args).stderr.replace(str(tmp_path), "<tmp>")) for label, args in cases.items()
    ]
    assert_golden_cases("messages/event-rosters.txt", said, __file__)


def test_cobra_decks_json_checks_the_registered_lists() -> None:
    result = run(str(FIXTURES / "cobra" / "decks.json"), *STANDARD, "--output-format", "json")
    assert result.exit_code == 1, result.stderr
    assert states(result) == {
        "Cleo Martin": "needs-fixing",
        "Eve": "needs-fixing",
        "Dan Dropped": "missing",
        "Ana Lima": "ready",
        "Méliès Fan": "ready",
    }
    doc = json.loads(result.stdout)
    assert doc["roster_format"] == "cobra-json"
    cleo = doc["players"][0]
    assert cleo["runner"]["kind"] == "listed"
    rotated = [g for g in cleo["runner"]["groups"] if g["code"] == "not-in-card-pool"]
    assert rotated[0]["summary"].startswith("17 cards rotated out (")


def test_cobra_csv_export_reads_like_the_json_one() -> None:
    from_csv = run(str(FIXTURES / "cobra" / "decks.csv"), *STANDARD, "--output-format", "json")
    from_json = run(str(FIXTURES / "cobra" / "decks.json"), *STANDARD, "--output-format", "json")
    assert states(from_csv) == states(from_json)
    table = run(str(FIXTURES / "cobra" / "decks.csv"), *STANDARD).stdout
    assert "17 cards rotated out" in table
    assert summary_line(table) == summary_line(run(str(FIXTURES / "cobra" / "decks.json"),
                                                   *STANDARD).stdout)  # fmt: skip


def test_forcing_the_roster_format() -> None:
    result = run(str(FIXTURES / "cobra" / "decks.json"), "--roster-format", "json")
    assert result.exit_code == 2 and "decks.json: entry 1: " in result.stderr


def test_abr_before_the_event_concluded_is_a_clear_error() -> None:
    result = run(str(FIXTURES / "abr" / "not-concluded.json"))
    assert result.exit_code == 2
    assert "not concluded" in result.stderr  # ABR's own words, passed on
    assert "Traceback" not in result.stderr


def test_abr_entries_are_links_checked_offline_from_nothing(tmp_path: Path) -> None:
    result = run(
        str(FIXTURES / "abr" / "entries.json"), *STANDARD, "--offline", "--output-format", "json"
    )
    assert result.exit_code == 1  # Ivo registered no Runner deck (his claim has no link)
    doc = json.loads(result.stdout)
    by_name = {p["player"]: p for p in doc["players"]}
    assert by_name["Ana Lima"]["status"] == "not-fetched"
    assert by_name["Imported Ivo"]["status"] == "missing"
    assert by_name["Ana Lima"]["extra"] == {"rank_swiss": "1", "rank_top": "1"}


def test_form_sheet_semicolons_cp1252_and_a_column_mapping(tmp_path: Path) -> None:
    shutil.copy(FIXTURES / "forms" / "signup-excel.csv", tmp_path / "signup.csv")
    shutil.copytree(FIXTURES / "decks", tmp_path / "decks")
    roster = str(tmp_path / "signup.csv")
    unmapped = run(roster, *STANDARD)
    assert unmapped.exit_code == 2
    assert "'Timestamp'" in unmapped.stderr and f"--columns {MAPPING}" in unmapped.stderr
    result = run(roster, *STANDARD, "--columns", MAPPING, "--output-format", "json")  # as told
    assert result.exit_code == 1, result.stderr
    assert "cp1252" in result.stderr  # said how it was read
    doc = json.loads(result.stdout)
    by_name = {p["player"]: p for p in doc["players"]}
    assert by_name["Ana Lima"]["status"] == "ready"
    assert by_name["Ana Lima"]["extra"]["Email Address"] == "ana@example.org"
    zoe = by_name["Zoë Ångström"]
    assert [p["code"] for p in zoe["runner"]["problems"]] == ["not-a-deck-link"]
    bo = by_name["Bo"]
    for deck in (bo["corp"], bo["runner"]):
        assert [p["code"] for p in deck["problems"]] == ["not-a-deck-link"]  # not a file
    public = run(roster, *STANDARD, "--columns", MAPPING, "--output-format", "markdown").stdout
    assert "example.org" not in public and "Timestamp" not in public
    assert markdown_rows(public)["Zoë Ångström"] == ["needs fixing"]


def test_public_columns_must_exist(tmp_path: Path) -> None:
    shutil.copytree(FIXTURES / "decks", tmp_path / "decks")
    roster = tmp_path / "r.csv"
    roster.write_text(
        "player,corp,runner,Table\nAna,decks/std-hb-precision.txt,decks/std-zahya.txt,4\n",
        encoding="utf-8",
    )
    shown = run(str(roster), *STANDARD, "--output-format", "html", "--public-columns", "Table")
    assert shown.exit_code == 0 and "<th>Table</th>" in shown.stdout
    bad = run(str(roster), *STANDARD, "--output-format", "markdown", "--public-columns", "Email")
    assert bad.exit_code == 2 and "no column 'Email'" in bad.stderr
    public_csv = run(str(roster), *STANDARD, "--output-format", "csv", "--audience", "public")
    assert public_csv.exit_code == 2 and "--audience public" in public_csv.stderr


def test_etc_passwd_in_a_cell_is_never_read(tmp_path: Path) -> None:
    roster = tmp_path / "r.csv"
    roster.write_text("player,corp,runner\nMallory,/etc/passwd,../../etc/hostname\n")
    for fmt in ("table", "json", "csv"):
        result = run(str(roster), "--output-format", fmt, "--offline")
        assert result.exit_code == 1
        assert "root:" not in result.stdout
    table = run(str(roster), "--offline").stdout
    assert "--allow-paths-outside" in table and "outside" in table


def test_sort_orders(tmp_path: Path) -> None:
    shutil.copytree(FIXTURES / "decks", tmp_path / "decks")
    roster = tmp_path / "r.csv"
    roster.write_text(
        "player,corp,runner,Table\n"
        "Zed,decks/std-hb-precision.txt,decks/std-zahya.txt,2\n"
        "Amy,decks/std-hb-precision.txt,decks/std-zahya-info-bounty.txt,3\n"
        "Bea,,decks/std-zahya.txt,1\n",
        encoding="utf-8",
    )
    order = {}
    for sort in ("status", "name", "table"):
        result = run(str(roster), *STANDARD, "--sort", sort, "--output-format", "csv")
        order[sort] = [row["player"] for row in csv.DictReader(io.StringIO(result.stdout))]
    assert order == {
        "status": ["Amy", "Bea", "Zed"],
        "name": ["Amy", "Bea", "Zed"],
        "table": ["Bea", "Zed", "Amy"],
    }


def test_compare_with_cobra_marks_changed_lists(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shutil.copytree(FIXTURES / "decks", tmp_path / "decks")
    shutil.copy(FIXTURES / "cobra" / "decks.json", tmp_path / "cobra.json")
    # run from the folder, with relative names: the table (wrapped at 120 columns) holds the
    # same text wherever the project or the temporary folder is
    monkeypatch.chdir(tmp_path)
    roster = Path("links.csv")
    roster.write_text(
        "player,corp,runner\n"
        "Ana Lima,decks/std-hb-precision.txt,decks/std-zahya.txt\n"
        "Eve,decks/std-hb-precision.txt,decks/std-zahya.txt\n",
        encoding="utf-8",
    )
    cobra = "cobra.json"
    result = run(str(roster), *STANDARD, "--compare-with", cobra, "--output-format", "json")
    assert result.exit_code == 0, result.stderr
    by_name = {p["player"]: p for p in json.loads(result.stdout)["players"]}
    assert all(c["same"] for c in by_name["Ana Lima"]["comparisons"])
    eve = {c["side"]: c for c in by_name["Eve"]["comparisons"]}
    assert eve["corp"]["same"] and not eve["runner"]["same"]
    assert eve["runner"]["removed"] == [
        {"card": "info_bounty", "title": "Info Bounty", "copies": 2}
    ]
    table = run(str(roster), *STANDARD, "--compare-with", cobra).stdout
    assert "differs" in table and "Info Bounty" in table
