"""Catalogues as another nrdeck would write them: a meta row rewritten, its checksum made to
match (so the file is whole, only not of this nrdeck's schema)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from nrdeck.catalog.sqlitefile import row_checksum


def set_meta(path: Path, key: str, value: str) -> None:
    """Give the meta row ``key`` of the SQLite file at ``path`` the value ``value``."""
    with sqlite3.connect(path) as connection:
        connection.execute(
            "UPDATE meta SET value = ?, checksum = ? WHERE key = ?",
            (value, row_checksum((key, value)), key),
        )
    connection.close()
