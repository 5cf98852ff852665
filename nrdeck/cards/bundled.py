"""The bundled facts-only snapshot and rule tables shipped inside the package (no network)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import msgspec

from nrdeck.cards.document import load_file
from nrdeck.catalog import (
    CardDB,
    RuleTables,
    decode_agenda_caps,
    decode_corrections,
    decode_errata,
    decode_list_names,
    decode_moved_ids,
    titles_path,
)
from nrdeck.errors import DataUnavailableError

SNAPSHOT_NAME = "cards.json"
CORRECTIONS_NAME = "corrections.json"
ERRATA_NAME = "errata.json"
AGENDA_CAPS_NAME = "agenda_caps.json"
MOVED_IDS_NAME = "moved_ids.json"
LIST_NAMES_NAME = "list_names.json"
T = TypeVar("T")


def data_dir() -> Path:
    """The bundled data folder: ``nrdeck/_data`` in a wheel, ``data/`` in a checkout."""
    here = Path(__file__).resolve().parent.parent
    installed = here / "_data"
    return installed if installed.is_dir() else here.parent / "data"


def snapshot_path() -> Path:
    """The bundled card document."""
    return data_dir() / SNAPSHOT_NAME


def bundled_titles_path() -> Path:
    """The bundled snapshot's titles in other languages."""
    return titles_path(snapshot_path())


def rule_tables() -> RuleTables:
    """nrdeck's own rule tables from the bundled data folder (a damaged one: exit 3)."""
    return RuleTables(
        corrections=_table(CORRECTIONS_NAME, decode_corrections),
        errata=_table(ERRATA_NAME, decode_errata),
        agenda_caps=_table(AGENDA_CAPS_NAME, decode_agenda_caps),
        moved_ids=_table(MOVED_IDS_NAME, decode_moved_ids),
        list_names=_table(LIST_NAMES_NAME, decode_list_names),
    )


def _table(name: str, decode: Callable[[bytes], T]) -> T:
    """One table, decoded strictly (DataUnavailableError naming the file and the fault)."""
    path = data_dir() / name
    try:
        return decode(path.read_bytes())
    except (OSError, msgspec.DecodeError) as exc:
        raise DataUnavailableError(
            f"{path}: cannot read nrdeck's rule table ({exc})", hint="reinstall nrdeck"
        ) from exc


class BundledSource:
    """The snapshot built by ``nrdeck data build`` and shipped with nrdeck."""

    name = "bundled"

    def load(self) -> CardDB:
        """The bundled card database, with the rule tables."""
        return load_file(snapshot_path(), kind="bundled", tables=rule_tables(), check=False)
