"""Expanding DECK arguments: files, folders (recursively), globs, links/UUIDs and '-'."""

from __future__ import annotations

import glob
import os
from collections.abc import Iterator, Sequence
from pathlib import Path

from nrdeck.app.decks import STDIN, is_remote
from nrdeck.errors import UsageError

DECK_SUFFIXES = frozenset({".txt", ".deck", ".o8d", ".json", ".md"})
_GLOB_CHARS = frozenset("*?[")


def expand_specs(specs: Sequence[str], exclude: Path | None = None) -> list[str]:
    """Files, directories (recursively), globs, links/UUIDs and '-' -> deck sources.

    Duplicates are dropped (first occurrence kept); the pinned card data file named by
    ``exclude`` is never taken for a deck. A spec that names nothing is a usage error.
    """
    if not specs:
        raise UsageError("no decks given", hint="name deck files, folders, links, or '-'")
    skip = _resolved(exclude) if exclude else None
    seen: dict[str, None] = {}
    for spec in specs:
        if not spec.strip():
            raise UsageError("an empty DECK argument", hint="name a file, folder, link or '-'")
        if spec == STDIN or is_remote(spec):
            seen.setdefault(spec, None)
            continue
        for path in _paths_of(spec):
            if skip is None or _resolved(path) != skip:
                seen.setdefault(path, None)
    return list(seen)


def _paths_of(spec: str) -> list[str]:
    path = Path(spec)
    if path.is_dir():
        found = sorted(_deck_files(path))
        if not found:
            raise UsageError(
                f"{spec}: no decklists in this folder",
                hint="deck files end in " + ", ".join(sorted(DECK_SUFFIXES)),
            )
        return found
    if path.exists():
        return [spec]
    if not (_GLOB_CHARS & set(spec)):
        raise UsageError(f"{spec}: no such file or folder", hint="check the path")
    matches = sorted(glob.glob(spec, recursive=True))
    files = [m for m in matches if Path(m).is_file()]
    if not files:
        raise UsageError(f"{spec}: no file matches this pattern", hint="check the pattern")
    return files


def _deck_files(folder: Path) -> Iterator[str]:
    for root, dirs, files in os.walk(folder):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        for name in files:
            if _is_deck_like(name):
                yield os.path.join(root, name)


def _is_deck_like(name: str) -> bool:
    """A visible file with a decklist suffix that is not a README."""
    if name.startswith(".") or name.upper().startswith("README"):
        return False
    return Path(name).suffix.lower() in DECK_SUFFIXES


def _resolved(path: Path | str) -> Path:
    try:
        return Path(path).resolve()
    except OSError:
        return Path(path)
