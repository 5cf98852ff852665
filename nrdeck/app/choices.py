"""The values shell completion offers for --format, --snapshot, --banlist and --input-format."""

from __future__ import annotations

from collections.abc import Iterable

from nrdeck.app.formatfiles.shipped import format_source, shipped_format_ids
from nrdeck.app.inputs.cards import DataSettings, load_database
from nrdeck.catalog import CardDB
from nrdeck.decklist import INPUT_FORMATS
from nrdeck.errors import NrdeckError
from nrdeck.rules.calendar import (
    BUILTIN_FORMATS,
    format_named,
    list_numbers,
    restriction_names,
)
from nrdeck.rules.formatfiles import CommunityFormat, community_list_names, read_format_file


def matching(values: Iterable[str], incomplete: str) -> list[str]:
    """The values starting with what was typed (case does not matter), in order, once."""
    typed = incomplete.casefold()
    return [v for v in dict.fromkeys(values) if v.casefold().startswith(typed)]


def format_names(incomplete: str) -> list[str]:
    """Format ids: the built-in ones, then the community formats nrdeck ships."""
    return matching([*BUILTIN_FORMATS, *shipped_format_ids()], incomplete)


def input_format_names(incomplete: str) -> list[str]:
    """Decklist formats, and ``auto``."""
    return matching(INPUT_FORMATS, incomplete)


def snapshot_names(data: DataSettings, format_text: str | None, incomplete: str) -> list[str]:
    """The format's snapshot ids, newest first, then its lists' numbers (none when the card
    data cannot be read)."""
    found = _format_in(data, format_text)
    if found is None:
        return []
    db, format_id = found
    snaps = sorted(db.snapshots_of(format_id), key=lambda s: s.date_start, reverse=True)
    return matching([*(s.id for s in snaps), *list_numbers(db, format_id)], incomplete)


def banlist_names(data: DataSettings, format_text: str | None, incomplete: str) -> list[str]:
    """What --banlist takes for the format: latest, active, short names, ids (a community
    format's: latest, its lists' numbers and ids)."""
    community = _community(data, format_text)
    if community is not None:
        return matching(community_list_names(community), incomplete)
    found = _format_in(data, format_text)
    if found is None:
        return []
    db, format_id = found
    return matching(restriction_names(db, format_id), incomplete)


def _community(data: DataSettings, format_text: str | None) -> CommunityFormat | None:
    """The shipped community format ``--format`` names, read (None: none, or unreadable)."""
    try:
        db = load_database(data)
        source = format_source(format_text or "standard", None, db)
        found = read_format_file(db, source) if source is not None else None
    except NrdeckError:
        return None
    return found if isinstance(found, CommunityFormat) else None


def _format_in(data: DataSettings, format_text: str | None) -> tuple[CardDB, str] | None:
    """The card data and the format a completion is about (default Standard), or None."""
    try:
        db = load_database(data)
        format_id = format_named(db, format_text or "standard")
    except NrdeckError:
        return None
    return (db, format_id) if format_id in db.formats else None
