"""A format's own ban lists, and the names Null Signal Games publishes for them.

A format's own lists are those its periods use and those filed under it that no snapshot uses
yet, less the copies NetrunnerDB files under it only for its classic site (nrdeck's table
``data/list_names.json``, ``classic_only``) and the lists of snapshots kept out of its
timeline (Sunset). The same table gives the names Null Signal Games publishes where
NetrunnerDB's differ (``aliases``: NSG's Startup Balance Update 26.04 is NetrunnerDB's
``startup_balance_update_26_05``); an entry naming a list the data lacks is a warning.
"""

from __future__ import annotations

import re
from functools import lru_cache

from nrdeck.catalog import CardDB, ListAlias, Restriction

_SHORT = r"\d+\.\d+[a-z]?"  # a list's number


def short_name(restriction: Restriction) -> str | None:
    """'25.10' for Standard Ban List 25.10, '3.4b' for Standard MWL 3.4b (None without one)."""
    return number_in(restriction.name)


def number_in(name: str) -> str | None:
    """The list number a name ends with: 'Startup Balance Update 26.04' -> '26.04'."""
    found = re.findall(_SHORT, name.casefold())
    return found[-1] if found else None


def _snapshots_kept(db: CardDB, format_id: str) -> list[str | None]:
    """The ban lists of the format's snapshots that are periods of it (not Sunset's)."""
    fixes = db.tables.corrections
    return [s.restriction_id for s in db.snapshots_of(format_id) if fixes.excluded(s.id) is None]


def period_lists(db: CardDB, format_id: str) -> list[Restriction]:
    """The ban lists the format's periods use, oldest first."""
    ids = {i for i in _snapshots_kept(db, format_id) if i}
    lists = [db.restrictions[i] for i in ids if i in db.restrictions]
    return sorted(lists, key=lambda r: (r.date_start, r.id))


@lru_cache(maxsize=16)
def own_lists(db: CardDB, format_id: str) -> tuple[Restriction, ...]:
    """The format's own lists, oldest first: those its periods use, and those filed under it
    that no snapshot uses yet, not the copies filed under it for NetrunnerDB's classic site.

    Kept for 16 (database, format) pairs: every format of the card data, twice over."""
    used = {s.restriction_id for s in db.snapshots_of(format_id)}
    names = db.tables.list_names
    ahead = [
        r
        for r in db.restrictions_filed_under(format_id)
        if r.id not in used and not names.is_classic_only(r.id)
    ]
    return tuple(sorted([*period_lists(db, format_id), *ahead], key=lambda r: (r.date_start, r.id)))


def nsg_name(db: CardDB, restriction: Restriction) -> str | None:
    """The name Null Signal Games publishes for the list, where it differs from the data's."""
    alias = db.tables.list_names.alias_of(restriction.id)
    if alias is None or alias.format_id != restriction.format_id:
        return None
    return alias.name if alias.name.casefold() != restriction.name.casefold() else None


def list_name_warnings(db: CardDB, reference: CardDB) -> list[str]:
    """One line per entry of nrdeck's list-name table that names no list of the data.

    ``reference`` (the bundled data) dates each entry's list: data without the format, or
    older than the list (it could not know it yet), is not warned about.
    """
    out = []
    known = db.info.known_as_of()
    for alias in db.tables.list_names.aliases:
        found = db.restrictions.get(alias.restriction_id)
        if found is not None and found.format_id == alias.format_id:
            continue
        listed = reference.restrictions.get(alias.restriction_id)
        too_old = listed is not None and known is not None and known < listed.date_start
        if alias.format_id not in db.formats or too_old:
            continue
        what = "does not have that list" if found is None else f"files it under {found.format_id}"
        out.append(
            f"nrdeck's list-name table gives {alias.restriction_id} ({alias.format_id}) Null "
            f"Signal Games' name '{alias.name}', but the card data {what}: "
            f"'{number_in(alias.name) or alias.name}' names no list"
        )
    return out


def aliases_of(db: CardDB, format_id: str) -> list[tuple[ListAlias, Restriction]]:
    """The table's names for the format's own lists the data has."""
    own = {r.id: r for r in own_lists(db, format_id)}
    return [
        (a, own[a.restriction_id])
        for a in db.tables.list_names.aliases
        if a.format_id == format_id and a.restriction_id in own
    ]
