"""The shipped community formats as the history commands use them (`timeline`, `card`,
`data periods`): read, checked against the card data, on their dated line.

Apart from ``nrdeck.app.inputs.formats`` so that checking a deck does not load the history
machinery.
"""

from __future__ import annotations

from pathlib import Path

from nrdeck.app.inputs.formats import format_source, read_shipped_formats, shipped_format_ids
from nrdeck.carddb import CardDB
from nrdeck.errors import UsageError
from nrdeck.rules.community import CommunityLine
from nrdeck.rules.communityfile import read_format_file
from nrdeck.rules.communityspec import CommunityFormat
from nrdeck.rules.fileselection import require_same_format
from nrdeck.rules.history import DatedFormat, dated_format


def dated_format_for(
    db: CardDB, format_id: str, format_file: Path | None, format_given: bool = False
) -> DatedFormat:
    """The dated format a history follows: ``--format-file``, the shipped community format
    ``--format`` names, or a built-in format (its file read here, checked by the rules).
    ``format_given``: --format was given on purpose, and a format file must agree with it."""
    source = format_source(format_id, format_file)
    fmt = read_format_file(db, source) if source is not None else None
    if fmt is not None and format_file is not None and format_given:
        require_same_format(db, fmt, format_id)
    return dated_format(db, format_id, fmt, shipped_format_ids())


def shipped_lines(db: CardDB) -> tuple[list[DatedFormat], list[str]]:
    """Every shipped community format as a dated format (``nrdeck card`` shows them), and a
    warning for each the card data cannot read (older data lacking a set the format names)."""
    lines: list[DatedFormat] = []
    warnings: list[str] = []
    for source in read_shipped_formats():
        try:
            fmt = read_format_file(db, source)
        except UsageError as err:
            warnings.append(f"community format left out: {err.message}")
            continue
        if isinstance(fmt, CommunityFormat):
            lines.append(CommunityLine(db, fmt))
    return lines, warnings


def shipped_community(db: CardDB, format_id: str) -> CommunityFormat | None:
    """The shipped community format ``format_id`` names, read and checked (None: none)."""
    source = format_source(format_id, None)
    fmt = read_format_file(db, source) if source is not None else None
    return fmt if isinstance(fmt, CommunityFormat) else None
