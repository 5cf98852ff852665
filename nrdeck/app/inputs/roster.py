"""Reading an event roster from disk, and telling what each deck cell holds.

The readers (``nrdeck.roster``) parse what organisers have: Cobra's exports, Always Be
Running's entries, nrdeck's JSON list, any CSV. Here the file's bytes are read and decoded
(UTF-8, else cp1252 with a warning), and each cell is classified. A cell that names a file
is read only inside the roster's folder: an absolute path, ``..`` or a symbolic link that
leads out is refused (never opened) unless the organiser allows it.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from pathlib import Path, PurePosixPath, PureWindowsPath

import msgspec

from nrdeck.app.inputs.decks import NotRegularFile, is_inline_text, read_regular_file
from nrdeck.deck import RawDeck
from nrdeck.errors import UsageError
from nrdeck.roster import Cell, ReadOptions, Roster, parse_roster

DECK_SUFFIXES = frozenset({".txt", ".o8d", ".deck", ".json", ".md", ".csv", ".text"})
MAX_ROSTER_BYTES = 64 * 1024 * 1024
_URL = re.compile(r"^(?:[a-zA-Z][a-zA-Z0-9+.-]*://|www\.)\S*$")


class DeckCell(msgspec.Struct, frozen=True):
    """What a deck cell holds.

    ``kind``: ``empty``, ``file`` (``path`` resolved), ``remote`` (a NetrunnerDB link or id),
    ``text`` (pasted decklist), ``listed`` (the roster's own list), ``refused`` (a path outside
    the roster's folder, ``reason`` says why) or ``not-a-link`` (a link elsewhere).
    """

    kind: str
    spec: str
    path: Path | None = None
    listed: RawDeck | None = None
    reason: str = ""

    def label(self) -> str:
        """How the output names this deck's source."""
        if self.kind == "text":
            return "decklist text"
        if self.kind == "listed" and self.listed is not None:
            return f"registered list ({self.listed.source})"
        return self.spec


def read_roster(
    path: Path, options: ReadOptions | None = None, roster_format: str | None = None
) -> Roster:
    """Read a roster file; a missing, unreadable or malformed roster is one UsageError."""
    raw = _bytes(path)
    text, warnings = _decode(raw, str(path))
    roster = parse_roster(
        text, str(path), path.resolve().parent, options or ReadOptions(), roster_format
    )
    return msgspec.structs.replace(roster, warnings=(*warnings, *roster.warnings))


def _bytes(path: Path) -> bytes:
    try:
        data = read_regular_file(path, MAX_ROSTER_BYTES + 1)
    except NotRegularFile:
        raise UsageError(
            f"{path} is not a regular file (a FIFO, device or socket): not a roster",
            hint="export the roster to a file first",
        ) from None
    except FileNotFoundError:
        raise UsageError(f"{path}: roster file not found", hint="check the path") from None
    except IsADirectoryError:
        raise UsageError(f"{path} is a folder, not a roster file") from None
    except OSError as err:
        raise UsageError(f"{path}: cannot read the roster: {err.strerror or err}") from None
    if len(data) > MAX_ROSTER_BYTES:
        raise UsageError(f"{path}: the roster is larger than {MAX_ROSTER_BYTES // 2**20} MiB")
    return data


def _decode(raw: bytes, source: str) -> tuple[str, tuple[str, ...]]:
    """UTF-8 (with or without BOM), else cp1252 (Excel's CSV in western Europe), said."""
    if b"\x00" in raw[:4096]:
        raise UsageError(f"{source}: the roster is not text", hint="export it as CSV or JSON")
    try:
        return raw.decode("utf-8-sig"), ()
    except UnicodeDecodeError:
        pass
    try:
        text = raw.decode("cp1252")
    except UnicodeDecodeError:
        raise UsageError(
            f"{source}: the roster is not UTF-8 text", hint="save it as UTF-8"
        ) from None
    return text, (f"{source} is not UTF-8: read as Windows-1252 (cp1252); save it as UTF-8",)


def classify_cell(
    cell: Cell, folder: Path, is_remote: Callable[[str], bool], allow_outside: bool = False
) -> DeckCell:
    """Decide what a deck cell holds (see ``DeckCell``); nothing is opened here."""
    if cell.listed is not None:
        return DeckCell("listed", cell.text, listed=cell.listed)
    spec = cell.text.strip()
    if not spec:
        return DeckCell("empty", "")
    if is_inline_text(spec):  # a pasted list: line breaks, or longer than a file name can be
        return DeckCell("text", cell.text)
    if is_remote(spec):
        return DeckCell("remote", spec)
    if _URL.match(spec):
        return DeckCell("not-a-link", spec)
    return _path_cell(spec, cell.text, folder, allow_outside)


def _path_cell(spec: str, text: str, folder: Path, allow_outside: bool) -> DeckCell:
    refusal = None if allow_outside else _outside(spec, folder)
    if refusal is not None:
        return DeckCell("refused", spec, reason=refusal)
    path = Path(spec).expanduser() if allow_outside else Path(spec)
    path = path if path.is_absolute() else folder / path
    if path.is_file() or _looks_like_path(spec):
        return DeckCell("file", spec, path)
    return DeckCell("text", text)


def _outside(spec: str, folder: Path) -> str | None:
    """Why a path leads outside the roster's folder (None when it stays inside)."""
    windows, posix = PureWindowsPath(spec), PurePosixPath(spec)
    if posix.is_absolute() or windows.is_absolute() or windows.drive or spec.startswith("\\"):
        return "an absolute path"
    if spec.startswith("~"):
        return "a path in a home folder"
    if ".." in posix.parts or ".." in windows.parts:
        return "a path with '..'"
    inside = _resolved(folder)
    try:
        target = (inside / spec).resolve()
    except (OSError, RuntimeError):
        return "a path that cannot be resolved (a symbolic link loop)"
    if target != inside and inside not in target.parents:
        return "a symbolic link that leads outside the folder"
    return None


@functools.lru_cache(maxsize=8)
def _resolved(folder: Path) -> Path:
    """The roster's folder without symbolic links (resolved once per folder)."""
    return folder.resolve()


def _looks_like_path(spec: str) -> bool:
    """A cell naming a file that is not there is a missing file, not a one-line decklist."""
    return "/" in spec or "\\" in spec or Path(spec).suffix.lower() in DECK_SUFFIXES
