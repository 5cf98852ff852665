"""Title lookup: the suggestions for a title the card data does not have."""

from __future__ import annotations

import pytest

from nrdeck.catalog import CardDB
from nrdeck.catalog.titles import TitleIndex


@pytest.mark.parametrize(
    ("typo", "suggested"),
    [
        ("Hedge Fnd", ["Hedge Fund"]),  # not Shred or Edge of World
        ("Ic Wall", ["Ice Wall"]),  # not Fire Wall
        ("Eli 10", ["Eli 1.0"]),  # not Eli 2.0
        ("Blackmial", ["Blackmail"]),
        ("Pro Contacts", ["Private Contracts", "Professional Contacts", "NAPD Contract"]),
        ("Qwzxv Jjjj", []),
    ],
)
def test_suggestions_are_the_close_titles_only(typo: str, suggested: list[str], db: CardDB) -> None:
    assert TitleIndex(db).suggestions(typo) == suggested
