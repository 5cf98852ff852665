"""The options that choose what is in force, as a value the command line can make cheaply.

Kept apart from ``selection`` (which reads format files and imports the rules) so that every
command can be given them without loading what only a check needs.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import msgspec


class SelectionOptions(msgspec.Struct, frozen=True):
    """The options that choose what is in force, as the command line gives them.

    The use case makes them a ``Selection`` (``chosen``): it reads the clock for the default
    date and the house format file, so the command line reads neither.
    """

    format_id: str = "standard"
    as_of: dt.date | None = None
    snapshot_id: str | None = None
    banlist_id: str | None = None
    format_file: Path | None = None
    tier: str = "casual"
    format_given: bool = False  # --format on the command line, not its default
