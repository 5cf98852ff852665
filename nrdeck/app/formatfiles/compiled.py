"""The shipped community formats, compiled: ``formats.catalog`` in the shipped formats' folder.

A check under a shipped format (``--format astro``) takes the format's parsed table from this
file instead of parsing its TOML (the parser's import and the parse cost more than the rest of
reading the format). Each entry holds a file's table as the TOML parser read it, dates as
MessagePack extensions, with the size and CRC-32 of the bytes it was compiled from: the file is
still read (its text gives the lines in messages), and an entry whose file has changed since
is not used; the TOML is parsed then, as for any format file. A missing or damaged catalogue
is not used either.

``python scripts/compile_formats.py`` writes the catalogue; a test keeps it current. Written
deterministically: the same files give the same bytes.
"""

from __future__ import annotations

import datetime as dt
import zlib
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

import msgspec

from nrdeck.app.formatfiles.text import format_text, read_format_bytes
from nrdeck.rules.formatfiles import FormatSource

CATALOG_NAME = "formats.catalog"
CATALOG_FORMAT = "nrdeck-formats"
CATALOG_SCHEMA = 1
_DATE, _DATETIME, _TIME = 1, 2, 3  # MessagePack extension codes: ISO 8601 text


class CompiledFormat(msgspec.Struct, frozen=True):
    """One shipped format file, parsed: its size and CRC-32, and its table."""

    size: int
    crc32: int
    table: dict[str, Any]


class FormatsCatalog(msgspec.Struct, frozen=True):
    """Every shipped format file, by file name."""

    format: str
    schema_version: int
    formats: dict[str, CompiledFormat]


def compiled_source(path: Path) -> FormatSource | None:
    """The shipped format file ``path``, its table from the catalogue beside it; None when the
    catalogue is missing, damaged, or compiled from other bytes than the file holds now."""
    entry = _catalog(path.parent).get(path.name)
    if entry is None:
        return None
    data = read_format_bytes(path)
    if len(data) != entry.size or zlib.crc32(data) != entry.crc32:
        return None
    return FormatSource(
        path=str(path), text=format_text(path, data), table=entry.table, shipped=True
    )


@cache
def _catalog(folder: Path) -> Mapping[str, CompiledFormat]:
    try:
        data = (folder / CATALOG_NAME).read_bytes()
        found = msgspec.msgpack.decode(data, type=FormatsCatalog, ext_hook=_from_ext)
    except (OSError, msgspec.DecodeError, ValueError):
        return {}
    if found.format != CATALOG_FORMAT or found.schema_version != CATALOG_SCHEMA:
        return {}
    return found.formats


def compile_formats(folder: Path) -> bytes:
    """The catalogue of every ``*.toml`` in ``folder``, each read as a format file is (a usage
    error naming the file and line when one cannot be)."""
    from nrdeck.app.formatfiles.reader import read_format_source  # the gateway to tomllib

    formats = {}
    for path in sorted(folder.glob("*.toml")):
        data = read_format_bytes(path)
        table = _tagged(dict(read_format_source(path).table))
        formats[path.name] = CompiledFormat(size=len(data), crc32=zlib.crc32(data), table=table)
    catalog = FormatsCatalog(CATALOG_FORMAT, CATALOG_SCHEMA, formats)
    return msgspec.msgpack.Encoder(order="deterministic").encode(catalog)


def _tagged(value: Any) -> Any:
    """The value with every date, date-time and time as an extension (msgspec would write
    them as text, read back as text)."""
    if isinstance(value, dict):
        return {key: _tagged(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_tagged(item) for item in value]
    # a datetime is a date too: tested first
    for code, kind in ((_DATETIME, dt.datetime), (_DATE, dt.date), (_TIME, dt.time)):
        if isinstance(value, kind):
            return msgspec.msgpack.Ext(code, value.isoformat().encode("ascii"))
    return value


def _from_ext(code: int, data: memoryview) -> Any:
    text = bytes(data).decode("ascii")
    if code == _DATE:
        return dt.date.fromisoformat(text)
    if code == _DATETIME:
        return dt.datetime.fromisoformat(text)
    if code == _TIME:
        return dt.time.fromisoformat(text)
    raise ValueError(f"unknown extension {code}")
