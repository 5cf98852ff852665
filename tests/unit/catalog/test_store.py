"""The catalogue's store: tables read in place, records decoded on first use, and what a run
remembers kept within its bound."""

from __future__ import annotations

import pytest

from nrdeck.catalog.store import (
    MAX_REMEMBERED,
    DamagedCatalog,
    Remembered,
    TableView,
    encoded_items,
    make_table,
    records,
)


def test_a_table_finds_every_key_and_no_other() -> None:
    view = TableView(make_table(encoded_items([("b", 2), ("a", 1), ("é", 3)])))
    assert list(view) == ["a", "b", "é"]
    assert "a" in view and "é" in view and "c" not in view
    assert list(view.keys_from("b")) == ["b"]


def test_what_a_run_remembers_stays_within_its_bound() -> None:
    found: Remembered[int, int] = Remembered()
    for n in range(MAX_REMEMBERED * 2 + 5):
        assert found.remember(n, n * n) == n * n
        assert len(found) <= MAX_REMEMBERED
    assert found[MAX_REMEMBERED * 2 + 4] == (MAX_REMEMBERED * 2 + 4) ** 2


def test_a_table_looked_up_with_many_absent_keys_stays_within_the_bound() -> None:
    view = TableView(make_table(encoded_items([("a", 1)])))
    for n in range(MAX_REMEMBERED + 10):
        assert f"missing {n}" not in view
    assert len(view._found) <= MAX_REMEMBERED
    assert "a" in view


def test_a_record_that_cannot_be_read_is_a_damaged_catalogue_walked_or_looked_up() -> None:
    table = make_table([("a", b"\xc1"), ("b", b"\x01")])  # 0xc1: never used in MessagePack
    assert records(table, int)["b"] == 1
    with pytest.raises(DamagedCatalog, match="'a'"):
        records(table, int)["a"]
    with pytest.raises(DamagedCatalog, match="'a'"):
        list(records(table, int).values())
