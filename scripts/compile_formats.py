"""Compile the shipped community formats (data/formats/*.toml) into data/formats/formats.sqlite.

    python scripts/compile_formats.py [--check]

A check under a shipped format reads its table from the catalogue instead of parsing the TOML
(nrdeck/app/formatfiles/compiled.py); a file changed since the catalogue was written is read
from its TOML, so a stale catalogue only costs time. Run this after editing a shipped format
and commit both; ``--check`` exits 1 when the catalogue is not current (the test suite checks
the same). The catalogue is current when it holds the rows these files give: an SQLite file
written by another SQLite may differ in bytes, never in rows.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from nrdeck.app.formatfiles.compiled import (
    CATALOG_NAME,
    compiled_rows,
    stored_rows,
    write_formats_catalogue,
)

FOLDER = Path(__file__).resolve().parent.parent / "data" / "formats"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only say whether it is current")
    args = parser.parse_args(argv)
    target = FOLDER / CATALOG_NAME
    current = stored_rows(target) == compiled_rows(FOLDER)
    if args.check:
        print(
            f"{target}: {'current' if current else 'out of date: run scripts/compile_formats.py'}"
        )
        return 0 if current else 1
    if not current:
        write_formats_catalogue(FOLDER, target)
    print(f"{target}: {'unchanged' if current else 'written'} ({target.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
