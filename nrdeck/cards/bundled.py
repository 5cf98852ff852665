"""The bundled facts-only snapshot shipped inside the package (never touches the network)."""

from __future__ import annotations

from pathlib import Path

from nrdeck.carddb import CardDB

SNAPSHOT_NAME = "cards.json"


def data_dir() -> Path:
    """The bundled data folder: ``nrdeck/_data`` in a wheel, ``data/`` in a checkout."""
    here = Path(__file__).resolve().parent.parent
    installed = here / "_data"
    return installed if installed.is_dir() else here.parent / "data"


def snapshot_path() -> Path:
    """The bundled card document."""
    return data_dir() / SNAPSHOT_NAME


class BundledSource:
    """The snapshot built by ``nrdeck data build`` and shipped with nrdeck."""

    name = "bundled"

    def load(self) -> CardDB:
        """The bundled card database."""
        from nrdeck.cards.document import load_file

        return load_file(snapshot_path(), kind="bundled")
