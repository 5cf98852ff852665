"""Format files: reading one (``--format-file``), and the community formats nrdeck ships.

The shipped community formats are TOML files in the bundled data folder (``data/formats/``:
``astro.toml``, ``throwback.toml``, ``core.toml``), each named by its format id, compiled
beside them into ``formats.sqlite`` (read without the TOML parser: ``compiled``). A check
reads one only when ``--format`` names it; completion, "did you mean" and ``nrdeck card``
list them. A format file is read like a decklist: only a regular file, at most 1 MiB, and
TOML nested too deeply or holding a number too long to read is refused before it is parsed.
A format the card data defines wins over a shipped file of the same id (``core``): the file
serves only card data without it.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from nrdeck.cards.bundled import data_dir
from nrdeck.rules.calendar import BUILTIN_FORMATS, key_of

if TYPE_CHECKING:
    from nrdeck.catalog import CardDB
    from nrdeck.rules.formatfiles import FormatSource

FORMATS_FOLDER = "formats"
SUFFIX = ".toml"
_BUILTIN_KEYS = frozenset(key_of(f) for f in BUILTIN_FORMATS)


def is_builtin(format_id: str) -> bool:
    """True for the name of a built-in format (standard, startup, …, casual)."""
    return key_of(format_id) in _BUILTIN_KEYS


def shipped_formats_dir() -> Path:
    """The folder of the community formats nrdeck ships."""
    return data_dir() / FORMATS_FOLDER


def shipped_format_ids() -> tuple[str, ...]:
    """The ids of the community formats nrdeck ships, sorted (the folder's file names)."""
    try:
        names = os.listdir(shipped_formats_dir())
    except OSError:
        return ()
    return tuple(sorted(n[: -len(SUFFIX)] for n in names if n.endswith(SUFFIX)))


def shipped_format_path(text: str) -> Path | None:
    """The file of the shipped community format ``text`` names (case and dashes do not
    matter), or None."""
    stem = key_of(text).replace(".", "_")  # 'Throw-Back' -> throw_back: an id, or no file
    if not (stem.isascii() and stem.replace("_", "").isalnum()):
        return None
    path = shipped_formats_dir() / f"{stem}{SUFFIX}"
    return path if path.is_file() else None


def read_shipped_formats(db: CardDB) -> list[FormatSource]:
    """Every shipped community format the card data does not define itself, read (for
    ``nrdeck card``)."""
    folder = shipped_formats_dir()
    return [
        read_shipped(folder / f"{f}{SUFFIX}") for f in shipped_format_ids() if f not in db.formats
    ]


def read_shipped(path: Path) -> FormatSource:
    """A shipped community format: from the compiled catalogue, or its TOML when the
    catalogue does not hold the file as it is now (``compiled``)."""
    from nrdeck.app.formatfiles.compiled import compiled_source

    found = compiled_source(path)
    if found is not None:
        return found
    from nrdeck.app.formatfiles.reader import read_format_source  # the gateway to tomllib

    return read_format_source(path, shipped=True)


def format_source(
    format_id: str, format_file: Path | None, db: CardDB | None = None
) -> FormatSource | None:
    """The format file to use: ``--format-file``, else the shipped community format
    ``--format`` names, else None. Given the card data, a shipped file whose format the data
    defines is None (the data's own wins); without it, the rules decide when they get it.
    A built-in format's name reads no file and imports no TOML parser."""
    if format_file is not None:
        from nrdeck.app.formatfiles.reader import read_format_source  # the gateway to tomllib

        return read_format_source(format_file)
    path = shipped_format_path(format_id)
    if path is None or (db is not None and path.stem in db.formats):
        return None
    return read_shipped(path)
