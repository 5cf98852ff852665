"""Turning the options that choose what is in force into one ``Selection`` (check, stats, event).

The one place a house format file is read: its TOML is parsed here and handed to the rules,
which check it against the card data.
"""

from __future__ import annotations

import datetime as dt
import re
import sys
from pathlib import Path

import msgspec

from nrdeck.app.inputs.files import NotRegularFile, read_regular_file
from nrdeck.errors import UsageError
from nrdeck.rules import HouseSource, Selection

_LINE = r"at line (\d+)"  # in a TOML error message
_MAX_FORMAT_BYTES = 1024 * 1024


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


def chosen(selection: Selection | SelectionOptions, today: dt.date | None = None) -> Selection:
    """The selection itself, or the one the options ask for (on ``today``, else the clock's)."""
    if isinstance(selection, Selection):
        return selection
    return make_selection(
        format_id=selection.format_id,
        as_of=selection.as_of,
        snapshot_id=selection.snapshot_id,
        banlist_id=selection.banlist_id,
        format_file=selection.format_file,
        tier=selection.tier,
        today=today,
    )


def make_selection(
    *,
    format_id: str = "standard",
    as_of: dt.date | None = None,
    snapshot_id: str | None = None,
    banlist_id: str | None = None,
    format_file: Path | None = None,
    tier: str = "casual",
    today: dt.date | None = None,
) -> Selection:
    """The selection the options ask for.

    ``today`` is the clock's date unless given: the one place the date checked by default
    comes from (the rules never read the clock). Without ``--as-of`` or ``--snapshot`` it is
    the date checked, exactly as ``--as-of today``.
    """
    return Selection(
        today=today or dt.date.today(),
        format_id=format_id,
        as_of=as_of,
        snapshot_id=snapshot_id,
        banlist_id=banlist_id,
        house=read_house_source(format_file) if format_file is not None else None,
        tier=tier,
    )


def read_house_source(path: Path) -> HouseSource:
    """Read and parse a house format file (a usage error naming the file and line).

    Like a decklist, it is read only if it is a regular file, and only up to 1 MiB; TOML
    nested too deeply or holding a number too long to read is a usage error too.
    """
    if sys.version_info >= (3, 11):  # imported here: only house formats pay for it
        import tomllib
    else:  # pragma: no cover - Python 3.10
        import tomli as tomllib  # type: ignore[import-not-found, no-redef, unused-ignore]
    try:
        data = read_regular_file(path, _MAX_FORMAT_BYTES + 1)
        if len(data) > _MAX_FORMAT_BYTES:
            raise UsageError(f"{path}: the format file is larger than 1 MiB")
        text = data.decode("utf-8")
    except NotRegularFile:
        raise UsageError(f"{path}: the format file is not a regular file") from None
    except (OSError, UnicodeDecodeError) as err:
        raise UsageError(f"{path}: cannot read the format file ({err})") from None
    try:
        table = dict(tomllib.loads(text))
    except tomllib.TOMLDecodeError as err:
        found = re.search(_LINE, str(err))
        line = found.group(1) if found else str(max(1, len(text.splitlines())))
        raise UsageError(f"{path}:{line}: not valid TOML ({str(err).split(' (at')[0]})") from None
    except (RecursionError, ValueError):
        raise UsageError(
            f"{path}: not a format file nrdeck can read (nested too deeply, or a number too long)",
            hint="see docs/formats-and-dates.md (house formats) for what the file holds",
        ) from None
    return HouseSource(path=str(path), text=text, table=table)
