"""Reading an event roster from disk (what each cell holds: ``sources.classify_cell``).

The readers (``nrdeck.roster``) parse what organisers have: Cobra's exports, Always Be
Running's entries, nrdeck's JSON list, any CSV. Here the file's bytes are read and decoded
(UTF-8, else cp1252 with a warning).
"""

from __future__ import annotations

from pathlib import Path

import msgspec

from nrdeck.app.inputs.files import NotRegularFile, read_regular_file
from nrdeck.app.inputs.sources import DeckSource, ListedSource, classify_cell, is_remote
from nrdeck.decklist.reading import text_by_bom
from nrdeck.errors import UsageError
from nrdeck.results.event import SIDES
from nrdeck.roster import ReadOptions, Roster, RosterEntry, parse_roster

ROSTER_MARK = "#"  # diff's ROSTER#PLAYER[:side]

MAX_ROSTER_BYTES = 64 * 1024 * 1024


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
    """Text a byte order mark begins (UTF-16: Excel's "Unicode text"), UTF-8 (with or without
    BOM), else cp1252 (Excel's CSV in western Europe), said."""
    try:
        marked = text_by_bom(raw)
    except UnicodeDecodeError as err:
        raise UsageError(f"{source}: the roster cannot be read: {err.reason}") from None
    if marked is not None:
        return marked, ()
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


# -- one registration: diff's ROSTER#PLAYER[:side] ------------------------------------
def names_registration(spec: str) -> bool:
    """``ROSTER#PLAYER``: a '#' in what names neither a NetrunnerDB deck nor a file."""
    return ROSTER_MARK in spec and not is_remote(spec) and not Path(spec).exists()


def registration_source(spec: str) -> DeckSource:
    """The deck source one registration of a roster names: ``ROSTER#PLAYER[:side]``."""
    path, _, wanted = spec.partition(ROSTER_MARK)
    player, _, side = (
        wanted.rpartition(":") if wanted.endswith((":corp", ":runner")) else (wanted, "", "")
    )
    roster = read_roster(Path(path))
    key = " ".join(player.casefold().split())
    entry = next((e for e in roster.entries if " ".join(e.player.casefold().split()) == key), None)
    if entry is None:
        names = ", ".join(e.player for e in roster.entries[:10])
        raise UsageError(f"{path}: no player called {player!r}", hint=f"players: {names}")
    return _entry_source(entry, side, spec, roster.folder)


def _entry_source(entry: RosterEntry, side: str, spec: str, folder: Path) -> DeckSource:
    if side == "" and entry.unsided:
        return ListedSource(entry.unsided[0], spec)
    cells = {"corp": entry.corp, "runner": entry.runner}
    lists = [c for c in (cells[s] for s in ((side,) if side else SIDES)) if not c.empty]
    if not lists:
        raise UsageError(f"{spec}: no {side or 'deck'} registered for {entry.player}")
    return classify_cell(lists[0], folder, text_label=spec)
