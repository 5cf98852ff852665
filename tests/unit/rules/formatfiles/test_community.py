"""What is in force under a community format on a date: the period, its pool ("legal in"
another format's pools) and its list."""

from __future__ import annotations

import datetime as dt

from nrdeck.catalog import CardDB
from nrdeck.rules.formatfiles import CommunityFormat, FormatSource, read_format_file
from nrdeck.rules.formatfiles.community import community_list_names, select_community


def _astro(db: CardDB, astro: FormatSource) -> CommunityFormat:
    found = read_format_file(db, astro)
    assert isinstance(found, CommunityFormat)
    return found


def test_the_list_in_force_follows_the_files_periods(db: CardDB, astro: FormatSource) -> None:
    fmt = _astro(db, astro)
    first = select_community(db, fmt, today=dt.date(2026, 3, 1))
    later = select_community(db, fmt, today=dt.date(2026, 10, 1))
    assert first.restriction is not None and later.restriction is not None
    assert first.restriction.name == "Astro Ban List 26.02"
    assert later.restriction.name == "Astro Ban List 26.04"
    assert later.extras.max_copies == 1


def test_a_pool_legal_in_standard_holds_what_standard_allowed_by_the_date(
    db: CardDB, astro: FormatSource
) -> None:
    in_force = select_community(db, _astro(db, astro), today=dt.date(2026, 10, 1))
    available = in_force.lookups.available
    assert available is not None
    assert "hedge_fund" in available  # Standard-legal since the System Gateway pool
    the_shadow = db.card_by_title("The Shadow: Pulling the Strings")
    assert the_shadow is not None and the_shadow.id not in available  # a draft card, excluded


def test_the_names_of_the_lists_are_the_files_own(db: CardDB, astro: FormatSource) -> None:
    names = community_list_names(_astro(db, astro))
    assert "astro_ban_list_26_02" in names and "astro_ban_list_26_04" in names
