"""Card-data use cases: build a snapshot, report status."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from nrdeck.errors import UsageError


def build_snapshot(source_dir: Path, out: Path, dataset_date: str | None = None) -> int:
    """Build the facts-only document from a netrunner-cards-json folder; returns its size."""
    from nrdeck.cards.cardsjson import CardsJsonSource
    from nrdeck.cards.document import encode

    if not source_dir.is_dir():
        raise UsageError(f"{source_dir}: no such folder", hint="give a netrunner-cards-json folder")
    payload = encode(CardsJsonSource(source_dir, dataset_date).read())
    write_atomic(out, payload)
    return len(payload)


def write_atomic(path: Path, payload: bytes) -> None:
    """Same-directory temp file, fsync, os.replace: readers see old or new, never half."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
