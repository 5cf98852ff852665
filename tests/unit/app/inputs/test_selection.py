"""The options made one ``Selection``: the date checked comes from the clock here (or the
day given), a shipped community format or ``--format-file`` is read here, a built-in format
reads no file."""

from __future__ import annotations

import datetime as dt

from nrdeck.app.formatfiles.shipped import shipped_format_ids, shipped_format_path
from nrdeck.app.inputs.options import SelectionOptions
from nrdeck.app.inputs.selection import chosen, make_selection
from nrdeck.rules.selection import Selection

DAY = dt.date(2026, 3, 20)


def test_a_selection_is_kept_as_it_is() -> None:
    selection = Selection(today=DAY, format_id="eternal")
    assert chosen(selection) is selection


def test_options_become_the_selection_they_ask_for() -> None:
    options = SelectionOptions(
        format_id="startup",
        as_of=dt.date(2025, 1, 1),
        snapshot_id="startup_7",
        banlist_id="b",
        tier="competitive",
    )
    selection = chosen(options, DAY)
    assert (selection.today, selection.format_id, selection.as_of) == (
        DAY,
        "startup",
        dt.date(2025, 1, 1),
    )
    assert (selection.snapshot_id, selection.banlist_id, selection.tier) == (
        "startup_7",
        "b",
        "competitive",
    )


def test_today_is_the_clocks_unless_given() -> None:
    before = dt.date.today()
    assert make_selection().today in (before, dt.date.today())
    assert make_selection(today=DAY).today == DAY


def test_a_built_in_format_reads_no_file() -> None:
    selection = make_selection(format_id="Standard", today=DAY)
    assert selection.format_file is None and selection.community_ids == ()


def test_a_shipped_community_format_is_read() -> None:
    [first, *_] = shipped_format_ids()
    selection = make_selection(format_id=first, today=DAY)
    assert selection.format_file is not None and selection.community_ids == ()


def test_a_format_nobody_knows_carries_the_shipped_ids_for_did_you_mean() -> None:
    selection = make_selection(format_id="no-such-format", today=DAY)
    assert selection.format_file is None
    assert selection.community_ids == shipped_format_ids() != ()


def test_format_given_counts_only_beside_a_format_file() -> None:
    assert not make_selection(format_id="standard", format_given=True, today=DAY).format_given
    path = shipped_format_path(shipped_format_ids()[0])
    assert path is not None
    with_file = make_selection(format_id="x", format_file=path, format_given=True, today=DAY)
    assert with_file.format_given and with_file.format_file is not None
