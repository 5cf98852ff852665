"""Reading an event roster (CSV or JSON): one entry per player with a Corp and a Runner deck.

A roster is ``player,corp,runner`` plus any extra columns, which are kept and carried to
the output. Each deck cell is a file path (relative to the roster's folder), a
NetrunnerDB link or UUID, or decklist text; an empty cell is a missing deck.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path

import msgspec
from msgspec import field

from nrdeck.errors import UsageError

REQUIRED_COLUMNS = ("player", "corp", "runner")
DECK_SUFFIXES = frozenset({".txt", ".o8d", ".deck", ".json", ".md", ".csv", ".text"})
_HINT = "a roster needs the columns player,corp,runner (CSV header or JSON keys)"


class RosterEntry(msgspec.Struct, frozen=True):
    """One registered player: name, the two deck cells as written, extra columns."""

    player: str
    corp: str
    runner: str
    line: int | None = None
    extra: Mapping[str, str] = field(default_factory=dict)


class Roster(msgspec.Struct, frozen=True):
    """Every registered player, in roster order, and the extra column names."""

    source: str
    folder: Path
    entries: tuple[RosterEntry, ...]
    extra_columns: tuple[str, ...] = ()
    unit: str = "line"  # what RosterEntry.line counts: CSV lines or JSON entries


class DeckCell(msgspec.Struct, frozen=True):
    """What a deck cell holds: ``empty``, ``file`` (resolved path), ``remote`` or ``text``."""

    kind: str
    spec: str
    path: Path | None = None

    def label(self) -> str:
        """How the output names this deck's source."""
        if self.kind == "file" and self.path is not None:
            return self.spec
        if self.kind == "text":
            return "decklist text"
        return self.spec


def read_roster(path: Path) -> Roster:
    """Read a roster file; a missing or malformed roster is a one-line UsageError."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise UsageError(f"{path}: roster file not found", hint=_HINT) from None
    except OSError as err:
        raise UsageError(f"{path}: cannot read the roster: {err.strerror or err}") from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise UsageError(f"{path}: the roster is not UTF-8 text", hint="save it as UTF-8") from None
    folder = path.resolve().parent
    if path.suffix.lower() == ".json" or text.lstrip().startswith("["):
        return parse_roster_json(text, str(path), folder)
    return parse_roster_csv(text, str(path), folder)


def parse_roster_csv(text: str, source: str, folder: Path) -> Roster:
    """Parse CSV text with a ``player,corp,runner`` header (any order, extra columns kept)."""
    text = text.removeprefix("\ufeff")
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    try:
        header = _header(reader, source)
        columns = [_column_name(name) for name in header]
        _check_columns(columns, source, reader.line_num)
        entries: list[RosterEntry] = []
        start = reader.line_num + 1
        for row in reader:
            line, start = start, reader.line_num + 1
            if not any(cell.strip() for cell in row):
                continue
            if len(row) != len(columns):
                raise UsageError(
                    f"{source}: line {line}: expected {len(columns)} fields "
                    f"({','.join(header)}), found {len(row)}",
                    hint="quote cells that contain commas or line breaks",
                )
            entries.append(_entry(dict(zip(columns, row, strict=True)), source, line, "line"))
    except csv.Error as err:
        raise UsageError(f"{source}: line {reader.line_num}: malformed CSV: {err}") from None
    extra = tuple(c for c in columns if c and c not in REQUIRED_COLUMNS)
    return Roster(source, folder, _some(entries, source), extra)


def _header(reader: Iterator[list[str]], source: str) -> list[str]:
    for row in reader:
        if any(cell.strip() for cell in row):
            return row
    raise UsageError(f"{source}: the roster is empty", hint=_HINT)


def _column_name(name: str) -> str:
    """Required columns match in any case; extra columns keep the roster's spelling."""
    name = name.strip()
    return name.lower() if name.lower() in REQUIRED_COLUMNS else name


def _check_columns(columns: Sequence[str], source: str, line: int) -> None:
    missing = [name for name in REQUIRED_COLUMNS if name not in columns]
    if missing:
        raise UsageError(
            f"{source}: line {line}: missing column {', '.join(repr(m) for m in missing)}",
            hint=_HINT,
        )
    duplicates = sorted({c for c in columns if c and columns.count(c) > 1})
    if duplicates:
        raise UsageError(f"{source}: line {line}: duplicate column {duplicates[0]!r}")


def parse_roster_json(text: str, source: str, folder: Path) -> Roster:
    """Parse a JSON list of objects with ``player``, ``corp`` and ``runner`` keys."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise UsageError(f"{source}: line {err.lineno}: invalid JSON: {err.msg}") from None
    if not isinstance(data, list):
        raise UsageError(f"{source}: the roster must be a JSON list of players", hint=_HINT)
    entries: list[RosterEntry] = []
    extra: dict[str, None] = {}
    for number, item in enumerate(data, start=1):
        if not isinstance(item, dict):
            raise UsageError(f"{source}: entry {number}: expected an object", hint=_HINT)
        row = {_column_name(str(k)): _json_cell(v, source, number, k) for k, v in item.items()}
        missing = [name for name in REQUIRED_COLUMNS if name not in row]
        if missing:
            raise UsageError(
                f"{source}: entry {number}: missing key {', '.join(repr(m) for m in missing)}",
                hint=_HINT,
            )
        extra.update(dict.fromkeys(k for k in row if k not in REQUIRED_COLUMNS))
        entries.append(_entry(row, source, number, "entry"))
    return Roster(source, folder, _some(entries, source), tuple(extra), unit="entry")


def _some(entries: list[RosterEntry], source: str) -> tuple[RosterEntry, ...]:
    if not entries:
        raise UsageError(f"{source}: the roster has no players", hint="add a row per player")
    return tuple(entries)


def _json_cell(value: object, source: str, number: int, key: object) -> str:
    if value is None:
        return ""
    if isinstance(value, (str, int, float, bool)):
        return str(value)
    raise UsageError(f"{source}: entry {number}: {key!s} must be text, not {type(value).__name__}")


def _entry(row: Mapping[str, str], source: str, number: int, unit: str) -> RosterEntry:
    player = row["player"].strip()
    if not player:
        raise UsageError(f"{source}: {unit} {number}: the player name is empty")
    extra = {k: v for k, v in row.items() if k and k not in REQUIRED_COLUMNS}
    return RosterEntry(player, row["corp"], row["runner"], number, extra)


def classify_cell(cell: str, folder: Path, is_remote: Callable[[str], bool]) -> DeckCell:
    """Decide what a deck cell holds: empty, a file, a NetrunnerDB link/UUID, or text."""
    spec = cell.strip()
    if not spec:
        return DeckCell("empty", "")
    if "\n" in spec or "\r" in spec:
        return DeckCell("text", cell)
    if is_remote(spec):
        return DeckCell("remote", spec)
    path = Path(spec).expanduser()
    if not path.is_absolute():
        path = folder / path
    if path.is_file() or _looks_like_path(spec):
        return DeckCell("file", spec, path)
    return DeckCell("text", cell)


def _looks_like_path(spec: str) -> bool:
    """A cell naming a file that is not there is a missing file, not a one-line decklist."""
    return "/" in spec or "\\" in spec or Path(spec).suffix.lower() in DECK_SUFFIXES
