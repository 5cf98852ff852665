"""What is in force under a format file: a house format on its base, or a community format."""

from __future__ import annotations

import datetime as dt

from msgspec.structs import replace

from nrdeck.catalog import CardDB
from nrdeck.errors import UsageError
from nrdeck.rules.calendar import CASUAL_TIER, InForce, format_named, key_of
from nrdeck.rules.formatfiles.community import select_community
from nrdeck.rules.formatfiles.community_file import read_format_file
from nrdeck.rules.formatfiles.community_spec import CommunityFormat
from nrdeck.rules.formatfiles.house import select_house
from nrdeck.rules.formatfiles.shipped import community_warning
from nrdeck.rules.formatfiles.source import FormatSource
from nrdeck.rules.formatfiles.toplevel import HouseFormat


def select_from_file(
    db: CardDB,
    source: FormatSource,
    format_id: str,
    *,
    today: dt.date,
    as_of: dt.date | None = None,
    snapshot_id: str | None = None,
    banlist_id: str | None = None,
    tier: str = CASUAL_TIER,
    format_given: bool = False,
) -> InForce:
    """What is in force under a format file, on the fields ``select_builtin`` takes:
    ``format_given``: ``--format`` was given on purpose, and the file must agree with it."""
    found = read_format_file(db, source)
    if format_given:
        require_same_format(db, found, format_id)
    if isinstance(found, CommunityFormat):
        in_force = select_community(
            db,
            found,
            today=today,
            as_of=as_of,
            snapshot_id=snapshot_id,
            banlist_id=banlist_id,
            tier=tier,
        )
        warning = community_warning(db, source)
        if warning is None:
            return in_force
        period = in_force.period
        return replace(in_force, period=replace(period, warnings=(warning, *period.warnings)))
    return select_house(
        db,
        found,
        format_id,
        today=today,
        as_of=as_of,
        snapshot_id=snapshot_id,
        banlist_id=banlist_id,
        tier=tier,
    )


def require_same_format(db: CardDB, found: HouseFormat | CommunityFormat, format_id: str) -> None:
    """A usage error when ``--format``, given on purpose, names another format than the file's
    own: a community format's, or the ``base`` or ``card_pool`` of a house format (a house
    file naming neither, or no format that exists, builds on ``--format``)."""
    own = file_format(db, found)
    if own is None or _names(db, format_id, own, found):
        return
    if isinstance(found, CommunityFormat):
        where = found_path(found)
    else:
        where = found.source.where("base" if found.base is not None else "card_pool")
    raise UsageError(
        f"{where}: the file is for the format {own!r}, and --format says {format_id!r}",
        hint="drop --format, which the file decides, or give the file for that format",
    )


def file_format(db: CardDB, found: HouseFormat | CommunityFormat) -> str | None:
    """The format a format file decides: a community format's id, a house format's base or
    its card pool's format; None for a house file that builds on ``--format`` (or names no
    format that exists: reading it on that format says what is wrong, and where)."""
    if isinstance(found, CommunityFormat):
        return found.id
    if found.base is not None:
        try:
            return format_named(db, found.base)
        except UsageError:
            return None  # not a format: the house format's own check says so, with its line
    pool = db.card_pools.get(found.card_pool) if found.card_pool is not None else None
    return pool.format_id if pool is not None else None


def found_path(found: HouseFormat | CommunityFormat) -> str:
    """The path of the file a format was read from."""
    return found.path if isinstance(found, CommunityFormat) else found.source.path


def _names(db: CardDB, text: str, own: str, found: HouseFormat | CommunityFormat) -> bool:
    """True when ``text`` names the file's format (its id, or a community format's name)."""
    wanted = key_of(text)
    if isinstance(found, CommunityFormat):
        return wanted in (key_of(found.id), key_of(found.name))
    try:
        return format_named(db, text) == own
    except UsageError:
        return False
