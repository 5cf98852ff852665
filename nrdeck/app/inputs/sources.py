"""Where a deck comes from, as a type: made once, by one classifier per kind of input.

A DECK argument (``deck_source``, and ``expand`` for folders and globs), a roster cell
(``classify_cell``) and ``diff``'s ``ROSTER#PLAYER`` (through ``classify_cell``) become a
``DeckSource``; everything downstream dispatches on its type and never looks at the string
again. Nothing is opened here, only the file system's names are looked at.
"""

from __future__ import annotations

import errno
import os
from collections.abc import Sequence
from pathlib import Path, PurePosixPath, PureWindowsPath
from typing import TYPE_CHECKING

import msgspec

from nrdeck.app.inputs.folders import DECK_SUFFIXES, DEFAULT_EXCLUDE, paths_of, resolved
from nrdeck.catalog import titles_path
from nrdeck.deck import RawDeck
from nrdeck.decklist.deck_ref import DeckRef, link_advice, looks_like_link, parse_deck_ref
from nrdeck.errors import UsageError
from nrdeck.results.check import Origin

if TYPE_CHECKING:
    from nrdeck.roster.model import Cell  # only roster cells are classified with it

STDIN = "-"
_LABEL_CHARS = 32


class FileSource(msgspec.Struct, frozen=True):
    """A decklist file; ``label`` is how the user named it (an argument, a roster cell)."""

    path: Path
    label: str

    @property
    def kind(self) -> str:
        """How reports name this kind of source: 'file'."""
        return "file"

    @property
    def origin(self) -> Origin:
        """Where the deck comes from, as check reports say it."""
        return "file"


class StdinSource(msgspec.Struct, frozen=True):
    """Standard input ('-', or a pipe)."""

    label: str = STDIN

    @property
    def kind(self) -> str:
        """How reports name this kind of source: 'stdin'."""
        return "stdin"

    @property
    def origin(self) -> Origin:
        """Where the deck comes from, as check reports say it."""
        return "stdin"


class TextSource(msgspec.Struct, frozen=True):
    """Decklist text given where a file was expected (an argument, a cell)."""

    text: str
    label: str

    @property
    def kind(self) -> str:
        """How reports name this kind of source: 'text'."""
        return "text"

    @property
    def origin(self) -> Origin:
        """Where the deck comes from, as check reports say it."""
        return "text"


class RemoteSource(msgspec.Struct, frozen=True):
    """A NetrunnerDB deck: a link, a UUID or a numeric id (``label``: as written)."""

    ref: DeckRef
    label: str

    @property
    def kind(self) -> str:
        """How reports name this kind of source: 'remote'."""
        return "remote"

    @property
    def origin(self) -> Origin:
        """Where the deck comes from, as check reports say it."""
        return "remote"


class ListedSource(msgspec.Struct, frozen=True):
    """A list a roster holds itself (Cobra's frozen copy of a registration)."""

    raw: RawDeck
    label: str

    @property
    def kind(self) -> str:
        """How reports name this kind of source: 'listed'."""
        return "listed"

    @property
    def origin(self) -> Origin:
        """Where the deck comes from, as check reports say it."""
        return "file"


class RefusedSource(msgspec.Struct, frozen=True):
    """A cell nrdeck will not read: a path out of the roster's folder, a link elsewhere.

    ``kind`` is ``refused`` (``reason`` says why: 'an absolute path') or ``not-a-link``.
    """

    label: str
    kind: str
    reason: str = ""

    @property
    def origin(self) -> Origin:
        """Where the deck comes from, as check reports say it."""
        return "file"


class EmptySource(msgspec.Struct, frozen=True):
    """A roster cell with no deck in it."""

    label: str = ""

    @property
    def kind(self) -> str:
        """How reports name this kind of source: 'empty'."""
        return "empty"

    @property
    def origin(self) -> Origin:
        """Where the deck comes from, as check reports say it."""
        return "file"


ReadableSource = FileSource | StdinSource | TextSource | RemoteSource | ListedSource
DeckSource = ReadableSource | RefusedSource | EmptySource


class Expansion(msgspec.Struct, frozen=True):
    """The deck sources the arguments name, the labels of those a folder search found, and
    a note for each file a folder search skipped unopened."""

    sources: tuple[ReadableSource, ...]
    from_folders: frozenset[str] = frozenset()
    skipped: tuple[str, ...] = ()


def deck_source(spec: str) -> ReadableSource:
    """What one DECK argument names: '-', decklist text, a NetrunnerDB deck, or a file."""
    if spec == STDIN:
        return StdinSource()
    if is_inline_text(spec):
        return TextSource(spec, text_label(spec))
    ref = _remote_ref(spec)
    if ref is not None:
        return RemoteSource(ref, spec)
    return FileSource(Path(spec), spec)


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
    skip = _pinned_files(exclude) if exclude else None
    seen: dict[str, ReadableSource] = {}
    found: set[str] = set()
    skipped: list[str] = []
    real: dict[Path, str] = {}  # each file's real path -> its first name
    for spec in specs:
        if not spec.strip():
            raise UsageError("an empty DECK argument", hint="name a file, folder, link or '-'")
        source = deck_source(spec)
        if not isinstance(source, FileSource):
            seen.setdefault(source.label, source)
            continue
        if looks_like_link(spec) and not os.path.lexists(spec):
            advice = link_advice(spec)
            raise UsageError(advice.message, hint=advice.hint)
        named = paths_of(spec, patterns)
        skipped += named.skipped
        for path in named.files:
            where = resolved(path)
            if skip is not None and where in skip:
                continue
            first = real.setdefault(where, path)
            if named.searched and first != path:  # two folders searched lead to one file
                skipped.append(f"skipped {path}: the same file as {first}, checked once")
                continue
            seen.setdefault(path, FileSource(Path(path), path))
            if named.searched:
                found.add(path)
    return Expansion(tuple(seen.values()), frozenset(found), tuple(dict.fromkeys(skipped)))


def _pinned_files(data_file: Path) -> set[Path]:
    """The pinned card data file and the titles file its build writes beside it."""
    return {resolved(data_file), resolved(titles_path(data_file))}


def expand_specs(
    specs: Sequence[str], exclude: Path | None = None, patterns: Sequence[str] = DEFAULT_EXCLUDE
) -> list[str]:
    """The labels of the sources ``expand`` finds (see there)."""
    return [s.label for s in expand(specs, exclude, patterns).sources]


def one_source(
    spec: str,
    command: str,
    exclude: Path | None = None,
    patterns: Sequence[str] = DEFAULT_EXCLUDE,
) -> ReadableSource:
    """The one deck a command that reads one deck is given (a usage error naming the count)."""
    sources = expand([spec], exclude, patterns).sources
    if len(sources) != 1:
        raise UsageError(
            f"{spec}: names {len(sources)} decks", hint=f"give one deck to '{command}'"
        )
    return sources[0]


def is_remote(spec: str) -> bool:
    """A NetrunnerDB link, UUID or numeric id (a numeric name of an existing file is local)."""
    return _remote_ref(spec) is not None


def _remote_ref(spec: str) -> DeckRef | None:
    ref = parse_deck_ref(spec)
    if ref is None or (spec.strip().isdigit() and Path(spec).exists()):
        return None
    return ref


def is_inline_text(spec: str) -> bool:
    """Decklist text given where a file name was expected (a DECK argument, a roster cell).

    It has a line break and names no file, or it is longer than the OS allows for a file
    name (a one-line pasted decklist).
    """
    if "\n" in spec or "\r" in spec:
        return not os.path.lexists(spec)
    try:
        os.lstat(spec)
    except OSError as err:
        return err.errno == errno.ENAMETOOLONG or len(spec) > 4096
    except ValueError:  # an embedded NUL: no file can have that name
        return True
    return False


def text_label(text: str) -> str:
    """How reports name pasted decklist text: '(decklist text: its first line…)'."""
    first = next((line.strip() for line in text.splitlines() if line.strip()), "")
    shown = first if len(first) <= _LABEL_CHARS else first[:_LABEL_CHARS] + "…"
    return f"(decklist text: {shown})"


# -- roster cells -------------------------------------------------------------------
def classify_cell(
    cell: Cell, folder: Path, allow_outside: bool = False, text_label: str = "decklist text"
) -> DeckSource:
    """What a roster's deck cell holds; nothing is opened here.

    A file is read only inside the roster's folder (an absolute path, ``..`` or a symbolic
    link leading out is refused unless ``allow_outside``); ``text_label`` names pasted text.
    """
    if cell.listed is not None:
        return ListedSource(cell.listed, f"registered list ({cell.listed.source})")
    spec = cell.text.strip()
    if not spec:
        return EmptySource()
    if is_inline_text(spec):  # a pasted list: line breaks, or longer than a file name can be
        return TextSource(cell.text, text_label)
    ref = _remote_ref(spec)
    if ref is not None:
        return RemoteSource(ref, spec)
    if looks_like_link(spec):
        return RefusedSource(spec, "not-a-link")
    return _path_cell(spec, cell.text, folder, allow_outside, text_label)


def _path_cell(
    spec: str, text: str, folder: Path, allow_outside: bool, text_label: str
) -> DeckSource:
    refusal = None if allow_outside else _outside(spec, folder)
    if refusal is not None:
        return RefusedSource(spec, "refused", refusal)
    path = Path(spec).expanduser() if allow_outside else Path(spec)
    path = path if path.is_absolute() else folder / path
    if path.is_file() or _looks_like_path(spec):
        return FileSource(path, spec)
    return TextSource(text, text_label)


def _outside(spec: str, folder: Path) -> str | None:
    """Why a path leads outside the roster's folder (None when it stays inside)."""
    windows, posix = PureWindowsPath(spec), PurePosixPath(spec)
    if posix.is_absolute() or windows.is_absolute() or windows.drive or spec.startswith("\\"):
        return "an absolute path"
    if spec.startswith("~"):
        return "a path in a home folder"
    if ".." in posix.parts or ".." in windows.parts:
        return "a path with '..'"
    inside = resolved(folder)
    try:
        target = (inside / spec).resolve()
    except (OSError, RuntimeError):
        return "a path that cannot be resolved (a symbolic link loop)"
    if target != inside and inside not in target.parents:
        return "a symbolic link that leads outside the folder"
    return None


def _looks_like_path(spec: str) -> bool:
    """A cell naming a file that is not there is a missing file, not a one-line decklist."""
    return "/" in spec or "\\" in spec or Path(spec).suffix.lower() in DECK_SUFFIXES
