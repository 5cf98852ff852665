"""Searching folders for decklists: the deck files' suffixes, exclusion globs (as ruff's)."""

from __future__ import annotations

import errno
import fnmatch
import os
import stat
from collections.abc import Iterator, Sequence
from pathlib import Path

import msgspec

from nrdeck.errors import UsageError

DECK_SUFFIXES = frozenset({".txt", ".deck", ".o8d", ".json", ".md"})
# What a folder search skips unless --exclude replaces it: hidden files and folders, READMEs.
DEFAULT_EXCLUDE: tuple[str, ...] = (".*", "README*")
_GLOB_CHARS = frozenset("*?[")


class Found(msgspec.Struct, frozen=True):
    """The deck files a DECK argument names, and what a folder search skipped unopened (a
    dangling link, a FIFO, a socket, a device: a note each, saying which and why)."""

    files: list[str]
    skipped: list[str] = msgspec.field(default_factory=list)
    searched: bool = False  # found by a folder search (not named, nor matched by a glob)


def paths_of(spec: str, patterns: Sequence[str]) -> Found:
    """The deck files a file, folder (searched recursively) or glob names (a usage error when
    it names none)."""
    path = Path(spec)
    if path.is_dir():
        files, skipped = [], []
        for found in sorted(tidy(f) for f in _deck_files(path, patterns)):
            why = cannot_be_a_deck(found)
            if why is None:
                files.append(found)
            else:
                skipped.append(f"skipped {found}: {why}")
        if not files:
            raise UsageError(
                f"{spec}: no decklists in this folder",
                hint=_no_decks_hint(skipped),
            )
        return Found(files, skipped, searched=True)
    if path.exists():
        return Found([spec])
    if not (_GLOB_CHARS & set(spec)):
        raise UsageError(f"{spec}: no such file or folder", hint="check the path")
    import glob  # only a pattern needs it

    matches = sorted(glob.glob(spec, recursive=True))
    # a FIFO or device a glob matches is kept: reading it refuses it, it is never dropped
    files = [tidy(m) for m in matches if not Path(m).is_dir()]
    if not files:
        raise UsageError(f"{spec}: no file matches this pattern", hint="check the pattern")
    return Found(files)


def cannot_be_a_deck(path: str) -> str | None:
    """Why a file a folder search found cannot be a decklist file, looked at without opening
    it (a FIFO is never waited on), else None: a dangling symbolic link (an uninitialised git
    submodule leaves them), a link loop, a FIFO, a socket or a device."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return "a symbolic link to a file that is not there" if os.path.islink(path) else None
    except OSError as err:
        if err.errno == errno.ELOOP:
            return "a symbolic link that leads back to itself"
        return None  # reading it says what is wrong: that deck's problem
    if stat.S_ISREG(mode):
        return None
    return "not a regular file (a FIFO, socket or device): not a decklist"


def _no_decks_hint(skipped: list[str]) -> str:
    suffixes = "deck files end in " + ", ".join(sorted(DECK_SUFFIXES))
    if not skipped:
        return suffixes
    return f"{suffixes}; {'; '.join(skipped)}"


def tidy(found: str) -> str:
    """A path a search found, without the leading ``./`` that searching ``.`` puts on it
    (``./decks/a.txt`` is ``decks/a.txt``, as ruff and eslint name it)."""
    separators = "".join(s for s in (os.sep, os.altsep) if s)
    while len(found) > 2 and found[0] == "." and found[1] in separators:
        found = found[2:].lstrip(separators)
    return found


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


def resolved(path: Path | str) -> Path:
    """The path without symbolic links (as given when it cannot be resolved)."""
    try:
        return Path(path).resolve()
    except OSError:
        return Path(path)
