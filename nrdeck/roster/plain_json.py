"""nrdeck's own JSON roster: a list of objects with ``player``, ``corp`` and ``runner`` keys."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from nrdeck.errors import UsageError
from nrdeck.roster.generic_csv import entry_of
from nrdeck.roster.limits import NumberTooLong, decode_json, number_error, some_entries
from nrdeck.roster.model import REQUIRED_COLUMNS, ReadOptions, Roster, RosterEntry

_HINT = "a JSON roster is a list of objects with the keys player, corp and runner"


def load_json(text: str, source: str) -> Any:
    """Parsed JSON, or a usage error naming the file and line (a number too long too)."""
    try:
        return decode_json(text)
    except NumberTooLong as err:
        raise number_error(err, text, source) from None
    except json.JSONDecodeError as err:
        raise UsageError(f"{source}: line {err.lineno}: invalid JSON: {err.msg}") from None
    except RecursionError:
        raise UsageError(f"{source}: the JSON is nested too deeply") from None


def read_json_roster(text: str, source: str, folder: Path, options: ReadOptions) -> Roster:
    """Parse the list; extra keys are kept as extra columns."""
    data = load_json(text, source)
    if not isinstance(data, list):
        raise UsageError(f"{source}: the roster must be a JSON list of players", hint=_HINT)
    entries: list[RosterEntry] = []
    extra: dict[str, None] = {}
    for number, item in enumerate(data, start=1):
        if not isinstance(item, dict):
            raise UsageError(f"{source}: entry {number}: expected an object", hint=_HINT)
        row = {_name(str(k)): json_cell(v, source, number, k) for k, v in item.items()}
        missing = [name for name in REQUIRED_COLUMNS if name not in row]
        if missing:
            raise UsageError(
                f"{source}: entry {number}: missing key {', '.join(repr(m) for m in missing)}",
                hint=_HINT,
            )
        extra.update(dict.fromkeys(k for k in row if k not in REQUIRED_COLUMNS))
        entries.append(entry_of(row, source, number, "entry"))
    return Roster(
        source, folder, some_entries(entries, source), tuple(extra), unit="entry", format="json"
    )


def _name(key: str) -> str:
    """Required keys match in any case; extra keys keep the roster's spelling."""
    return key.strip().lower() if key.strip().lower() in REQUIRED_COLUMNS else key


def json_cell(value: object, source: str, number: int, key: object) -> str:
    """A JSON value as cell text (null is empty); lists and objects are an error."""
    if value is None:
        return ""
    if isinstance(value, (str, int, float, bool)):
        return str(value)
    raise UsageError(f"{source}: entry {number}: {key!s} must be text, not {type(value).__name__}")
