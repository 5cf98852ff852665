"""Expanding DECK arguments: files, folders (recursively), globs, links/UUIDs, text and '-'."""

from __future__ import annotations

import fnmatch
import os
from collections.abc import Iterator, Sequence
from pathlib import Path

import msgspec

from nrdeck.app.inputs.decks import STDIN, is_inline_text, is_remote
from nrdeck.errors import UsageError

DECK_SUFFIXES = frozenset({".txt", ".deck", ".o8d", ".json", ".md"})
# What a folder search skips unless --exclude replaces it: hidden files and folders, READMEs.
DEFAULT_EXCLUDE: tuple[str, ...] = (".*", "README*")
_GLOB_CHARS = frozenset("*?[")


class Expansion(msgspec.Struct, frozen=True):
    """The deck sources the arguments name, and which of them a folder search found."""

    sources: tuple[str, ...]
    from_folders: frozenset[str] = frozenset()


def expand_specs(
    specs: Sequence[str], exclude: Path | None = None, patterns: Sequence[str] = DEFAULT_EXCLUDE
) -> list[str]:
    """The deck sources of ``expand`` (see there)."""
    return list(expand(specs, exclude, patterns).sources)


def expand(
    specs: Sequence[str], exclude: Path | None = None, patterns: Sequence[str] = DEFAULT_EXCLUDE
) -> Expansion:
    """Files, folders (recursively), globs, links/UUIDs, decklist text and '-' -> sources.

    Duplicates are dropped (first occurrence kept); the pinned card data file named by
    ``exclude`` is never taken for a deck; a folder search skips what ``patterns`` match
    (globs, as ruff's ``--exclude``). A spec that names nothing is a usage error.
    """
    if not specs:
        raise UsageError("no decks given", hint="name deck files, folders, links, or '-'")
    skip = _resolved(exclude) if exclude else None
    seen: dict[str, None] = {}
    found: set[str] = set()
    for spec in specs:
        if not spec.strip():
            raise UsageError("an empty DECK argument", hint="name a file, folder, link or '-'")
        if spec == STDIN or is_inline_text(spec) or is_remote(spec):
            seen.setdefault(spec, None)
            continue
        in_folder = Path(spec).is_dir()
        for path in _paths_of(spec, patterns):
            if skip is None or _resolved(path) != skip:
                seen.setdefault(path, None)
                if in_folder:
                    found.add(path)
    return Expansion(tuple(seen), frozenset(found))


def _paths_of(spec: str, patterns: Sequence[str]) -> list[str]:
    path = Path(spec)
    if path.is_dir():
        found = sorted(_deck_files(path, patterns))
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
    import glob  # only a pattern needs it

    matches = sorted(glob.glob(spec, recursive=True))
    # a FIFO or device a glob matches is kept: reading it refuses it, it is never dropped
    files = [m for m in matches if not Path(m).is_dir()]
    if not files:
        raise UsageError(f"{spec}: no file matches this pattern", hint="check the pattern")
    return files


def _deck_files(folder: Path, patterns: Sequence[str]) -> Iterator[str]:
    for root, dirs, files in os.walk(folder):
        relative = os.path.relpath(root, folder)
        dirs[:] = [d for d in dirs if not excluded(_join(relative, d), patterns)]
        for name in files:
            if Path(name).suffix.lower() in DECK_SUFFIXES and not excluded(
                _join(relative, name), patterns
            ):
                yield os.path.join(root, name)


def _join(relative: str, name: str) -> str:
    return name if relative == os.curdir else f"{Path(relative).as_posix()}/{name}"


def excluded(relative: str, patterns: Sequence[str]) -> bool:
    """Whether a glob matches the entry's name or its path inside the searched folder.

    As in ruff: ``notes.md`` or ``.*`` match a name anywhere, ``drafts/*`` a path from the
    folder searched. Matching ignores case (decklist folders travel between systems).
    """
    name = relative.rsplit("/", 1)[-1].lower()
    path = relative.lower()
    for pattern in patterns:
        wanted = pattern.lower().removeprefix("./").strip("/")
        if fnmatch.fnmatchcase(name, wanted) or fnmatch.fnmatchcase(path, wanted):
            return True
    return False


def _resolved(path: Path | str) -> Path:
    try:
        return Path(path).resolve()
    except OSError:
        return Path(path)
