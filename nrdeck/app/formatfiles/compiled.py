"""The shipped community formats, compiled: ``formats.sqlite`` in the shipped formats' folder.

A check under a shipped format (``--format astro``) takes the format's parsed table from this
file instead of parsing its TOML (the parser's import and the parse cost more than the rest of
reading the format). It is an SQLite file of nrdeck's (``nrdeck.catalog.SqliteFile``): a
``meta`` table saying what it is, and a ``formats`` table with a row per file: its name, the
size and CRC-32 of the bytes it was compiled from, and its table as the TOML parser read it
(JSON; dates, date-times and times as ``{"$date": "…"}``, ``{"$datetime": …}``,
``{"$time": …}``), each row with its checksum. The file is still read (its text gives the
lines in messages), and an entry whose file has changed since is not used; the TOML is parsed
then, as for any format file. A missing or damaged catalogue is not used either.

``python scripts/compile_formats.py`` writes the catalogue; a test keeps it current. Written
deterministically: the same files give the same rows.
"""

from __future__ import annotations

import datetime as dt
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec

from nrdeck.app.formatfiles.text import format_text, read_format_bytes
from nrdeck.atomic import atomic_path
from nrdeck.catalog import DamagedCatalog, SqliteFile
from nrdeck.rules.formatfiles import FormatSource

CATALOG_NAME = "formats.sqlite"
FORMAT = "nrdeck-formats"
SCHEMA = 1
APPLICATION_ID = 0x6E726466  # 'nrdf'
STATEMENTS = (
    "CREATE TABLE meta (key TEXT NOT NULL, value TEXT NOT NULL, checksum INTEGER NOT NULL, "
    "PRIMARY KEY (key)) WITHOUT ROWID",
    "CREATE TABLE formats (file TEXT NOT NULL, size INTEGER NOT NULL, crc32 INTEGER NOT NULL, "
    "format_table TEXT NOT NULL, checksum INTEGER NOT NULL, PRIMARY KEY (file)) WITHOUT ROWID",
)
_SELECT = "SELECT file, size, crc32, format_table, checksum FROM formats"
Row = tuple[Any, ...]
# what JSON has no word for, tagged (a date-time is a date too: tried first)
_KINDS: tuple[tuple[str, type[dt.date] | type[dt.time]], ...] = (
    ("$datetime", dt.datetime),
    ("$date", dt.date),
    ("$time", dt.time),
)
_READ: dict[str, Callable[[str], Any]] = {
    "$datetime": dt.datetime.fromisoformat,
    "$date": dt.date.fromisoformat,
    "$time": dt.time.fromisoformat,
}


def compiled_source(path: Path) -> FormatSource | None:
    """The shipped format file ``path``, its table from the catalogue beside it; None when the
    catalogue is missing, damaged, or compiled from other bytes than the file holds now."""
    row = _row(path.parent / CATALOG_NAME, path.name)
    if row is None:
        return None
    _, size, crc32, table = row
    data = read_format_bytes(path)
    if len(data) != size or zlib.crc32(data) != crc32:
        return None
    return FormatSource(path=str(path), text=format_text(path, data), table=table, shipped=True)


def _row(catalogue: Path, name: str) -> Row | None:
    """The catalogue's row of the file ``name`` (its table decoded), None when there is none
    or the catalogue cannot be read."""
    try:
        file = SqliteFile.open(catalogue, immutable=True)
        if file is None:
            return None
        try:
            meta = {key: value for key, value, _ in file.rows("SELECT * FROM meta")}
            if meta.get("format") != FORMAT or meta.get("schema_version") != str(SCHEMA):
                return None
            rows = file.rows(_SELECT + " WHERE file = ?", (name,))
        finally:
            file.close()
        if not rows:
            return None
        found, size, crc32, table, _ = rows[0]
        return found, size, crc32, _untagged(msgspec.json.decode(table))
    except (DamagedCatalog, msgspec.DecodeError, ValueError):
        return None


def compiled_rows(folder: Path) -> list[Row]:
    """The catalogue's ``formats`` rows for every ``*.toml`` in ``folder`` (checksums aside),
    each read as a format file is (a usage error naming the file and line when one cannot
    be; ValueError for a table the catalogue cannot hold as it is)."""
    from nrdeck.app.formatfiles.reader import read_format_source  # the gateway to tomllib

    rows = []
    for path in sorted(folder.glob("*.toml")):
        data = read_format_bytes(path)
        table = dict(read_format_source(path).table)
        text = msgspec.json.encode(_tagged(table), order="sorted").decode("utf-8")
        if _untagged(msgspec.json.decode(text)) != table:
            raise ValueError(f"{path}: its table cannot be stored as it is (a key like $date)")
        rows.append((path.name, len(data), zlib.crc32(data), text))
    return rows


def stored_rows(catalogue: Path) -> list[Row] | None:
    """The ``formats`` rows a catalogue holds (checksums aside), None when it cannot be read."""
    try:
        file = SqliteFile.open(catalogue, immutable=True)
        if file is None:
            return None
        try:
            return [row[:-1] for row in file.rows(_SELECT + " ORDER BY file")]
        finally:
            file.close()
    except DamagedCatalog:
        return None


def write_formats_catalogue(folder: Path, target: Path) -> None:
    """Write the catalogue of the format files in ``folder`` at ``target`` (a temporary file
    beside it, checked by SQLite, renamed into place)."""
    meta = [("format", FORMAT), ("schema_version", str(SCHEMA))]
    tables = {"meta": meta, "formats": compiled_rows(folder)}
    with atomic_path(target) as temporary:
        SqliteFile.write(
            temporary, STATEMENTS, tables, application_id=APPLICATION_ID, version=SCHEMA
        )


def _tagged(value: Any) -> Any:
    """The value with every date, date-time and time as a tagged object (JSON has none)."""
    if isinstance(value, dict):
        return {key: _tagged(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_tagged(item) for item in value]
    for tag, kind in _KINDS:
        if isinstance(value, kind):
            return {tag: value.isoformat()}
    return value


def _untagged(value: Any) -> Any:
    """The value with every tagged object as its date, date-time or time."""
    if isinstance(value, list):
        return [_untagged(item) for item in value]
    if not isinstance(value, dict):
        return value
    if len(value) == 1:
        ((tag, text),) = value.items()
        read = _READ.get(tag)
        if read is not None and isinstance(text, str):
            return read(text)
    return {key: _untagged(item) for key, item in value.items()}
