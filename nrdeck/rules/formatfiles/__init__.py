"""Format files: house and community formats read from TOML, checked against the card data,
and what is in force under them.

The app reads and parses the file (``FormatSource``); ``read_format_file`` checks it into a
house format (a base plus a group's own lists) or a community format (its own dated pools and
lists), and ``select_from_file`` says what is in force under it on a date. A check under a
built-in format never imports this wing. Imports only the calendar.
"""

from __future__ import annotations

from nrdeck.rules.formatfiles.community import CommunityLine, community_list_names
from nrdeck.rules.formatfiles.community_file import read_format_file
from nrdeck.rules.formatfiles.community_spec import CommunityFormat
from nrdeck.rules.formatfiles.select import (
    file_format,
    found_path,
    require_same_format,
    select_from_file,
)
from nrdeck.rules.formatfiles.shipped import community_warning, gives_way, official_note
from nrdeck.rules.formatfiles.source import FormatSource
from nrdeck.rules.formatfiles.toplevel import HouseFormat

__all__ = [
    "CommunityFormat",
    "CommunityLine",
    "FormatSource",
    "HouseFormat",
    "community_list_names",
    "community_warning",
    "file_format",
    "found_path",
    "gives_way",
    "official_note",
    "read_format_file",
    "require_same_format",
    "select_from_file",
]
