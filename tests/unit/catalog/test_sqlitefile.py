"""nrdeck's SQLite files: written checked, opened read-only and only when a regular file, each
row checked against its checksum."""

from __future__ import annotations

import os
import sqlite3
import zlib
from pathlib import Path

import pytest

from nrdeck.catalog.sqlitefile import DamagedCatalog, SqliteFile, row_checksum

STATEMENTS = ["CREATE TABLE t (k TEXT NOT NULL PRIMARY KEY, v INTEGER, checksum INTEGER)"]


def _written(tmp_path: Path, rows: list[tuple[object, ...]]) -> Path:
    path = tmp_path / "f.sqlite"
    path.touch()
    SqliteFile.write(path, STATEMENTS, {"t": rows}, application_id=7, version=3)
    return path


def test_the_checksum_is_the_crc32_of_the_values_as_text_between_unit_separators() -> None:
    row = ("Déjà Vu", 3, None, 'a "quote"')
    assert row_checksum(row) == zlib.crc32('Déjà Vu\x1f3\x1f\x1fa "quote"'.encode())
    assert row_checksum(("ab", "c")) != row_checksum(("a", "bc"))


def test_a_written_file_reads_back_its_rows_and_says_what_it_is(tmp_path: Path) -> None:
    path = _written(tmp_path, [("a", 1), ("b", None)])
    file = SqliteFile.open(path)
    assert file is not None
    try:
        rows = file.rows("SELECT k, v, checksum FROM t ORDER BY k")
        assert [row[:-1] for row in rows] == [("a", 1), ("b", None)]
        assert file.plain("PRAGMA application_id") == [(7,)]
        assert file.plain("PRAGMA user_version") == [(3,)]
        file.check(["t"])
    finally:
        file.close()


def test_it_is_opened_read_only(tmp_path: Path) -> None:
    file = SqliteFile.open(_written(tmp_path, [("a", 1)]))
    assert file is not None
    with pytest.raises(DamagedCatalog, match="readonly"):
        file.plain("DELETE FROM t")
    file.close()


def test_a_row_that_does_not_match_its_checksum_is_damage(tmp_path: Path) -> None:
    path = _written(tmp_path, [("a", 1), ("b", 2)])
    with sqlite3.connect(path) as connection:
        connection.execute("UPDATE t SET v = 5 WHERE k = 'b'")
    connection.close()
    file = SqliteFile.open(path)
    assert file is not None
    assert file.rows("SELECT * FROM t WHERE k = 'a'")[0][:2] == ("a", 1)
    with pytest.raises(DamagedCatalog, match="checksum"):
        file.rows("SELECT * FROM t")
    with pytest.raises(DamagedCatalog):
        file.check(["t"])
    file.close()


def test_nothing_there_is_none(tmp_path: Path) -> None:
    assert SqliteFile.open(tmp_path / "missing.sqlite") is None
    assert SqliteFile.open(tmp_path / "missing" / "f.sqlite") is None


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="POSIX FIFOs")
def test_what_is_not_a_regular_file_is_never_opened(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo.sqlite"
    os.mkfifo(fifo)  # opened, it would wait for a writer forever
    (tmp_path / "folder.sqlite").mkdir()
    (tmp_path / "zero.sqlite").symlink_to("/dev/zero")
    for name in ("fifo.sqlite", "folder.sqlite", "zero.sqlite"):
        with pytest.raises(DamagedCatalog, match="not a regular file"):
            SqliteFile.open(tmp_path / name)


@pytest.mark.parametrize("content", [b"", b"\x00" * 5000, b"SQLite format 3\x00" + b"\xff" * 200])
def test_what_sqlite_cannot_read_is_damage(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "f.sqlite"
    path.write_bytes(content)
    file = SqliteFile.open(path)
    assert file is not None  # SQLite reads nothing until it is asked
    with pytest.raises(DamagedCatalog):
        file.rows("SELECT k, v, checksum FROM t")
    file.close()


def test_a_file_that_cannot_be_written_is_an_os_error(tmp_path: Path) -> None:
    path = tmp_path / "f.sqlite"
    path.touch()
    with pytest.raises(OSError, match="cannot write it"):
        SqliteFile.write(
            path,
            ["CREATE TABLE t (k TEXT PRIMARY KEY, checksum INTEGER)"],
            {"t": [("a",), ("a",)]},
            application_id=1,
            version=1,
        )
