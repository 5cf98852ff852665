"""What a period changed from the one before it (docs/reference/legality.md §4, "What
changed"): derived from the timeline, as a card's history is."""

from __future__ import annotations

import datetime as dt

from nrdeck.catalog import CardDB
from nrdeck.rules.history import period_on


def _changes(db: CardDB, format_id: str, day: str) -> list[tuple[str, str, object, object]]:
    period = period_on(db, format_id, dt.date.fromisoformat(day))
    return [(c.kind, c.subject, c.before, c.after) for c in period.changes]


def test_startup_balance_update_26_09_unbans_nbn_reality_plus(db: CardDB) -> None:
    assert _changes(db, "startup", "2026-09-21") == [("unbanned", "nbn_reality_plus", None, None)]


def test_a_new_startup_pool_and_cap_are_changes_too(db: CardDB) -> None:
    found = _changes(db, "startup", "2026-03-02")
    assert ("set-in", "vantage_point", None, None) in found
    assert ("set-out", "the_automata_initiative", None, None) in found
    assert ("agenda-cap", "", 4, 3) in found
    assert ("unbanned", "pharos", None, None) in found


def test_a_standard_list_bans_and_unbans(db: CardDB) -> None:
    found = _changes(db, "standard", "2025-10-03")
    assert ("banned", "sting", None, None) in found
    assert ("unbanned", "creative_commission", None, None) in found
