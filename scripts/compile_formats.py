"""Compile the shipped community formats (data/formats/*.toml) into data/formats/formats.catalog.

    python scripts/compile_formats.py [--check]

A check under a shipped format reads its table from the catalogue instead of parsing the TOML
(nrdeck/app/formatfiles/compiled.py); a file changed since the catalogue was written is read
from its TOML, so a stale catalogue only costs time. Run this after editing a shipped format
and commit both; ``--check`` exits 1 when the catalogue is not current (the test suite checks
the same).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from nrdeck.app.formatfiles.compiled import CATALOG_NAME, compile_formats
from nrdeck.atomic import write_atomic

FOLDER = Path(__file__).resolve().parent.parent / "data" / "formats"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only say whether it is current")
    args = parser.parse_args(argv)
    target = FOLDER / CATALOG_NAME
    payload = compile_formats(FOLDER)
    current = target.is_file() and target.read_bytes() == payload
    if args.check:
        print(
            f"{target}: {'current' if current else 'out of date: run scripts/compile_formats.py'}"
        )
        return 0 if current else 1
    if not current:
        write_atomic(target, payload)
    print(f"{target}: {'unchanged' if current else 'written'} ({len(payload)} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
