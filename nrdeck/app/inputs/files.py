"""Reading a local file safely: never blocking on a FIFO or a device, never past a limit."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from nrdeck.errors import UsageError


class NotRegularFile(OSError):
    """A path that names a FIFO, a device or a socket where a file was expected."""


def read_regular_file(path: Path, limit: int) -> bytes:
    """At most ``limit`` bytes of a regular file; NotRegularFile for anything else.

    The file is checked before it is opened and opened without blocking, then checked
    again on the open descriptor (it may have been swapped meanwhile), so a FIFO or a
    device is never waited on and never read.
    """
    if not stat.S_ISREG(os.stat(path).st_mode):
        raise NotRegularFile(errno.EINVAL, "not a regular file", str(path))
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    fd = os.open(path, flags | getattr(os, "O_BINARY", 0))
    with os.fdopen(fd, "rb") as handle:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise NotRegularFile(errno.EINVAL, "not a regular file", str(path))
        return handle.read(limit)


def require_folder(path: Path, what: str) -> Path:
    """The folder, or a usage error saying what was expected ('a netrunner-cards-json folder')."""
    if not path.is_dir():
        raise UsageError(f"{path}: no such folder", hint=f"give {what}")
    return path


def require_file(path: Path, what: str) -> Path:
    """The file, or a usage error saying what was expected ('a card data file')."""
    if not path.is_file():
        raise UsageError(f"{path}: no such file", hint=f"give {what}")
    return path
