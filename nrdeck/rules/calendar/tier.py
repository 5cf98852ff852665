"""Event tiers: when a set becomes legal at casual and at competitive events
(docs/reference/legality.md §4).

Null Signal Games' Supported Formats page: "New releases become legal at Casual events
immediately and at Competitive events on the second Friday after their release"
(nullsignal.games/players/supported-formats; NISEI's site says the same from 2018-11-24).
Rotations and ban lists keep their own dates under both tiers.
"""

from __future__ import annotations

import datetime as dt

from nrdeck.catalog import CardDB
from nrdeck.errors import UsageError
from nrdeck.rules.calendar.timeline import set_release

CASUAL_TIER = "casual"
COMPETITIVE_TIER = "competitive"
TIERS = (CASUAL_TIER, COMPETITIVE_TIER)
DELAY_SINCE = dt.date(2018, 11, 24)  # sets released from this day wait at competitive events
FRIDAY = 4  # date.weekday()
WEEK = dt.timedelta(days=7)


def check_tier(tier: str) -> str:
    """The tier, when it is one (a usage error naming the valid tiers otherwise)."""
    if tier not in TIERS:
        raise UsageError(f"unknown tier {tier!r}", hint=f"valid tiers: {', '.join(TIERS)}")
    return tier


def competitive_date(release: dt.date) -> dt.date:
    """The day a set released on ``release`` is legal at competitive events.

    The second Friday strictly after the release (Thursday 2025-04-24: Fridays 04-25 and
    05-02, so 2025-05-02); sets released before 2018-11-24: the release day itself.
    """
    if release < DELAY_SINCE:
        return release
    days = (FRIDAY - release.weekday()) % 7 or 7
    return release + dt.timedelta(days=days) + WEEK


def legal_from(db: CardDB, set_id: str, tier: str) -> dt.date | None:
    """The day a set's cards become legal under the tier (None: never released)."""
    release = set_release(db, set_id)
    if release is None or tier != COMPETITIVE_TIER:
        return release
    return competitive_date(release)
