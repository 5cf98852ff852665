"""A community format's file read against the card data: its dated periods, each with its
pool, list and rules; a period naming a list the file does not define is one usage error."""

from __future__ import annotations

import datetime as dt

import pytest

from nrdeck.catalog import CardDB
from nrdeck.errors import UsageError
from nrdeck.rules.formatfiles import CommunityFormat, FormatSource, read_format_file


def test_the_shipped_astro_file_is_a_community_format(db: CardDB, astro: FormatSource) -> None:
    found = read_format_file(db, astro)
    assert isinstance(found, CommunityFormat)
    assert (found.id, found.name) == ("astro", "Astro")
    assert [p.start for p in found.periods] == [dt.date(2026, 2, 18), dt.date(2026, 4, 14)]
    first = found.periods[0]
    assert (first.pool.legal_in, first.list_id) == ("standard", "astro_ban_list_26_02")
    assert first.rules.max_copies == 1
    assert first.rules.exclude_sets == frozenset({"draft", "terminal_directive_campaign"})


def test_a_period_naming_an_unknown_list_names_its_line(db: CardDB, astro: FormatSource) -> None:
    text = astro.text.replace('list = "astro_ban_list_26_04"', 'list = "no_such_list"')
    periods = [dict(p) for p in astro.table["periods"]]
    periods[1]["list"] = "no_such_list"
    broken = FormatSource(astro.path, text, {**astro.table, "periods": periods})
    with pytest.raises(UsageError) as caught:
        read_format_file(db, broken)
    line = text.splitlines().index('list = "no_such_list"') + 1
    assert str(caught.value).startswith(f"{astro.path}:{line}: ")
    assert "no_such_list" in str(caught.value)
