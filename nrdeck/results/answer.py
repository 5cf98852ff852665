"""One deck's answer on the server: the check's report, when the deck was legal, what the
list in force changed, and the warnings that go with it (an event's, the card data's).

The page renders it and ``POST /api/v1/check`` returns it: one answer, two renderings.
"""

from __future__ import annotations

import msgspec

from nrdeck.results.check import CheckReport
from nrdeck.results.history import DeckTimeline
from nrdeck.results.periods import FormatPeriod


class AnswerWarning(msgspec.Struct, frozen=True):
    """Something the player should know beside the verdict (a stable ``code``)."""

    code: str
    message: str


class ServedEventInfo(msgspec.Struct, frozen=True):
    """The event a server checks for, as its page names it."""

    name: str | None
    url: str | None
    line: str  # 'Checking for <event>, <date>: Standard, <list>, competitive'


class CheckAnswer(msgspec.Struct, frozen=True):
    """Everything the server says about one deck."""

    report: CheckReport
    timeline: DeckTimeline | None = None  # None: no deck read, or a format without history
    changes: FormatPeriod | None = None  # the period checked under, with what it changed
    warnings: tuple[AnswerWarning, ...] = ()
    event: ServedEventInfo | None = None
