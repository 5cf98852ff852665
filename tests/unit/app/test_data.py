"""`data status`: the data in use, what is in force today, and what the data cannot know."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from typer.testing import CliRunner

from nrdeck.app.data import data_status
from nrdeck.catalog import CardDB, Restriction, UnknownRule
from nrdeck.cli import app
from tests.builders import database
from tests.paths import SNAPSHOT_DATE

runner = CliRunner()


def _with(db: CardDB, *restrictions: Restriction, rules: tuple[UnknownRule, ...] = ()) -> CardDB:
    """The bundled database with extra ban lists or unknown rule keys (as newer data has)."""
    return database(
        db, restrictions=[*db.restrictions.values(), *restrictions], unknown_rules=rules
    )


def test_status_lists_counts_and_the_periods_in_force_today(db: CardDB) -> None:
    report = data_status(db, dt.date(2026, 3, 20))
    assert report.kind == "bundled" and report.dataset_date == f"{SNAPSHOT_DATE}"
    assert set(report.counts) == {"cards", "printings", "formats", "restrictions"}
    standard = next(f for f in report.formats if f.format_id == "standard")
    assert (standard.snapshot_id, standard.card_pool_id, standard.restriction_id) == (
        "standard_34",
        "standard_2026_vantage_point",
        "standard_ban_list_26_03",
    )
    assert standard.since == dt.date(2026, 3, 13) and standard.active_snapshot_id == "standard_34"
    assert report.warnings == ()


def test_a_list_in_force_but_not_marked_active_needs_no_update(db: CardDB) -> None:
    # NetrunnerDB still marks standard_34 (26.03) active: updating again would not change that.
    report = data_status(db, dt.date(2026, 8, 1))
    standard = next(f for f in report.formats if f.format_id == "standard")
    assert (standard.snapshot_id, standard.restriction_id) == (
        "standard_36",
        "standard_balance_update_26_08",
    )
    assert standard.active_snapshot_id == "standard_34"
    assert report.warnings == ()


def test_a_started_list_without_a_snapshot_is_a_warning_that_says_so(db: CardDB) -> None:
    newer = Restriction(
        id="standard_ban_list_26_11",
        name="Standard Ban List 26.11",
        format_id="standard",
        date_start=dt.date(2026, 11, 6),
        banned=frozenset({"hedge_fund"}),
    )

    def about_it(day: dt.date) -> list[str]:
        return [w for w in data_status(_with(db, newer), day).warnings if "26.11" in w]

    assert about_it(dt.date(2026, 11, 5)) == []
    (warning,) = about_it(dt.date(2026, 11, 6))
    assert "Standard Ban List 26.11 (standard_ban_list_26_11) started on 2026-11-06" in warning
    assert "NetrunnerDB has no snapshot for it yet" in warning and "standard_36" in warning
    assert "data update" not in warning


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
    assert f"91 days older than the date checked ({late})" in stale
    assert f"bundled snapshot of {SNAPSHOT_DATE}" in stale and "nrdeck data update" in stale


def test_keys_nrdeck_does_not_understand_are_listed(db: CardDB) -> None:
    unknown = UnknownRule("restriction", "startup_ban_list_24_09", "deckbuilding_rules")
    report = data_status(_with(db, rules=(unknown,)), dt.date(2025, 9, 20))
    assert report.warnings == (
        "restriction startup_ban_list_24_09 has a key nrdeck does not understand: "
        "deckbuilding_rules",
    )


def test_status_command_prints_what_is_in_force_today(tmp_path: Path) -> None:
    result = runner.invoke(app, ["data", "status", "--cache-dir", str(tmp_path)])
    assert result.exit_code == 0
    assert result.stdout.startswith(f"card data: bundled snapshot of {SNAPSHOT_DATE}")
    assert "cards: " in result.stdout and "restrictions: " in result.stdout
    today = dt.date.today()
    assert f"in force today ({today}, the corrected timeline):" in result.stdout
    if today >= dt.date(2026, 8, 1):
        assert (
            "standard: standard_36 (pool standard_2026_vantage_point; "
            "standard_balance_update_26_08)"
        ) in result.stdout
    if today >= dt.date(2026, 9, 21):
        assert "startup: startup_11 (pool startup_vantage_point; startup_balance_update_26_09)" in (
            result.stdout
        )
    if today > dt.date.fromisoformat(SNAPSHOT_DATE) + dt.timedelta(days=90):
        assert "days older than the date checked" in result.stderr
    else:
        assert "days older than the date checked" not in result.stderr


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
    assert "not a netrunner-cards-json folder" in result.stderr
    assert not (tmp_path / "v1" / "meta.json").exists()


def test_import_fills_the_cache(cards_json: Path, tmp_path: Path) -> None:
    result = runner.invoke(app, ["data", "import", str(cards_json), "--cache-dir", str(tmp_path)])
    assert result.exit_code == 0, result.output
    status = runner.invoke(app, ["data", "status", "--cache-dir", str(tmp_path)])
    today = dt.date.today().isoformat()
    assert status.stdout.startswith(
        f"card data: netrunner-cards-json of {SNAPSHOT_DATE}, imported {today} (cache)"
    )
