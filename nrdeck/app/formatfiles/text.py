"""A format file's bytes and text: only a regular file, at most 1 MiB, UTF-8 or with a byte
order mark. Imports no TOML parser: the compiled shipped formats read their files here too."""

from __future__ import annotations

from pathlib import Path

from nrdeck.app.inputs.files import NotRegularFile, read_regular_file
from nrdeck.decklist.reading import UTF8_BOM, text_by_bom
from nrdeck.errors import UsageError

MAX_FORMAT_BYTES = 1024 * 1024


def read_format_bytes(path: Path) -> bytes:
    """The file's bytes (a usage error naming the file: not a regular file, over 1 MiB,
    unreadable, or a URL)."""
    if str(path).startswith(("http:/", "https:/")):
        raise UsageError(
            f"{path}: nrdeck reads format files from disk, not from the network",
            hint="download it (curl -fLO URL) and pass its path; see docs/community-formats.md",
        )
    try:
        data = read_regular_file(path, MAX_FORMAT_BYTES + 1)
    except NotRegularFile:
        raise UsageError(f"{path}: the format file is not a regular file") from None
    except OSError as err:
        raise UsageError(f"{path}: cannot read the format file ({err})") from None
    if len(data) > MAX_FORMAT_BYTES:
        raise UsageError(f"{path}: the format file is larger than 1 MiB")
    return data


def format_text(path: Path, data: bytes) -> str:
    """The text of a format file's bytes: UTF-8 (a UTF-8 byte order mark dropped), or UTF-16
    or UTF-32 after their byte order mark (a usage error naming the file when it is not text)."""
    try:
        return text_by_bom(data) or data.removeprefix(UTF8_BOM).decode("utf-8")
    except UnicodeDecodeError as err:
        raise UsageError(f"{path}: cannot read the format file ({err})") from None
