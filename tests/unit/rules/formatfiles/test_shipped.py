"""A community format nrdeck ships beside a format of the card data's own with the same id: the
card data's wins, and a report says which one it used (docs/reference/legality.md §4)."""

from __future__ import annotations

from nrdeck.catalog import CardDB
from nrdeck.rules.formatfiles import FormatSource, community_warning, gives_way, official_note
from tests.builders import database


def test_the_card_datas_core_wins_over_the_shipped_file(db: CardDB, core: FormatSource) -> None:
    assert "core" in db.formats and gives_way(db, core)
    note = official_note(db, core)
    assert note and note.startswith("Core (core) is") and "NetrunnerDB's" in note  # in use
    assert "community Core" in note and "(from 2025-05-04)" in note  # the one it does not
    assert community_warning(db, core) is None


def test_on_card_data_without_core_the_shipped_file_serves_with_a_warning(
    db: CardDB, core: FormatSource
) -> None:
    older = database(db, formats=[f for f in db.formats.values() if f.id != "core"])
    assert not gives_way(older, core)
    said = community_warning(older, core)
    assert said is not None
    assert older.info.describe() in said and "format core" in said
    assert "using the community Core" in said


def test_a_shipped_format_no_card_data_defines_never_gives_way(
    db: CardDB, astro: FormatSource
) -> None:
    assert not gives_way(db, astro) and community_warning(db, astro) is None
