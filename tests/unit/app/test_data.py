"""`data status`: the data in use, what is in force today, and what the data cannot know."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from typer.testing import CliRunner

from nrdeck.app.data import data_status
from nrdeck.catalog import CardDB
from nrdeck.catalog.records import Restriction, UnknownRule
from nrdeck.cli import app
from nrdeck.report.safe import one_line
from nrdeck.report.status import status_text
from tests.builders import database
from tests.ids import STANDARD_BALANCE_26_08
from tests.paths import SNAPSHOT_DATE, assert_golden_cases

runner = CliRunner()
VANTAGE_POINT = "standard_2026_vantage_point"  # Standard's card pool from 2026-03-13
NEWER = Restriction(
    id="standard_ban_list_26_11",
    name="Standard Ban List 26.11",
    format_id="standard",
    date_start=dt.date(2026, 11, 6),
    banned=frozenset({"hedge_fund"}),
)
UNKNOWN = UnknownRule("restriction", "startup_ban_list_24_09", "deckbuilding_rules")


def _with(db: CardDB, *restrictions: Restriction, rules: tuple[UnknownRule, ...] = ()) -> CardDB:
    """The bundled database with extra ban lists or unknown rule keys (as newer data has)."""
    return database(
        db, restrictions=[*db.restrictions.values(), *restrictions], unknown_rules=rules
    )


def test_the_status_and_its_warnings_read_as_the_golden_file_says(db: CardDB) -> None:
    late = dt.date.fromisoformat(SNAPSHOT_DATE) + dt.timedelta(days=91)
    cases = [
        ("status on 2026-03-20", status_text(data_status(db, dt.date(2026, 3, 20)))),
        ("status on 2026-08-01", status_text(data_status(db, dt.date(2026, 8, 1)))),
        *(
            (f"warnings: {case}", "\n".join(data_status(data, day).warnings))
            for case, data, day in (
                ("a list started without a snapshot", _with(db, NEWER), dt.date(2026, 11, 6)),
                ("data older than 90 days", db, late),
                ("a key not understood", _with(db, rules=(UNKNOWN,)), dt.date(2025, 9, 20)),
            )
        ),
    ]
    assert_golden_cases("messages/data-status.txt", cases, __file__)


def test_status_lists_counts_and_the_periods_in_force_today(db: CardDB) -> None:
    report = data_status(db, dt.date(2026, 3, 20))
    assert report.kind == "bundled" and report.dataset_date == f"{SNAPSHOT_DATE}"
    assert set(report.counts) == {"cards", "printings", "formats", "restrictions"}
    standard = next(f for f in report.formats if f.format_id == "standard")
    assert standard.snapshot_id == "standard_34" and standard.card_pool_id == VANTAGE_POINT
    assert standard.restriction_id == "standard_ban_list_26_03"
    assert standard.since == dt.date(2026, 3, 13) and standard.active_snapshot_id == "standard_34"
    assert report.warnings == ()


def test_a_list_in_force_but_not_marked_active_needs_no_update(db: CardDB) -> None:
    # NetrunnerDB still marks standard_34 (26.03) active: updating again would not change that.
    report = data_status(db, dt.date(2026, 8, 1))
    standard = next(f for f in report.formats if f.format_id == "standard")
    assert standard.snapshot_id == "standard_36"
    assert standard.restriction_id == STANDARD_BALANCE_26_08
    assert standard.active_snapshot_id == "standard_34"
    assert report.warnings == ()


def test_a_started_list_without_a_snapshot_is_a_warning_that_says_so(db: CardDB) -> None:
    def about_it(day: dt.date) -> list[str]:
        return [w for w in data_status(_with(db, NEWER), day).warnings if "26.11" in w]

    assert about_it(dt.date(2026, 11, 5)) == []
    (warning,) = about_it(dt.date(2026, 11, 6))
    for named in (NEWER.id, NEWER.name, "2026-11-06", "no snapshot", "standard_36"):
        assert named in warning
    assert "data update" not in warning  # updating would not bring the snapshot


def test_lists_filed_under_standard_for_the_classic_site_are_not_standard_lists(
    db: CardDB,
) -> None:
    # seven Startup lists that NetrunnerDB files under Standard for its classic site only
    classic = [r for r in db.restrictions.values() if r.id.endswith("_for_classic_only")]
    assert len(classic) == 7 and {r.format_id for r in classic} == {"standard"}
    for day in (
        dt.date(2024, 9, 2),
        dt.date(2026, 3, 2),
        dt.date(2026, 4, 1),
        dt.date(2026, 9, 21),
    ):
        assert not [w for w in data_status(db, day).warnings if "classic" in w], day


def test_data_older_than_90_days_before_today_is_a_warning(db: CardDB) -> None:
    snapshot = dt.date.fromisoformat(SNAPSHOT_DATE)
    assert data_status(db, snapshot + dt.timedelta(days=90)).warnings == ()
    late = snapshot + dt.timedelta(days=91)
    (stale,) = data_status(db, late).warnings
    assert "91 days older" in stale and str(late) in stale
    assert db.info.describe() in stale and "nrdeck data update" in stale


def test_keys_nrdeck_does_not_understand_are_listed(db: CardDB) -> None:
    report = data_status(_with(db, rules=(UNKNOWN,)), dt.date(2025, 9, 20))
    assert report.warnings == (UNKNOWN.describe(),)
    assert UNKNOWN.id in report.warnings[0] and UNKNOWN.key in report.warnings[0]


def test_status_command_prints_what_is_in_force_today(db: CardDB, tmp_path: Path) -> None:
    result = runner.invoke(app, ["data", "status", "--cache-dir", str(tmp_path)])
    assert result.exit_code == 0
    assert result.stdout.startswith(f"card data: {db.info.describe()}\n")
    assert "cards: " in result.stdout and "restrictions: " in result.stdout
    today = dt.date.today()
    assert f"in force today ({today}," in result.stdout
    status = data_status(db, today)
    in_force = {line.split(":")[0].strip(): line for line in result.stdout.splitlines()}
    for f in status.formats:
        for named in (f.snapshot_id, f.card_pool_id, f.restriction_id):
            assert named is None or named in in_force[f.format_id], (f.format_id, named)
    standard = next(f for f in status.formats if f.format_id == "standard")
    assert today < dt.date(2026, 8, 1) or standard.snapshot_id == "standard_36"
    for warning in status.warnings:  # the data's staleness, once it is 90 days old
        assert f"nrdeck: warning: {one_line(warning)}\n" in result.stderr


def test_status_with_a_pinned_file(tmp_path: Path) -> None:
    from nrdeck.cards.bundled import snapshot_path

    pinned = tmp_path / "pinned.json"
    pinned.write_bytes(snapshot_path().read_bytes())
    result = runner.invoke(app, ["data", "status", "--data", str(pinned)])
    assert result.exit_code == 0
    assert result.stdout.startswith(f"card data: pinned file {pinned}")


def test_status_with_a_broken_pinned_file_is_exit_3(tmp_path: Path) -> None:
    pinned = tmp_path / "pinned.json"
    pinned.write_text("{")
    result = runner.invoke(app, ["data", "status", "--data", str(pinned)])
    assert result.exit_code == 3
    assert str(pinned) in result.stderr and "Traceback" not in result.output


def test_path_and_clear(tmp_path: Path) -> None:
    result = runner.invoke(app, ["data", "path", "--cache-dir", str(tmp_path / "c")])
    assert result.exit_code == 0 and result.stdout.strip() == str(tmp_path / "c")
    result = runner.invoke(app, ["data", "clear", "--cache-dir", str(tmp_path / "c")])
    assert result.exit_code == 0 and result.stderr == f"nothing cached in {tmp_path / 'c'}\n"


def test_import_of_a_missing_folder_is_a_usage_error(tmp_path: Path) -> None:
    result = runner.invoke(
        app, ["data", "import", str(tmp_path / "nope"), "--cache-dir", str(tmp_path)]
    )
    assert result.exit_code == 2
    assert "no such folder" in result.stderr


def test_import_of_a_folder_that_is_not_cards_json_is_exit_3(tmp_path: Path) -> None:
    (tmp_path / "folder").mkdir()
    result = runner.invoke(
        app, ["data", "import", str(tmp_path / "folder"), "--cache-dir", str(tmp_path)]
    )
    assert result.exit_code == 3
    assert str(tmp_path / "folder") in result.stderr and "netrunner-cards-json" in result.stderr
    assert not (tmp_path / "v1" / "meta.json").exists()


def test_import_fills_the_cache(cards_json: Path, tmp_path: Path) -> None:
    result = runner.invoke(app, ["data", "import", str(cards_json), "--cache-dir", str(tmp_path)])
    assert result.exit_code == 0, result.output
    status = runner.invoke(app, ["data", "status", "--cache-dir", str(tmp_path)])
    today = dt.date.today().isoformat()
    first = status.stdout.splitlines()[0]
    assert first.startswith("card data: ") and "(cache)" in first
    assert "netrunner-cards-json" in first
    assert SNAPSHOT_DATE in first and f"imported {today}" in first
