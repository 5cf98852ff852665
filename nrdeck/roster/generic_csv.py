"""Any CSV roster: a ``player,corp,runner`` header, or a form sheet mapped with --columns.

The delimiter is sniffed (``,`` ``;`` or tab: Excel in many European locales saves with
``;``). Without a mapping, a header that lacks the three columns is an error that names
the columns it found and shows the mapping to write.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path

from nrdeck.errors import UsageError
from nrdeck.roster.limits import some_entries
from nrdeck.roster.model import (
    REQUIRED_COLUMNS,
    Cell,
    ReadOptions,
    Roster,
    RosterEntry,
)

DELIMITERS = ",;\t"
_HINT = "a roster needs the columns player,corp,runner (or map yours with --columns)"


def sniff_delimiter(text: str) -> str:
    """The header line's delimiter among comma, semicolon and tab (comma when unsure)."""
    header = next((line for line in text.splitlines() if line.strip()), "")
    counts = {d: header.count(d) for d in DELIMITERS}
    best = max(DELIMITERS, key=lambda d: counts[d])
    return best if counts[best] else ","


def read_csv_roster(text: str, source: str, folder: Path, options: ReadOptions) -> Roster:
    """Parse CSV text: the header row, then a row per player (blank rows skipped)."""
    text = text.removeprefix("\ufeff")
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=sniff_delimiter(text), strict=True)
    try:
        header = _header(reader, source)
        columns = _columns(header, options.columns, source, reader.line_num)
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
                    hint="quote cells that contain the delimiter or line breaks",
                )
            entries.append(entry_of(dict(zip(columns, row, strict=True)), source, line, "line"))
    except csv.Error as err:
        raise UsageError(f"{source}: line {reader.line_num}: malformed CSV: {err}") from None
    extra = tuple(c for c in columns if c and c not in REQUIRED_COLUMNS)
    return Roster(source, folder, some_entries(entries, source, "line"), extra, format="csv")


def _header(reader: Iterator[list[str]], source: str) -> list[str]:
    for row in reader:
        if any(cell.strip() for cell in row):
            return row
    raise UsageError(f"{source}: the roster is empty", hint=_HINT)


def _key(name: str) -> str:
    return " ".join(name.split()).casefold()


def _columns(
    header: Sequence[str], mapping: Mapping[str, str], source: str, line: int
) -> list[str]:
    """The header's names, with player/corp/runner found (directly or through the mapping)."""
    wanted = {_key(mapping[role]): role for role in REQUIRED_COLUMNS if role in mapping}
    columns = []
    for name in header:
        role = wanted.get(_key(name))
        if role is None and _key(name) in REQUIRED_COLUMNS and _key(name) not in mapping:
            role = _key(name)
        columns.append(role or name.strip())
    missing = [role for role in REQUIRED_COLUMNS if role not in columns]
    if missing:
        raise UsageError(_missing_message(header, mapping, missing, source, line), hint=_HINT)
    duplicates = sorted({c for c in columns if c and columns.count(c) > 1})
    if duplicates:
        raise UsageError(f"{source}: line {line}: duplicate column {duplicates[0]!r}")
    return columns


def _missing_message(
    header: Sequence[str], mapping: Mapping[str, str], missing: list[str], source: str, line: int
) -> str:
    found = ", ".join(repr(h.strip()) for h in header if h.strip()) or "none"
    if mapping:
        names = ", ".join(f"{role}={mapping[role]!r}" for role in missing if role in mapping)
        unmapped = [role for role in missing if role not in mapping]
        parts = [f"no column named {names}"] if names else []
        parts += [f"no mapping for {', '.join(unmapped)}"] if unmapped else []
        return f"{source}: line {line}: {'; '.join(parts)}; the header has {found}"
    quoted = ", ".join(repr(m) for m in missing)
    return (
        f"{source}: line {line}: missing column {quoted}; the header has {found}; "
        f"map them: {suggest_mapping(header)}"
    )


def suggest_mapping(header: Sequence[str]) -> str:
    """A --columns option for a form sheet's header, guessed from the column names."""
    guesses = {}
    for role, words in (
        ("player", ("player", "name")),
        ("corp", ("corp",)),
        ("runner", ("runner",)),
    ):
        match = next((h for h in header if any(_word(w, h) for w in words)), None)
        guesses[role] = match.strip() if match else "…"
    return "--columns " + ",".join(f'{role}="{name}"' for role, name in guesses.items())


def _word(word: str, text: str) -> bool:
    """True when ``word`` is a word of ``text`` ('runner' is not in 'NetrunnerDB')."""
    return re.search(rf"\b{word}\b", text.casefold()) is not None


def entry_of(row: Mapping[str, str], source: str, number: int, unit: str) -> RosterEntry:
    """A roster row as an entry: the player's name must not be empty."""
    player = row["player"].strip()
    if not player:
        raise UsageError(f"{source}: {unit} {number}: the player name is empty")
    extra = {k: v for k, v in row.items() if k and k not in REQUIRED_COLUMNS}
    return RosterEntry(player, Cell(row["corp"]), Cell(row["runner"]), number, extra)
