"""User-defined formats: a TOML file naming a base format or card pool plus house rules.

```toml
name = "Team League"
base = "standard"            # a format id; or card_pool = "rotation_2023"
banlist = "standard_ban_list_24_09"   # optional: replaces the base's ban list
banned = ["Hedge Fund", "sure_gamble"]  # titles or card ids
restricted = ["Account Siphon"]
point_limit = 7
[points]
"Rumor Mill" = 2
```
"""

from __future__ import annotations

import datetime as dt
import re
import sys
from pathlib import Path
from typing import Any

from msgspec.structs import replace

from nrdeck.carddb import CardDB
from nrdeck.errors import UsageError
from nrdeck.rules.inforce import (
    CASUAL,
    InForce,
    UserAdditions,
    build_in_force,
    select,
)
from nrdeck.rules.timeline import TimelinePeriod

KEYS = frozenset(
    {"name", "base", "card_pool", "banlist", "banned", "restricted", "points", "point_limit"}
)
_LINE = re.compile(r"at line (\d+)")


def _toml(path: Path) -> dict[str, Any]:
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover - Python 3.10
        import tomli as tomllib  # type: ignore[import-not-found, no-redef, unused-ignore]
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise UsageError(f"{path}: cannot read the format file ({err})") from None
    try:
        return dict(tomllib.loads(text))
    except tomllib.TOMLDecodeError as err:
        found = _LINE.search(str(err))
        line = found.group(1) if found else str(max(1, len(text.splitlines())))
        where = f"{path}:{line}"
        raise UsageError(f"{where}: not valid TOML ({str(err).split(' (at')[0]})") from None


def _line_of(path: Path, needle: str) -> str:
    """'file:line' of the first line mentioning the value (TOML keeps no positions)."""
    try:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if needle in line:
                return f"{path}:{number}"
    except OSError:
        pass
    return str(path)


def _card_ids(db: CardDB, path: Path, key: str, values: Any) -> frozenset[str]:
    if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
        raise UsageError(f"{_line_of(path, key)}: '{key}' must be a list of card titles or ids")
    return frozenset(_card_id(db, path, v) for v in values)


def _card_id(db: CardDB, path: Path, value: str) -> str:
    if value in db.cards:
        return value
    card = db.card_by_title(value)
    if card is None:
        raise UsageError(
            f"{_line_of(path, value)}: unknown card {value!r}",
            hint="use a card title as printed or a card id such as hedge_fund",
        )
    return card.id


def _points(db: CardDB, path: Path, table: Any) -> dict[str, int]:
    if not isinstance(table, dict):
        raise UsageError(f"{_line_of(path, 'points')}: 'points' must be a table of card = number")
    out = {}
    for title, value in table.items():
        if not isinstance(value, int) or value < 0:
            raise UsageError(
                f"{_line_of(path, title)}: points for {title!r} must be a whole number ≥ 0"
            )
        out[_card_id(db, path, title)] = value
    return out


def read_format_file(db: CardDB, path: Path) -> tuple[dict[str, Any], UserAdditions]:
    """The file's settings (base, card_pool, banlist) and its additions, checked."""
    doc = _toml(path)
    unknown = sorted(set(doc) - KEYS)
    if unknown:
        raise UsageError(
            f"{_line_of(path, unknown[0])}: unknown key {unknown[0]!r}",
            hint=f"known keys: {', '.join(sorted(KEYS))}",
        )
    name = doc.get("name")
    if not isinstance(name, str) or not name.strip():
        raise UsageError(f'{path}:1: the format file needs a name = "…"')
    limit = doc.get("point_limit")
    if limit is not None and (not isinstance(limit, int) or limit < 0):
        raise UsageError(f"{_line_of(path, 'point_limit')}: point_limit must be a whole number ≥ 0")
    additions = UserAdditions(
        name=name.strip(),
        path=str(path),
        banned=_card_ids(db, path, "banned", doc.get("banned", [])),
        restricted=_card_ids(db, path, "restricted", doc.get("restricted", [])),
        points=_points(db, path, doc.get("points", {})),
        point_limit=limit,
    )
    return doc, additions


def select_from_file(
    db: CardDB,
    path: Path,
    format_id: str | None,
    *,
    today: dt.date,
    as_of: dt.date | None = None,
    snapshot_id: str | None = None,
    banlist_id: str | None = None,
) -> InForce:
    """What is in force under a user format (its base format or card pool, plus its additions)."""
    doc, additions = read_format_file(db, path)
    banlist = banlist_id or doc.get("banlist")
    pool_id = doc.get("card_pool")
    if pool_id is not None:
        return _from_pool(db, path, str(pool_id), additions, as_of or today, banlist)
    base = doc.get("base") or format_id
    if (
        not isinstance(base, str)
        or base == additions.name
        or (base not in db.formats and base != CASUAL)
    ):
        raise UsageError(
            f"{_line_of(path, 'base')}: the format file needs base = a format id "
            "or card_pool = a pool id",
            hint=f"formats: {', '.join(sorted(db.formats))}, casual",
        )
    try:
        chosen = select(
            db, base, today=today, as_of=as_of, snapshot_id=snapshot_id, banlist_id=banlist
        )
    except UsageError as err:
        raise UsageError(f"{path}: {err.message}", hint=err.hint) from None
    return _renamed(chosen, additions)


def _renamed(chosen: InForce, additions: UserAdditions) -> InForce:
    period = replace(chosen.period, format_id=additions.name, format_name=additions.name)
    return replace(chosen, period=period, additions=additions, cache={})


def _from_pool(
    db: CardDB, path: Path, pool_id: str, additions: UserAdditions, day: dt.date, banlist: Any
) -> InForce:
    pool = db.card_pools.get(pool_id)
    if pool is None:
        raise UsageError(
            f"{_line_of(path, 'card_pool')}: unknown card pool {pool_id!r}",
            hint=f"card pools: {', '.join(sorted(db.card_pools))}",
        )
    restriction = None
    if banlist is not None:
        restriction = db.restrictions.get(str(banlist))
        if restriction is None:
            raise UsageError(
                f"{_line_of(path, 'banlist')}: unknown ban list {banlist!r}",
                hint=f"ban lists: {', '.join(sorted(db.restrictions))}",
            )
    snaps = db.snapshots_of(pool.format_id)
    snap = next((s for s in snaps if s.card_pool_id == pool_id), snaps[0])
    period = TimelinePeriod(snap, day, None, pool_id, restriction.id if restriction else None)
    built = build_in_force(db, pool.format_id, period, day, restriction, additions, additions.name)
    return replace(built, period=replace(built.period, snapshot_id=None), cache={})
