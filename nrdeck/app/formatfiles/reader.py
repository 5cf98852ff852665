"""Reading a format file: only a regular file, at most 1 MiB, TOML screened before it is parsed.

TOML nested too deeply or holding a number too long to read is refused with its line and key
before the parser sees it. This module is the gateway to the TOML parser: a check under a
built-in format never imports it.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from nrdeck.app.formatfiles.text import format_text, read_format_bytes
from nrdeck.errors import UsageError
from nrdeck.rules.formatfiles import FormatSource

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib  # type: ignore[import-not-found, no-redef, unused-ignore]

MAX_NESTING = 32  # arrays and inline tables inside each other
MAX_DIGITS = 64  # a number longer than this is no count of cards or copies
_LINE = r"at line (\d+)"  # in a TOML error message
# patterns compiled on first use (re caches them): a check without a format file pays nothing
_KEY = r"^\s*([\w.\"' -]+?)\s*="
# strings (multi-line ones first) and comments: what the nesting and number checks skip
_SKIPPED = r'"""[\s\S]*?"""|' r"'''[\s\S]*?'''|" r'"(?:[^"\\\n]|\\.)*"|' r"'[^'\n]*'|#[^\n]*"
_TOKENS = rf"[\[\]{{}}\n]|\d{{{MAX_DIGITS + 1},}}"


def read_format_source(path: Path, *, shipped: bool = False) -> FormatSource:
    """Read and parse a format file (a usage error naming the file and line); ``shipped``: a
    community format nrdeck ships, which gives way to a format of the card data's own.

    Only a regular file, up to 1 MiB. TOML nested more than 32 deep or holding a number of
    more than 64 digits is refused with the line and the key, before it is parsed.
    """
    text = format_text(path, read_format_bytes(path))
    hostile = hostile_toml(text)
    if hostile is not None:
        raise UsageError(
            f"{path}:{hostile}", hint="see docs/community-formats.md for what the file holds"
        )
    return FormatSource(path=str(path), text=text, table=_parse(path, text), shipped=shipped)


def _parse(path: Path, text: str) -> dict[str, object]:
    try:
        return dict(tomllib.loads(text))
    except tomllib.TOMLDecodeError as err:
        found = re.search(_LINE, str(err))
        line = found.group(1) if found else str(max(1, len(text.splitlines())))
        raise UsageError(f"{path}:{line}: not valid TOML ({str(err).split(' (at')[0]})") from None
    except (RecursionError, ValueError):
        raise UsageError(
            f"{path}: not a format file nrdeck can read (nested too deeply, or a number too long)",
            hint="see docs/community-formats.md for what the file holds",
        ) from None


def hostile_toml(text: str) -> str | None:
    """'LINE: not a format file nrdeck can read: KEY is nested more than 32 deep' (or holds
    a number of more than 64 digits), outside strings and comments; else None. LINE is where
    the key's value starts."""
    bare = re.sub(_SKIPPED, lambda m: "\n" * m.group().count("\n"), text)  # lines kept
    depth, line, start = 0, 1, 1
    for token in re.finditer(_TOKENS, bare):
        found = token.group()
        if found == "\n":
            line += 1
        elif found in "[{":
            start = line if depth == 0 else start
            depth += 1
            if depth > MAX_NESTING:
                return _refused(bare, start, f"is nested more than {MAX_NESTING} deep")
        elif found in "]}":
            depth = max(0, depth - 1)
        else:
            where = line if depth == 0 else start
            return _refused(bare, where, f"holds a number of more than {MAX_DIGITS} digits")
    return None


def _refused(bare: str, line: int, what: str) -> str:
    found = re.match(_KEY, bare.split("\n", line)[line - 1])
    key = found.group(1).strip() if found else "a value"
    return f"{line}: not a format file nrdeck can read: {key} {what}"
