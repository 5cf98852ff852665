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

The app reads and parses the file; this module checks the parsed table (``HouseSource``) and
selects what is in force under it. Errors name the file and the line that mentions the value.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any

import msgspec
from msgspec.structs import replace

from nrdeck.carddb import CardDB, Restriction
from nrdeck.errors import UsageError
from nrdeck.rules.inforce import InForce, build_in_force, select_builtin
from nrdeck.rules.lookups import HouseRules
from nrdeck.rules.names import CASUAL, format_named, restriction_named
from nrdeck.rules.tier import CASUAL_TIER
from nrdeck.rules.timeline import TimelinePeriod
from nrdeck.ruletables import AgendaCap

KEYS = frozenset(
    {
        "name",
        "base",
        "card_pool",
        "banlist",
        "banned",
        "restricted",
        "points",
        "point_limit",
        "agenda_cap",
    }
)
CAP_KEYS = ("min_points", "max_copies")


class HouseSource(msgspec.Struct, frozen=True):
    """A house format file as the app read it: where it is, its text, its parsed table."""

    path: str
    text: str
    table: Mapping[str, Any]

    def where(self, needle: str) -> str:
        """'file:line' of the first line mentioning the value (TOML keeps no positions)."""
        for number, line in enumerate(self.text.splitlines(), 1):
            if needle in line:
                return f"{self.path}:{number}"
        return self.path


class HouseFormat(msgspec.Struct, frozen=True):
    """A checked house format: its rules, and what it builds on."""

    rules: HouseRules
    source: HouseSource
    base: str | None = None
    card_pool: str | None = None
    banlist: str | None = None


def parse_house_format(source: HouseSource, db: CardDB) -> HouseFormat:
    """Check a house format's table against the card data (usage errors name the line)."""
    doc = source.table
    unknown = sorted(set(doc) - KEYS)
    if unknown:
        raise UsageError(
            f"{source.where(unknown[0])}: unknown key {unknown[0]!r}",
            hint=f"known keys: {', '.join(sorted(KEYS))}",
        )
    name = doc.get("name")
    if not isinstance(name, str) or not name.strip():
        raise UsageError(f'{source.path}:1: the format file needs a name = "…"')
    limit = doc.get("point_limit")
    if limit is not None and (not isinstance(limit, int) or isinstance(limit, bool) or limit < 0):
        raise UsageError(f"{source.where('point_limit')}: point_limit must be a whole number ≥ 0")
    rules = HouseRules(
        name=name.strip(),
        path=source.path,
        banned=_card_ids(db, source, "banned", doc.get("banned", [])),
        restricted=_card_ids(db, source, "restricted", doc.get("restricted", [])),
        points=_points(db, source, doc.get("points", {})),
        point_limit=limit,
        agenda_cap=_agenda_cap(source, doc.get("agenda_cap")),
    )
    return HouseFormat(
        rules=rules,
        source=source,
        base=_text(source, doc, "base"),
        card_pool=_text(source, doc, "card_pool"),
        banlist=_text(source, doc, "banlist"),
    )


def _agenda_cap(source: HouseSource, table: Any) -> AgendaCap | None:
    """``[agenda_cap] min_points = 3  max_copies = 4`` (both whole numbers)."""
    if table is None:
        return None
    if not isinstance(table, dict) or set(table) != set(CAP_KEYS):
        raise UsageError(
            f"{source.where('agenda_cap')}: [agenda_cap] needs exactly min_points and max_copies",
            hint="e.g. [agenda_cap] min_points = 3, max_copies = 4",
        )
    for key in CAP_KEYS:
        value = table[key]
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise UsageError(f"{source.where(key)}: {key} must be a whole number ≥ 0")
    return AgendaCap(min_points=table["min_points"], max_copies=table["max_copies"])


def _text(source: HouseSource, doc: Mapping[str, Any], key: str) -> str | None:
    value = doc.get(key)
    if value is None:
        return None
    if not isinstance(value, str):
        raise UsageError(f"{source.where(key)}: {key} must be text (an id)")
    return value


def _card_ids(db: CardDB, source: HouseSource, key: str, values: Any) -> frozenset[str]:
    if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
        raise UsageError(f"{source.where(key)}: '{key}' must be a list of card titles or ids")
    return frozenset(_card_id(db, source, v) for v in values)


def _card_id(db: CardDB, source: HouseSource, value: str) -> str:
    card = db.card_by_id(value) or db.card_by_title(value)
    if card is None:
        raise UsageError(
            f"{source.where(value)}: unknown card {value!r}",
            hint="use a card title as printed or a card id such as hedge_fund",
        )
    return card.id


def _points(db: CardDB, source: HouseSource, table: Any) -> dict[str, int]:
    if not isinstance(table, dict):
        raise UsageError(f"{source.where('points')}: 'points' must be a table of card = number")
    out = {}
    for title, value in table.items():
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise UsageError(
                f"{source.where(title)}: points for {title!r} must be a whole number ≥ 0"
            )
        out[_card_id(db, source, title)] = value
    return out


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
