"""The shipped community formats as the history commands use them (`timeline`, `card`,
`data periods`): read, checked against the card data, on their dated line.

Apart from ``nrdeck.app.formatfiles.shipped`` so that checking a deck does not load the history
machinery.
"""

from __future__ import annotations

from pathlib import Path

import msgspec

from nrdeck.app.formatfiles.shipped import format_source, read_shipped_formats, shipped_format_ids
from nrdeck.catalog import CardDB
from nrdeck.errors import UsageError
from nrdeck.rules.formatfiles import (
    CommunityFormat,
    CommunityLine,
    FormatSource,
    community_warning,
    gives_way,
    official_note,
    read_format_file,
    require_same_format,
)
from nrdeck.rules.history import DatedFormat, dated_format


class FormatChoice(msgspec.Struct, frozen=True):
    """The format file a history follows (None: a format of the card data's own), and what a
    report says about the choice between a shipped file and the card data's format."""

    source: FormatSource | None
    note: str | None = None  # the card data's format used, not the shipped file of its id
    warnings: tuple[str, ...] = ()  # the shipped file used where newer data defines it


def choose_format(db: CardDB, format_id: str, format_file: Path | None) -> FormatChoice:
    """``--format-file``, else the shipped community format ``--format`` names unless the card
    data defines that format itself (its own wins), else None."""
    source = format_source(format_id, format_file)
    if source is not None and gives_way(db, source):
        return FormatChoice(None, note=official_note(db, source))
    warning = community_warning(db, source) if source is not None else None
    return FormatChoice(source, warnings=(warning,) if warning else ())


def dated_format_for(
    db: CardDB, format_id: str, format_file: Path | None, format_given: bool = False
) -> tuple[DatedFormat, FormatChoice]:
    """The dated format a history follows: ``--format-file``, the shipped community format
    ``--format`` names, or a format of the card data (its file read here, checked by the
    rules). ``format_given``: --format was given on purpose, and a format file must agree."""
    choice = choose_format(db, format_id, format_file)
    fmt = read_format_file(db, choice.source) if choice.source is not None else None
    if fmt is not None and format_file is not None and format_given:
        require_same_format(db, fmt, format_id)
    return dated_format(db, format_id, fmt, shipped_format_ids()), choice


def shipped_lines(db: CardDB) -> tuple[list[DatedFormat], list[str]]:
    """Every shipped community format the card data does not define as a dated format
    (``nrdeck card`` shows them), and a warning for each the card data cannot read (older
    data lacking a set the format names)."""
    lines: list[DatedFormat] = []
    warnings: list[str] = []
    for source in read_shipped_formats(db):
        try:
            fmt = read_format_file(db, source)
        except UsageError as err:
            warnings.append(f"community format left out: {err.message}")
            continue
        if isinstance(fmt, CommunityFormat):
            lines.append(CommunityLine(db, fmt))
    return lines, warnings


def shipped_community(db: CardDB, format_id: str) -> tuple[CommunityFormat | None, FormatChoice]:
    """The shipped community format ``format_id`` names, read and checked (None: none, or the
    card data defines that format itself), and the choice made."""
    choice = choose_format(db, format_id, None)
    fmt = read_format_file(db, choice.source) if choice.source is not None else None
    return (fmt if isinstance(fmt, CommunityFormat) else None), choice
