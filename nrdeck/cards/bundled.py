"""The bundled facts-only snapshot and rule tables shipped inside the package (no network)."""

from __future__ import annotations

from pathlib import Path

from nrdeck.cards.document import load_file, titles_path
from nrdeck.catalog import CardDB
from nrdeck.catalog.ruletables import RuleTableError, RuleTables
from nrdeck.errors import DataUnavailableError

SNAPSHOT_NAME = "cards.json"


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
    """nrdeck's own rule tables from the bundled data folder, decoded strictly (a damaged one:
    DataUnavailableError naming the file and the fault, exit 3)."""
    try:
        return RuleTables.read(_table)
    except RuleTableError as exc:
        raise _unreadable(data_dir() / exc.name, exc.detail) from exc


def _table(name: str) -> bytes:
    path = data_dir() / name
    try:
        return path.read_bytes()
    except OSError as exc:
        raise _unreadable(path, str(exc)) from exc


def _unreadable(path: Path, detail: str) -> DataUnavailableError:
    return DataUnavailableError(
        f"{path}: cannot read nrdeck's rule table ({detail})", hint="reinstall nrdeck"
    )


class BundledSource:
    """The snapshot built by ``nrdeck data build`` and shipped with nrdeck."""

    name = "bundled"

    def load(self) -> CardDB:
        """The bundled card database, with the rule tables."""
        return load_file(snapshot_path(), kind="bundled", tables=rule_tables(), check=False)
