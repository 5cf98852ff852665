"""The shipped community formats on their dated lines, for the history commands: the file a
history follows, the card data's own format winning over a shipped file of its id."""

from __future__ import annotations

import pytest

from nrdeck.app.formatfiles.lines import (
    choose_format,
    dated_format_for,
    shipped_community,
    shipped_lines,
)
from nrdeck.app.formatfiles.shipped import shipped_formats_dir
from nrdeck.catalog import CardDB
from nrdeck.errors import ExitCode, UsageError
from nrdeck.rules.formatfiles import CommunityFormat


def test_a_history_follows_the_shipped_file_its_format_names(db: CardDB) -> None:
    choice = choose_format(db, "astro", None)
    assert choice.source is not None and choice.source.shipped
    assert (choice.note, choice.warnings) == (None, ())


def test_the_card_datas_own_format_wins_and_says_so(db: CardDB) -> None:
    choice = choose_format(db, "core", None)
    assert choice.source is None and choice.note and "core" in choice.note.casefold()


def test_a_built_in_format_follows_no_file(db: CardDB) -> None:
    assert choose_format(db, "standard", None).source is None


def test_a_dated_format_and_the_choice_made(db: CardDB) -> None:
    dated, choice = dated_format_for(db, "astro", None)
    assert choice.source is not None and dated is not None


def test_a_format_file_given_must_be_of_the_format_given_on_purpose(db: CardDB) -> None:
    astro = shipped_formats_dir() / "astro.toml"
    dated_format_for(db, "throwback", astro)  # --format left to its default: the file decides
    with pytest.raises(UsageError) as caught:
        dated_format_for(db, "throwback", astro, format_given=True)
    assert caught.value.exit_code is ExitCode.USAGE and caught.value.hint


def test_card_shows_each_shipped_format_the_data_does_not_define(db: CardDB) -> None:
    lines, warnings = shipped_lines(db)
    assert len(lines) == 2 and warnings == []  # astro and throwback; core is the data's


def test_the_shipped_community_format_a_name_gives(db: CardDB) -> None:
    found, choice = shipped_community(db, "throwback")
    assert isinstance(found, CommunityFormat) and choice.source is not None
    assert shipped_community(db, "core")[0] is None
    assert shipped_community(db, "standard") == (None, choose_format(db, "standard", None))
