"""What changed between two card documents, for refreshing the bundled snapshot (the whole
report, on the real change of 2026, is tested end to end by ``data compare``)."""

from __future__ import annotations

import datetime as dt

from nrdeck.catalog import CardDB
from nrdeck.rules.datahealth import compare_data
from tests.builders import database


def test_the_same_data_changed_nothing(db: CardDB) -> None:
    same = compare_data(db, db)
    assert same.formats_added == same.periods_added == same.lists_changed == ()
    assert same.cards_added == same.cards_retitled == same.ids_renamed == ()
    assert same.before == same.after == db.info.describe()


def test_a_new_format_brings_its_periods(db: CardDB) -> None:
    older = database(db, formats=[f for f in db.formats.values() if f.id != "core"])
    changed = compare_data(older, db)
    assert [(n.id, n.name) for n in changed.formats_added] == [("core", "Core")]
    assert [(p.format_id, p.start) for p in changed.periods_added] == [
        ("core", dt.date(2025, 4, 24))
    ]
