"""Searching folders for decklists: the deck files' suffixes, exclusion globs (as ruff's)."""

from __future__ import annotations

import errno
import fnmatch
import os
import stat
from collections.abc import Sequence
from pathlib import Path

import msgspec

from nrdeck.errors import UsageError

DECK_SUFFIXES = frozenset({".txt", ".deck", ".o8d", ".json", ".md"})
# What a folder search skips unless --exclude replaces it: hidden files and folders, READMEs.
DEFAULT_EXCLUDE: tuple[str, ...] = (".*", "README*")
_GLOB_CHARS = frozenset("*?[")


class Found(msgspec.Struct, frozen=True):
    """The deck files a DECK argument names, and what a folder search skipped unopened (a
    dangling link, a link loop, a folder it cannot read, a file or folder found twice, a FIFO,
    a socket, a device: a note each, saying which and why)."""

    files: list[str]
    skipped: list[str] = msgspec.field(default_factory=list)
    searched: bool = False  # found by a folder search (not named, nor matched by a glob)


def paths_of(spec: str, patterns: Sequence[str]) -> Found:
    """The deck files a file, folder (searched recursively) or glob names (a usage error when
    it names none)."""
    path = Path(spec)
    if path.is_dir():
        search = FolderSearch(spec, patterns)
        files, skipped = search.files, search.notes
        if not files:
            said = "; ".join(skipped)
            raise UsageError(
                f"{spec}: no decklists in this folder" + (f"; {said}" if said else ""),
                hint="deck files end in " + ", ".join(sorted(DECK_SUFFIXES)),
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


class FolderSearch:
    """One folder search: the deck files under a folder, and a note for each thing it skipped.

    A link to a folder is followed wherever it leads (as a link to a file is), after the
    folder's own tree, so each real folder is searched once and a deck found twice (through
    two links) is checked once, under the name that needs no link; a link to a folder it is
    in (a loop) is a note, never followed. A link inside a linked folder is followed only
    where it stays within the folders searched, so that one link cannot pull in a whole
    machine (``/proc``'s links lead into every process's folder). A folder that cannot be
    read is a note too.
    """

    def __init__(self, top: str, patterns: Sequence[str]) -> None:
        self._patterns = patterns
        self._skipped: dict[str, str] = {}  # path -> why
        self._found: list[tuple[str, bool]] = []  # (path, reached through a link)
        self._searched: dict[str, str] = {os.path.realpath(top): top}  # real path -> as found
        self._roots = [os.path.realpath(top)]  # the trees searched: the folder, each link's
        self._links: list[tuple[str, str, bool]] = []  # (link, its path, met in a linked tree)
        self._tree(top, os.curdir, through_link=False)
        for link, inside, nested in self._links:  # the list grows as linked folders hold links
            self._follow(link, inside, nested=nested)
        self.files = self._decks()

    @property
    def notes(self) -> list[str]:
        """'skipped PATH: why', for each thing skipped, in path order."""
        return [f"skipped {path}: {why}" for path, why in sorted(self._skipped.items())]

    def _tree(self, top: str, inside: str, *, through_link: bool) -> None:
        stack = [(top, inside)]
        while stack:
            folder, where = stack.pop()
            for entry in self._entries(folder):
                path = _join(where, entry.name)
                if excluded(path, self._patterns):
                    continue
                if _is_folder(entry, follow=False):
                    if self._first_visit(entry.path):
                        stack.append((entry.path, path))
                elif _is_folder(entry, follow=True):
                    self._links.append((entry.path, path, through_link))
                elif Path(entry.name).suffix.lower() in DECK_SUFFIXES:
                    self._found.append((entry.path, through_link or entry.is_symlink()))
                elif entry.is_symlink() and not Path(entry.name).suffix:
                    self._broken_link(entry.path)  # it may have been a folder of decks

    def _entries(self, folder: str) -> list[os.DirEntry[str]]:
        try:
            with os.scandir(folder) as entries:
                return sorted(entries, key=lambda e: e.name)
        except OSError as err:
            why = err.strerror or type(err).__name__
            self._skipped[tidy(folder)] = f"a folder that cannot be read ({why})"
            return []

    def _first_visit(self, folder: str) -> bool:
        real = os.path.realpath(folder)
        if real in self._searched:
            first = tidy(self._searched[real])
            self._skipped[tidy(folder)] = f"the same folder as {first}, searched once"
            return False
        self._searched[real] = folder
        return True

    def _follow(self, link: str, inside: str, *, nested: bool) -> None:
        real, home = os.path.realpath(link), os.path.realpath(os.path.dirname(link))
        if _within(home, real):
            self._skipped[tidy(link)] = "a link to a folder it is in (a loop)"
        elif nested and not any(_within(real, root) for root in self._roots):
            self._skipped[tidy(link)] = (
                "a link in a linked folder to a folder outside the search: not followed "
                "(name it to check it)"
            )
        elif self._first_visit(link):
            self._roots.append(real)
            self._tree(link, inside, through_link=True)

    def _broken_link(self, path: str) -> None:
        why = cannot_be_a_deck(path)
        if why is not None:
            self._skipped[tidy(path)] = why.replace("a file that", "a file or folder that")

    def _decks(self) -> list[str]:
        """The files found that can be decks, each real file once (by a name through no link)."""
        readable: list[tuple[bool, str]] = []
        for path, through_link in self._found:
            why = cannot_be_a_deck(path)
            if why is None:
                readable.append((through_link, tidy(path)))
            else:
                self._skipped[tidy(path)] = why
        kept: dict[str, str] = {}
        for _, path in sorted(readable):
            first = kept.setdefault(os.path.realpath(path), path)
            if first != path:
                self._skipped[path] = f"the same file as {first}, checked once"
        return sorted(kept.values())


def _within(path: str, folder: str) -> bool:
    """Whether a real path is the real folder or inside it."""
    return path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)


def _is_folder(entry: os.DirEntry[str], *, follow: bool) -> bool:
    try:
        return entry.is_dir(follow_symlinks=follow)
    except OSError:
        return False


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


def tidy(found: str) -> str:
    """A path a search found, without the leading ``./`` that searching ``.`` puts on it
    (``./decks/a.txt`` is ``decks/a.txt``, as ruff and eslint name it)."""
    separators = "".join(s for s in (os.sep, os.altsep) if s)
    while len(found) > 2 and found[0] == "." and found[1] in separators:
        found = found[2:].lstrip(separators)
    return found


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
