"""House formats: a base format or card pool plus a group's own lists (from a TOML file).

```toml
name = "Team League"
base = "standard"            # a format id; or card_pool = "rotation_2023"
banlist = "standard_ban_list_24_09"   # optional: replaces the base's ban list
banned = ["Hedge Fund", "sure_gamble"]  # titles or card ids
restricted = ["Account Siphon"]
point_limit = 7
[points]
"Rumor Mill" = 2
[agenda_cap]                 # optional: at most 4 agendas worth 3 or more points
min_points = 3
max_copies = 4
```

The app reads and parses the file; ``toplevel`` checks the parsed table
(``FormatSource``) and this module selects what is in force under it. Errors name the file and
the line that mentions the value. The same file can set ``max_copies``, ``banned_subtypes``,
``exclude_sets`` and ``outside_pool``; with ``[[periods]]`` it is a community format
(``community``).
"""

from __future__ import annotations

import datetime as dt

from msgspec.structs import replace

from nrdeck.catalog import CardDB
from nrdeck.catalog.records import Restriction
from nrdeck.errors import UsageError
from nrdeck.rules.calendar import (
    CASUAL,
    CASUAL_TIER,
    InForce,
    TimelinePeriod,
    build_in_force,
    format_named,
    restriction_named,
    select_builtin,
)
from nrdeck.rules.formatfiles.toplevel import HouseFormat


def select_house(
    db: CardDB,
    house: HouseFormat,
    format_id: str,
    *,
    today: dt.date,
    as_of: dt.date | None = None,
    snapshot_id: str | None = None,
    banlist_id: str | None = None,
    tier: str = CASUAL_TIER,
) -> InForce:
    """What is in force under a house format (its base format or card pool, plus its rules)."""
    source = house.source
    banlist = banlist_id or house.banlist
    if house.card_pool is not None:
        return _from_pool(db, house, house.card_pool, as_of or today, banlist, tier)
    base = _base(db, house, house.base or format_id)
    try:
        return select_builtin(
            db,
            base,
            today=today,
            as_of=as_of,
            snapshot_id=snapshot_id,
            banlist_id=banlist,
            house=house.rules,
            tier=tier,
        )
    except UsageError as err:
        raise UsageError(f"{source.path}: {err.message}", hint=err.hint) from None


def _base(db: CardDB, house: HouseFormat, base: str) -> str:
    """The built-in format a house format builds on (a usage error naming the file's line)."""
    try:
        found = format_named(db, base) if base != house.rules.name else None
    except UsageError:
        found = None
    if found is None:
        raise UsageError(
            f"{house.source.where('base')}: the format file needs base = a format id "
            "or card_pool = a pool id",
            hint=f"formats: {', '.join(sorted(db.formats))}, {CASUAL}",
        )
    return found


def _from_pool(
    db: CardDB, house: HouseFormat, pool_id: str, day: dt.date, banlist: str | None, tier: str
) -> InForce:
    source = house.source
    pool = db.card_pools.get(pool_id)
    if pool is None:
        raise UsageError(
            f"{source.where('card_pool')}: unknown card pool {pool_id!r}",
            hint=f"card pools: {', '.join(sorted(db.card_pools))}",
        )
    restriction = _pool_list(db, house, pool.format_id, banlist) if banlist else None
    snaps = db.snapshots_of(pool.format_id)
    snap = next((s for s in snaps if s.card_pool_id == pool_id), snaps[0])
    period = TimelinePeriod(snap, day, None, pool_id, restriction.id if restriction else None)
    built = build_in_force(db, pool.format_id, period, day, restriction, house.rules, tier)
    return replace(built, period=replace(built.period, snapshot_id=None))


def _pool_list(db: CardDB, house: HouseFormat, format_id: str, banlist: str) -> Restriction:
    """The ban list a pool-based house format names: any list's id, or a name of its format's."""
    if banlist in db.restrictions:
        return db.restrictions[banlist]
    try:
        return restriction_named(db, format_id, banlist)
    except UsageError as err:
        raise UsageError(f"{house.source.where('banlist')}: {err.message}", hint=err.hint) from None
