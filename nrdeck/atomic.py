"""Atomic file writes: readers see the old file or the new one, never half of either."""

from __future__ import annotations

import os
from pathlib import Path

from nrdeck.errors import UsageError


def write_atomic(path: Path, payload: bytes, *, mode: int = 0o644) -> None:
    """Same-directory temp file, fsync, ``os.replace`` (OSError when it cannot be done).

    The folder must exist: whether to create it is the caller's decision.
    """
    import tempfile  # only writers pay for it

    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp, mode)  # mkstemp creates 0600
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_report(path: Path, text: str) -> None:
    """Write a command's ``--output`` file atomically (a usage error when it cannot)."""
    try:
        write_atomic(path, text.encode("utf-8"))
    except OSError as exc:
        raise UsageError(
            f"{path}: cannot write the report ({exc.strerror or exc})",
            hint="check that the folder exists and is writable",
        ) from exc
