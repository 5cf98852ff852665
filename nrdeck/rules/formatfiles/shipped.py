"""A community format nrdeck ships beside a format of the card data's own with the same id.

The card data's format wins (docs/community-formats.md): nrdeck shipped jinteki.net's Core
before NetrunnerDB defined one, and that file now serves only card data without ``core``
(older caches, pinned documents). Every report says which of the two it used.
"""

from __future__ import annotations

import datetime as dt

from nrdeck.catalog import CardDB
from nrdeck.rules.calendar import BUILTIN_FORMATS
from nrdeck.rules.formatfiles.source import FormatSource


def gives_way(db: CardDB, source: FormatSource) -> bool:
    """True for a shipped community format whose id is a format of the card data's own."""
    return source.shipped and source.format_id is not None and source.format_id in db.formats


def official_note(db: CardDB, source: FormatSource) -> str:
    """'Core (core) is NetrunnerDB's format, from the card data; the community Core …'."""
    format_id = source.format_id or ""
    name = db.formats[format_id].name
    return (
        f"{name} ({format_id}) is NetrunnerDB's format, from the card data; the community "
        f"{_shipped_name(source)} that nrdeck ships{_since(source)} serves only card data "
        "that does not define it"
    )


def community_warning(db: CardDB, source: FormatSource) -> str | None:
    """When a shipped community format stands in for one NetrunnerDB defines in newer card
    data: 'the card data in use (…) does not define core: using the community Core …'."""
    format_id = source.format_id
    if not source.shipped or format_id not in BUILTIN_FORMATS or format_id in db.formats:
        return None
    return (
        f"the card data in use ({db.info.describe()}) does not define the format {format_id}: "
        f"using the community {_shipped_name(source)} that nrdeck ships{_since(source)}; newer "
        f"card data defines NetrunnerDB's own {format_id}"
    )


def _shipped_name(source: FormatSource) -> str:
    name = source.table.get("name")
    return name if isinstance(name, str) else source.format_id or "format"


def _since(source: FormatSource) -> str:
    """' (from 2025-05-04)': the file's first period, when it is written plainly."""
    periods = source.table.get("periods")
    first = periods[0] if isinstance(periods, list) and periods else None
    start = first.get("from") if isinstance(first, dict) else None
    return f" (from {start})" if isinstance(start, dt.date) else ""
