"""nrdeck's SQLite files (the card catalogue, the shipped formats' catalogue): how they are
written and read.

Written into a new, empty file (a temporary one the caller renames into place), its rows in
key order, checked with SQLite's ``quick_check``. Read only when it is a regular file (a FIFO,
a device or a link to one is never opened: no hang, no endless read), opened read-only, every
row it gives checked against the checksum that ends it (SQLite checks the file's structure,
not the bytes of a value). Any error SQLite raises while reading, and any row whose checksum
does not match, is a damaged file (``DamagedCatalog``).
"""

from __future__ import annotations

import os
import sqlite3
import stat
import threading
import zlib
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

Row = tuple[Any, ...]
_SEPARATOR = "\x1f"


class DamagedCatalog(ValueError):
    """A file that cannot be read: not a regular file, SQLite's error, or a row whose checksum
    does not match (the file was damaged after it was written)."""


def row_checksum(values: Sequence[object]) -> int:
    """The CRC-32 of a row's values (all its columns but the checksum), each written as text
    (an integer in decimal, NULL as nothing), separated by U+001F (the unit separator), in
    UTF-8."""
    return zlib.crc32(_SEPARATOR.join(["" if v is None else str(v) for v in values]).encode())


class SqliteFile:
    """An SQLite file of nrdeck's, open for reading; one query at a time (a server's threads
    may share it)."""

    def __init__(self, path: Path, connection: sqlite3.Connection) -> None:
        self.path = path
        self._connection = connection
        self._lock = threading.Lock()

    @classmethod
    def open(cls, path: Path, *, immutable: bool = False) -> SqliteFile | None:
        """The file at ``path`` opened read-only (None: nothing there). DamagedCatalog when
        what is there is not a regular file, or SQLite cannot open it.

        ``immutable``: a file nobody changes in place (shipped inside nrdeck, or written
        under a new name and renamed into place), which SQLite then reads without locking.
        """
        connection = connect(path, immutable=immutable)
        return None if connection is None else cls(path, connection)

    def close(self) -> None:
        """Close the file."""
        self._connection.close()

    @staticmethod
    def write(
        path: Path,
        statements: Sequence[str],
        tables: Mapping[str, Sequence[Row]],
        *,
        application_id: int,
        version: int,
    ) -> None:
        """Create in the new, empty file at ``path`` the tables of ``statements`` (then their
        indexes: the statements past the tables'), insert each table's rows in the order
        given, each with its checksum, and check the file with SQLite's ``quick_check``.
        OSError when it cannot be written or does not check out."""
        try:
            connection = sqlite3.connect(path, isolation_level=None)
            try:
                _fill(connection, statements, tables, application_id, version)
                problems = [row[0] for row in connection.execute("PRAGMA quick_check")]
            finally:
                connection.close()
        except sqlite3.Error as exc:
            raise OSError(f"{path}: cannot write it ({exc})") from exc
        if problems != ["ok"]:
            raise OSError(f"{path}: the new file fails SQLite's check: {problems[:3]}")

    def rows(self, sql: str, parameters: Sequence[object] = ()) -> list[Row]:
        """The rows a query gives, each checked against its checksum, its last column (which
        is kept)."""
        rows = self.plain(sql, parameters)
        for row in rows:
            if row_checksum(row[:-1]) != row[-1]:
                table = sql.split(" FROM ", 1)[-1].split(" ", 1)[0]
                raise DamagedCatalog(f"a row of {table} does not match its checksum")
        return rows

    def plain(self, sql: str, parameters: Sequence[object] = ()) -> list[Row]:
        """The rows a query gives, as they are."""
        try:
            with self._lock:
                return self._connection.execute(sql, parameters).fetchall()
        except sqlite3.Error as exc:
            raise DamagedCatalog(f"SQLite: {exc}") from exc

    def check(self, tables: Iterable[str]) -> None:
        """DamagedCatalog unless SQLite's ``quick_check`` finds nothing wrong and every row
        of ``tables`` matches its checksum."""
        found = [row[0] for row in self.plain("PRAGMA quick_check")]
        if found != ["ok"]:
            raise DamagedCatalog(f"SQLite's check: {'; '.join(map(str, found[:3]))}")
        for table in tables:
            self.rows(f"SELECT * FROM {table}")


def connect(path: Path, *, immutable: bool) -> sqlite3.Connection | None:
    """A read-only connection to the regular file at ``path`` (None: nothing there)."""
    try:
        mode = os.stat(path).st_mode
    except (FileNotFoundError, NotADirectoryError):
        return None
    except OSError as exc:
        raise DamagedCatalog(f"cannot be read ({exc.strerror or exc})") from exc
    if not stat.S_ISREG(mode):
        raise DamagedCatalog("not a regular file")
    uri = Path(os.path.abspath(path)).as_uri() + "?mode=ro" + ("&immutable=1" if immutable else "")
    try:
        return sqlite3.connect(uri, uri=True, check_same_thread=False)
    except sqlite3.Error as exc:
        raise DamagedCatalog(f"SQLite cannot open it ({exc})") from exc


def _fill(
    connection: sqlite3.Connection,
    statements: Sequence[str],
    tables: Mapping[str, Sequence[Row]],
    application_id: int,
    version: int,
) -> None:
    connection.execute("PRAGMA journal_mode = OFF")  # a new file: kept only once whole
    connection.execute("PRAGMA synchronous = OFF")  # the caller syncs it before the rename
    connection.execute(f"PRAGMA application_id = {int(application_id)}")
    connection.execute(f"PRAGMA user_version = {int(version)}")
    creates = [s for s in statements if s.startswith("CREATE TABLE")]
    connection.execute("BEGIN")
    for statement in creates:
        connection.execute(statement)
    for name, rows in tables.items():
        if rows:
            marks = ", ".join("?" * (len(rows[0]) + 1))
            connection.executemany(
                f"INSERT INTO {name} VALUES ({marks})",
                ((*row, row_checksum(row)) for row in rows),
            )
    for statement in statements:
        if statement not in creates:
            connection.execute(statement)
    connection.execute("COMMIT")
