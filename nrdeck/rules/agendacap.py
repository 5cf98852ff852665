"""Caps on high-value agendas (Startup): from nrdeck's dated table, or a house format's own.

The table (``data/agenda_caps.json``) is keyed by ban list. A list of the same format that the
table does not know and that is newer than one of its entries takes the cap of the latest
earlier entry, with a warning naming the list; a house format's ``[agenda_cap]`` wins.
"""

from __future__ import annotations

import msgspec

from nrdeck.carddb import CardDB, Restriction
from nrdeck.rules.lookups import HouseRules
from nrdeck.ruletables import AgendaCap


class CapInForce(msgspec.Struct, frozen=True):
    """The cap that applies, the rule that sets it, and what the user must know about it."""

    cap: AgendaCap | None = None
    rule: str = ""
    warnings: tuple[str, ...] = ()


def agenda_cap(db: CardDB, restriction: Restriction | None, house: HouseRules | None) -> CapInForce:
    """The agenda cap under a ban list (and a house format)."""
    if house is not None and house.agenda_cap is not None:
        return CapInForce(house.agenda_cap, house.name)
    if restriction is None:
        return CapInForce()
    table = db.tables.agenda_caps
    entry = table.of_list(restriction.id)
    if entry is not None:
        return CapInForce(entry.cap, restriction.name)
    earlier = table.latest_before(restriction.format_id, restriction.date_start)
    if earlier is None:
        return CapInForce()
    older = db.restrictions.get(earlier.restriction_id)
    older_name = older.name if older else earlier.restriction_id
    cap = earlier.cap
    warning = (
        f"{restriction.name} ({restriction.id}) is newer than nrdeck's agenda-cap table: "
        f"using the cap of {older_name} (at most {cap.max_copies} agendas worth "
        f"{cap.min_points} or more points); if the list changed it, set [agenda_cap] "
        "in a format file (--format-file)"
    )
    return CapInForce(cap, f"{restriction.name} (cap of {older_name})", (warning,))
