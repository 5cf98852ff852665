"""A community format's file: dated periods, each with its pool, ban list and rules.

```toml
id = "astro"
name = "Astro"
source = "https://posibiliti.github.io/astro-netrunner/"
max_copies = 1                                  # singleton
exclude_sets = ["draft", "terminal_directive_campaign"]

[pools.astro]
legal_in = "standard"      # or: sets = [...], cycles = [...]; or card_pool = "rotation_2025"

[lists.astro_ban_list_26_02]
name = "Astro Ban List 26.02"
source = "https://github.com/posibiliti/astro-netrunner/blob/2edbd3fa5c28/banlist.md"
commit = "2edbd3fa5c28"
banned_subtypes = ["current"]
banned = ["Accelerated Diagnostics", "…"]

[[periods]]
from = 2026-02-18
pool = "astro"
list = "astro_ban_list_26_02"
```

The reading is checked against the card data here (``read_community``); what is in force on
a date is ``community``.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any

from msgspec.structs import replace

from nrdeck.catalog import CardDB
from nrdeck.errors import UsageError
from nrdeck.rules.calendar import CASUAL, HouseRules, format_named
from nrdeck.rules.formatfiles.community_spec import CommunityFormat, ListSpec, PeriodSpec, PoolSpec
from nrdeck.rules.formatfiles.source import Field, FormatSource, date, table, text, texts
from nrdeck.rules.formatfiles.toplevel import (
    HouseFormat,
    card_id,
    check_keys,
    format_id_of,
    format_name,
    house_rules,
    max_copies,
    outside_pool,
    read_house,
    set_ids,
    subtype_ids,
)

POOL_KEYS = frozenset({"name", "legal_in", "sets", "cycles", "card_pool"})
LIST_KEYS = frozenset(
    {"name", "date", "source", "commit", "banned", "banned_subtypes", "restricted"}
)
PERIOD_KEYS = frozenset({"from", "pool", "list", "max_copies", "outside_pool"})
HOUSE_ONLY = ("base", "banlist", "card_pool")  # a file with periods has its own pools and lists


def read_format_file(db: CardDB, source: FormatSource) -> HouseFormat | CommunityFormat:
    """Check a format file against the card data: a community format when it has
    ``[[periods]]``, else a house format (a usage error naming the line for any mistake)."""
    if "periods" in source.table:
        return read_community(db, source)
    return read_house(db, source)


def read_community(db: CardDB, source: FormatSource) -> CommunityFormat:
    """Check a file with ``[[periods]]`` against the card data (a usage error naming the file,
    the line and the key for the first mistake)."""
    doc = check_keys(source)
    name = format_name(source)
    for key in HOUSE_ONLY:
        if key in doc:
            raise Field(source, key).error(
                f"{key}: a format with [[periods]] has its own pools and lists",
                hint="name a pool in each period (legal_in, sets, cycles or card_pool)",
            )
    rules = house_rules(db, source, name)
    pools = _pools(db, source, doc.get("pools", {}))
    periods = _periods(db, source, doc["periods"], pools, rules)
    starts = {p.list_id: p.start for p in reversed(periods) if p.list_id}
    lists = _lists(db, source, doc.get("lists", {}), starts)
    _lists_exist(db, source, periods, lists)
    return CommunityFormat(
        id=format_id_of(source, doc, name),
        name=name,
        path=source.path,
        periods=periods,
        lists=lists,
        source=_about(source, doc, "source"),
        commit=_about(source, doc, "commit"),
        notes=_about(source, doc, "notes"),
    )


def _about(source: FormatSource, doc: Mapping[str, Any], key: str) -> str:
    return text(Field(source, key), doc[key]) if key in doc else ""


# -- pools ----------------------------------------------------------------------------------
def _pools(db: CardDB, source: FormatSource, value: Any) -> dict[str, PoolSpec]:
    if not isinstance(value, dict):
        raise Field(source, "pools").wrong("must be tables: [pools.NAME]")
    return {pid: _pool(db, source, pid, spec) for pid, spec in value.items()}


def _pool(db: CardDB, source: FormatSource, pool_id: str, value: Any) -> PoolSpec:
    field = Field(source, "", f"pools.{pool_id}")
    spec = table(Field(source, pool_id, "pools"), value, POOL_KEYS)
    kinds = [k for k in ("legal_in", "card_pool") if k in spec]
    if "sets" in spec or "cycles" in spec:
        kinds.append("sets")
    if len(kinds) != 1:
        raise field.at(pool_id).error(
            f"pools.{pool_id} needs one of legal_in, sets and cycles, or card_pool",
            hint='e.g. legal_in = "standard", or sets = ["system_gateway", "elevation"]',
        )
    name = text(field.at("name"), spec["name"]) if "name" in spec else pool_id
    if "legal_in" in spec:
        return PoolSpec(pool_id, name, legal_in=_legal_in(db, field.at("legal_in"), spec))
    if "card_pool" in spec:
        given = text(field.at("card_pool"), spec["card_pool"])
        if given not in db.card_pools:
            raise field.at("card_pool").unknown("card pool", given, hint="a NetrunnerDB pool id")
        named = name if "name" in spec else db.card_pools[given].name
        return PoolSpec(pool_id, named, card_pool=given)
    sets = set_ids(db, field.at("sets"), spec.get("sets", []))
    cycles = _cycles(db, field.at("cycles"), spec.get("cycles", []))
    in_cycles = frozenset(s.id for s in db.sets.values() if s.cycle_id in cycles)
    return PoolSpec(pool_id, name, sets=sets | in_cycles)


def _legal_in(db: CardDB, field: Field, spec: Mapping[str, Any]) -> str:
    given = text(field, spec["legal_in"])
    try:
        found = format_named(db, given)
    except UsageError as err:
        raise field.error(f"{err.message} in {field.label}", needle=given, hint=err.hint) from None
    if found == CASUAL or found not in db.formats:
        raise field.wrong("must name a format with dated pools, such as standard")
    return found


def _cycles(db: CardDB, field: Field, value: Any) -> frozenset[str]:
    out = set()
    for given in texts(field, value):
        if given not in db.cycles:
            raise field.unknown("cycle id", given, hint="use NetrunnerDB cycle ids such as ashes")
        out.add(given)
    return frozenset(out)


# -- lists ----------------------------------------------------------------------------------
def _lists(
    db: CardDB, source: FormatSource, value: Any, starts: Mapping[str, dt.date]
) -> dict[str, ListSpec]:
    if not isinstance(value, dict):
        raise Field(source, "lists").wrong("must be tables: [lists.ID]")
    return {lid: _list(db, source, lid, spec, starts.get(lid)) for lid, spec in value.items()}


def _list(
    db: CardDB, source: FormatSource, list_id: str, value: Any, first_used: dt.date | None
) -> ListSpec:
    field = Field(source, "", f"lists.{list_id}")
    spec = table(Field(source, list_id, "lists"), value, LIST_KEYS)
    if "name" not in spec:
        raise field.at(list_id).error(f'lists.{list_id} needs a name = "…"')
    day = date(field.at("date"), spec["date"]) if "date" in spec else None
    about = {k: text(field.at(k), spec[k]) for k in ("name", "source", "commit") if k in spec}
    listed = day or first_used
    banned, unknown = _cards(db, field.at("banned"), spec.get("banned", []), listed)
    restricted, more = _cards(db, field.at("restricted"), spec.get("restricted", []), listed)
    return ListSpec(
        id=list_id,
        name=about["name"],
        date=day,
        source=about.get("source", ""),
        commit=about.get("commit", ""),
        banned=banned,
        banned_subtypes=subtype_ids(
            db, field.at("banned_subtypes"), spec.get("banned_subtypes", [])
        ),
        restricted=restricted,
        warnings=(*unknown, *more),
    )


def _cards(
    db: CardDB, field: Field, value: Any, listed: dt.date | None
) -> tuple[frozenset[str], list[str]]:
    """The list's cards, and a warning for each the card data does not know when the list is
    newer than the data (an unknown card in an older list is a mistake: a usage error)."""
    known = db.info.known_as_of()
    ahead = listed is not None and known is not None and listed > known
    ids, warnings = set(), []
    for given in texts(field, value):
        if ahead and db.card_by_id(given) is None and db.card_by_title(given) is None:
            warnings.append(
                f"{field.source.where(given, field.section)}: {given!r} in {field.label} is "
                f"a card the card data ({db.info.describe()}) does not know: the list "
                f"({listed}) is newer; run 'nrdeck data update'"
            )
            continue
        ids.add(card_id(db, field, given))
    return frozenset(ids), warnings


def _lists_exist(
    db: CardDB, source: FormatSource, periods: tuple[PeriodSpec, ...], lists: Mapping[str, Any]
) -> None:
    for nth, period in enumerate(periods):
        if period.list_id and period.list_id not in lists and period.list_id not in db.restrictions:
            raise Field(source, "list", "periods", nth).unknown(
                "ban list",
                period.list_id,
                hint="name a [lists.ID] of the file or a NetrunnerDB ban list id",
            )


# -- periods --------------------------------------------------------------------------------
def _periods(
    db: CardDB,
    source: FormatSource,
    value: Any,
    pools: Mapping[str, PoolSpec],
    rules: HouseRules,
) -> tuple[PeriodSpec, ...]:
    if not isinstance(value, list) or not value:
        raise Field(source, "periods").wrong("must be one or more [[periods]] tables")
    out: list[PeriodSpec] = []
    for nth, spec in enumerate(value):
        period = _period(db, source, nth, spec, pools, rules)
        if out and period.start <= out[-1].start:
            raise Field(source, "from", "periods", nth).wrong(
                f"is {period.start}, not after the period before it ({out[-1].start})",
                hint="periods are listed oldest first, each from a later date",
            )
        out.append(period)
    return tuple(out)


def _period(
    db: CardDB,
    source: FormatSource,
    nth: int,
    value: Any,
    pools: Mapping[str, PoolSpec],
    rules: HouseRules,
) -> PeriodSpec:
    field = Field(source, "from", "periods", nth)
    spec = table(field, value, PERIOD_KEYS)
    if "from" not in spec or "pool" not in spec:
        raise field.at("from").wrong("and pool are needed in every period", hint=_PERIOD_HINT)
    start = date(field, spec["from"])
    pool_id = text(field.at("pool"), spec["pool"])
    pool = pools.get(pool_id)
    if pool is None and pool_id in db.card_pools:
        pool = PoolSpec(pool_id, db.card_pools[pool_id].name, card_pool=pool_id)
    if pool is None:
        raise field.at("pool").unknown(
            "pool", pool_id, hint="name a [pools.NAME] of the file or a NetrunnerDB pool id"
        )
    list_id = text(field.at("list"), spec["list"]) if "list" in spec else None
    own = replace(
        rules,
        max_copies=max_copies(field.at("max_copies"), spec.get("max_copies", rules.max_copies)),
        outside_pool=outside_pool(field.at("outside_pool"), spec["outside_pool"])
        if "outside_pool" in spec
        else rules.outside_pool,
    )
    return PeriodSpec(start, pool, list_id, own)


_SUBTYPES = "banned_subtypes"
_PERIOD_HINT = 'e.g. [[periods]] from = 2026-02-18, pool = "astro", list = "astro_ban_list_26_02"'
