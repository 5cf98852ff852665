"""What is in force under a format file, and the format it decides: ``--format`` given on
purpose must name the file's own."""

from __future__ import annotations

import datetime as dt

import pytest

from nrdeck.catalog import CardDB
from nrdeck.errors import UsageError
from nrdeck.rules.formatfiles import FormatSource, file_format, read_format_file, select_from_file

DAY = dt.date(2026, 10, 1)


def test_a_community_file_decides_its_format(db: CardDB, astro: FormatSource) -> None:
    assert file_format(db, read_format_file(db, astro)) == "astro"
    in_force = select_from_file(db, astro, "astro", today=DAY, format_given=True)
    assert in_force.restriction is not None
    assert in_force.restriction.name == "Astro Ban List 26.04"


def test_another_format_given_on_purpose_is_a_usage_error(db: CardDB, astro: FormatSource) -> None:
    with pytest.raises(UsageError) as caught:
        select_from_file(db, astro, "standard", today=DAY, format_given=True)
    said = str(caught.value)
    assert said.startswith(f"{astro.path}: ") and "'astro'" in said
    assert said.endswith("--format says 'standard'")


def test_a_format_not_given_on_purpose_is_the_files_own(db: CardDB, astro: FormatSource) -> None:
    in_force = select_from_file(db, astro, "standard", today=DAY)
    assert in_force.restriction is not None
    assert in_force.restriction.name == "Astro Ban List 26.04"
