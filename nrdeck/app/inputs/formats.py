"""Format files: reading one (``--format-file``), and the community formats nrdeck ships.

The shipped community formats are TOML files in the bundled data folder (``data/formats/``:
``astro.toml``, ``throwback.toml``, ``core.toml``), each named by its format id. A check
reads one only when ``--format`` names it; completion, "did you mean" and ``nrdeck card``
list them. A format file is read like a decklist: only a regular file, at most 1 MiB, and
TOML nested too deeply or holding a number too long to read is refused before it is parsed.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

from nrdeck.app.inputs.files import NotRegularFile, read_regular_file
from nrdeck.carddb import CardDB
from nrdeck.cards.bundled import data_dir
from nrdeck.errors import UsageError
from nrdeck.rules import BUILTIN_FORMATS, CommunityFormat, FormatSource, read_format_file
from nrdeck.rules.community import CommunityLine
from nrdeck.rules.history import DatedFormat, dated_format
from nrdeck.rules.names import key_of

FORMATS_FOLDER = "formats"
SUFFIX = ".toml"
MAX_FORMAT_BYTES = 1024 * 1024
MAX_NESTING = 32  # arrays and inline tables inside each other
MAX_DIGITS = 64  # a number longer than this is no count of cards or copies
_LINE = r"at line (\d+)"  # in a TOML error message
_KEY = re.compile(r"^\s*([\w.\"' -]+?)\s*=")
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
    wanted = key_of(text)
    found = next((f for f in shipped_format_ids() if key_of(f) == wanted), None)
    return shipped_formats_dir() / f"{found}{SUFFIX}" if found else None


def read_shipped_formats() -> list[FormatSource]:
    """Every shipped community format, read (for ``nrdeck card``)."""
    folder = shipped_formats_dir()
    return [read_format_source(folder / f"{f}{SUFFIX}") for f in shipped_format_ids()]


def format_source(format_id: str, format_file: Path | None) -> FormatSource | None:
    """The format file to use: ``--format-file``, else the shipped community format
    ``--format`` names, else None (a built-in format's name reads no file and no folder)."""
    if format_file is not None:
        return read_format_source(format_file)
    if is_builtin(format_id):
        return None
    path = shipped_format_path(format_id)
    return read_format_source(path) if path is not None else None


def read_format_source(path: Path) -> FormatSource:
    """Read and parse a format file (a usage error naming the file and line).

    Only a regular file, up to 1 MiB. TOML nested more than 32 deep or holding a number of
    more than 64 digits is refused with the line and the key, before it is parsed.
    """
    if str(path).startswith(("http:/", "https:/")):
        raise UsageError(
            f"{path}: nrdeck reads format files from disk, not from the network",
            hint="download it (curl -fLO URL) and pass its path; see docs/community-formats.md",
        )
    try:
        data = read_regular_file(path, MAX_FORMAT_BYTES + 1)
        if len(data) > MAX_FORMAT_BYTES:
            raise UsageError(f"{path}: the format file is larger than 1 MiB")
        text = data.decode("utf-8")
    except NotRegularFile:
        raise UsageError(f"{path}: the format file is not a regular file") from None
    except (OSError, UnicodeDecodeError) as err:
        raise UsageError(f"{path}: cannot read the format file ({err})") from None
    hostile = hostile_toml(text)
    if hostile is not None:
        raise UsageError(
            f"{path}:{hostile}", hint="see docs/community-formats.md for what the file holds"
        )
    return FormatSource(path=str(path), text=text, table=_parse(path, text))


def _parse(path: Path, text: str) -> dict[str, object]:
    if sys.version_info >= (3, 11):  # imported here: only format files pay for it
        import tomllib
    else:  # pragma: no cover - Python 3.10
        import tomli as tomllib  # type: ignore[import-not-found, no-redef, unused-ignore]
    try:
        return dict(tomllib.loads(text))
    except tomllib.TOMLDecodeError as err:
        found = re.search(_LINE, str(err))
        line = found.group(1) if found else str(max(1, len(text.splitlines())))
        raise UsageError(f"{path}:{line}: not valid TOML ({str(err).split(' (at')[0]})") from None
    except (RecursionError, ValueError):
        raise UsageError(
            f"{path}: not a format file nrdeck can read (nested too deeply, or a number too long)",
            hint="see docs/community-formats.md for what the file holds",
        ) from None


def hostile_toml(text: str) -> str | None:
    """'LINE: not a format file nrdeck can read: KEY is nested more than 32 deep' (or holds
    a number of more than 64 digits), outside strings and comments; else None."""
    depth, digits, key, quote = 0, 0, "", ""
    for number, line in enumerate(text.splitlines(), 1):
        if not quote and depth == 0:
            found = _KEY.match(line)
            key = found.group(1).strip() if found else key
        index = 0
        while index < len(line):
            char = line[index]
            if quote:
                if char == "\\" and quote in ('"', '"""'):
                    index += 2
                    continue
                if line.startswith(quote, index):
                    index, quote = index + len(quote), ""
                    continue
            elif char == "#":
                break
            elif char in "\"'":
                quote = char * 3 if line.startswith(char * 3, index) else char
                index += len(quote)
                continue
            elif char in "[{":
                depth += 1
            elif char in "]}":
                depth = max(0, depth - 1)
            digits = digits + 1 if char.isdigit() and not quote else 0
            if depth > MAX_NESTING or digits > MAX_DIGITS:
                what = (
                    f"is nested more than {MAX_NESTING} deep"
                    if depth > MAX_NESTING
                    else f"holds a number of more than {MAX_DIGITS} digits"
                )
                return f"{number}: not a format file nrdeck can read: {key or 'a value'} {what}"
            index += 1
        if quote in ('"', "'"):
            quote = ""  # a one-line string ends with its line (else TOML reports it)
        digits = 0
    return None


def dated_format_for(db: CardDB, format_id: str, format_file: Path | None) -> DatedFormat:
    """The dated format a history follows: ``--format-file``, the shipped community format
    ``--format`` names, or a built-in format (its file read here, checked by the rules)."""
    source = format_source(format_id, format_file)
    fmt = read_format_file(db, source) if source is not None else None
    return dated_format(db, format_id, fmt, shipped_format_ids())


def shipped_lines(db: CardDB) -> list[DatedFormat]:
    """Every shipped community format as a dated format (``nrdeck card`` shows them)."""
    out: list[DatedFormat] = []
    for source in read_shipped_formats():
        fmt = read_format_file(db, source)
        if isinstance(fmt, CommunityFormat):
            out.append(CommunityLine(db, fmt))
    return out
