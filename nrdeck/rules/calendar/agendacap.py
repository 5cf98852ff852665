"""Caps on high-value agendas (Startup): from the card data, nrdeck's dated table, or a house file.

Where a ban list carries ``max_3_point_agendas`` (netrunner-cards-json since 2026), that is the
cap. Sources without the key (NetrunnerDB's v3 API) take nrdeck's table
(``data/agenda_caps.json``), keyed by ban list; where both know a list and disagree, the data
wins (``cap_disagreements`` says so in ``data status``). A list of the same format known to
neither takes the cap of the latest earlier list that has one, with a warning naming the list;
a house format's ``[agenda_cap]`` wins over all of them.
"""

from __future__ import annotations

import datetime as dt

import msgspec

from nrdeck.catalog import CardDB
from nrdeck.catalog.records import Restriction
from nrdeck.catalog.ruletables import AgendaCap
from nrdeck.rules.calendar.houserules import HouseRules

DATA_MIN_POINTS = 3  # the data's key names the points: max_3_point_agendas


class CapInForce(msgspec.Struct, frozen=True):
    """The cap that applies, the rule that sets it, and what the user must know about it."""

    cap: AgendaCap | None = None
    rule: str = ""
    warnings: tuple[str, ...] = ()


class KnownCap(msgspec.Struct, frozen=True):
    """A list's own cap, from the card data or nrdeck's table."""

    restriction_id: str
    format_id: str
    date: dt.date
    cap: AgendaCap


def agenda_cap(db: CardDB, restriction: Restriction | None, house: HouseRules | None) -> CapInForce:
    """The agenda cap under a ban list (and a house format)."""
    if house is not None and house.agenda_cap is not None:
        return CapInForce(house.agenda_cap, house.name)
    if restriction is None:
        return CapInForce()
    own = list_cap(db, restriction)
    if own is not None:
        return CapInForce(own, restriction.name)
    earlier = _latest_before(db, restriction)
    if earlier is None:
        return CapInForce()
    older = db.restrictions.get(earlier.restriction_id)
    older_name = older.name if older else earlier.restriction_id
    cap = earlier.cap
    warning = (
        f"{restriction.name} ({restriction.id}) is newer than nrdeck's agenda-cap table and "
        f"the card data sets no cap for it: using the cap of {older_name} "
        f"(at most {cap.max_copies} agendas worth {cap.min_points} or more points); if the "
        "list changed it, set [agenda_cap] in a format file (--format-file)"
    )
    return CapInForce(cap, f"{restriction.name} (cap of {older_name})", (warning,))


def list_cap(db: CardDB, restriction: Restriction) -> AgendaCap | None:
    """The list's own cap: the card data's, else nrdeck's table's entry (None: neither)."""
    if restriction.max_3_point_agendas is not None:
        return AgendaCap(DATA_MIN_POINTS, restriction.max_3_point_agendas)
    entry = db.tables.agenda_caps.of_list(restriction.id)
    return entry.cap if entry else None


def _latest_before(db: CardDB, restriction: Restriction) -> KnownCap | None:
    """The newest list of the format, dated on or before this one, whose cap is known."""
    earlier = [
        known
        for known in known_caps(db, restriction.format_id)
        if known.date <= restriction.date_start and known.restriction_id != restriction.id
    ]
    return max(earlier, key=lambda k: k.date) if earlier else None


def known_caps(db: CardDB, format_id: str) -> list[KnownCap]:
    """Every list of the format with a cap of its own: the data's lists first, then the
    table's entries it lacks."""
    found = {
        r.id: KnownCap(r.id, r.format_id, r.date_start, cap)
        for r in db.restrictions_filed_under(format_id)
        if (cap := list_cap(db, r)) is not None
    }
    for entry in db.tables.agenda_caps.lists:
        if entry.format_id != format_id:
            continue
        found.setdefault(
            entry.restriction_id,
            KnownCap(entry.restriction_id, entry.format_id, entry.date, entry.cap),
        )
    return sorted(found.values(), key=lambda k: (k.date, k.restriction_id))


def cap_disagreements(db: CardDB) -> list[str]:
    """Lists whose cap in the card data differs from nrdeck's table (the data's is used)."""
    out = []
    for entry in db.tables.agenda_caps.lists:
        restriction = db.restrictions.get(entry.restriction_id)
        if restriction is None or restriction.max_3_point_agendas is None:
            continue
        data = AgendaCap(DATA_MIN_POINTS, restriction.max_3_point_agendas)
        if data != entry.cap:
            out.append(
                f"{restriction.name} ({restriction.id}): the card data caps agendas worth "
                f"{data.min_points} or more points at {data.max_copies}, nrdeck's agenda-cap "
                f"table at {entry.cap.max_copies} (worth {entry.cap.min_points} or more); "
                "checks use the card data's"
            )
    return out
