"""What is in force under a format file: a house format on its base, or a community format."""

from __future__ import annotations

from typing import TYPE_CHECKING

from nrdeck.carddb import CardDB
from nrdeck.rules.community import select_community
from nrdeck.rules.communityfile import read_format_file
from nrdeck.rules.communityspec import CommunityFormat
from nrdeck.rules.house import select_house
from nrdeck.rules.inforce import InForce

if TYPE_CHECKING:
    from nrdeck.rules.selection import Selection


def select_from_file(db: CardDB, selection: Selection) -> InForce:
    """What is in force under the selection's format file (``selection.house``)."""
    assert selection.house is not None
    found = read_format_file(db, selection.house)
    if isinstance(found, CommunityFormat):
        return select_community(
            db,
            found,
            today=selection.today,
            as_of=selection.as_of,
            snapshot_id=selection.snapshot_id,
            banlist_id=selection.banlist_id,
            tier=selection.tier,
        )
    return select_house(
        db,
        found,
        selection.format_id,
        today=selection.today,
        as_of=selection.as_of,
        snapshot_id=selection.snapshot_id,
        banlist_id=selection.banlist_id,
        tier=selection.tier,
    )
