"""`data status`: the data in use, active snapshots, and restrictions newer than the data's."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from typer.testing import CliRunner

from nrdeck.app.data import data_status
from nrdeck.carddb import CardDB
from nrdeck.cli import app

runner = CliRunner()


def test_status_lists_counts_and_active_snapshots(db: CardDB) -> None:
    report = data_status(db, dt.date(2025, 9, 20))
    assert report.kind == "bundled" and report.dataset_date == "2025-09-17"
    assert set(report.counts) == {"cards", "printings", "formats", "restrictions"}
    standard = next(f for f in report.formats if f.format_id == "standard")
    assert (standard.snapshot_id, standard.card_pool_id, standard.restriction_id) == (
        "standard_31",
        "rotation_2025",
        "standard_ban_list_25_08",
    )
    assert report.warnings == ()  # 25.10 has not started yet on that day


def test_a_started_restriction_newer_than_the_active_one_is_a_warning(db: CardDB) -> None:
    report = data_status(db, dt.date(2025, 10, 3))
    assert len(report.warnings) == 1
    warning = report.warnings[0]
    assert "Standard Ban List 25.10" in warning and "2025-10-03" in warning
    assert "standard_31" in warning and "nrdeck data update" in warning


def test_status_command_prints_the_warning_on_stderr(tmp_path: Path) -> None:
    result = runner.invoke(app, ["data", "status", "--cache-dir", str(tmp_path)])
    assert result.exit_code == 0
    assert result.stdout.startswith("card data: bundled snapshot of 2025-09-17")
    assert "cards: " in result.stdout and "restrictions: " in result.stdout
    if dt.date.today() >= dt.date(2025, 10, 3):
        assert "Standard Ban List 25.10" in result.stderr


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
    assert "card data: netrunner-cards-json, fetched" in status.stdout
