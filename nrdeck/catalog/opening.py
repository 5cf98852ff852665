"""The catalogue beside a card document: read when it was built from the document as it is,
passed over for the document when it is damaged (with a warning), and checked whole before
``data update`` keeps it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from nrdeck.catalog.catalogue import catalogue_path, document_sha256
from nrdeck.catalog.db import CardDB
from nrdeck.catalog.reading import Stamp, open_catalogue
from nrdeck.catalog.records import DataInfo, Origin
from nrdeck.catalog.ruletables import RuleTables
from nrdeck.catalog.sqlitefile import DamagedCatalog


def read_catalogue(
    document: Path,
    kind: str,
    tables: RuleTables | None,
    from_json: Callable[[], CardDB],
    *,
    failures: tuple[type[Exception], ...],
    fix: str,
    trusted: bool,
    sha256: str | None = None,
) -> CardDB | None:
    """The database of the catalogue beside ``document``, when it was built from the document
    as it is (None: no catalogue there, another nrdeck's, or the document changed since).

    A damaged catalogue is passed over for ``from_json``'s database (the document's), with a
    warning saying to ``fix`` it; so is one found damaged later in the run, when ``from_json``
    fails with one of ``failures`` the run stops (DamagedCatalog saying both). ``kind`` names
    the data in ``DataInfo``. ``trusted``: a document written with its catalogue by nrdeck
    itself (the bundled snapshot, a cached one), whose size is enough to tell them apart, and
    whose catalogue nobody changes in place; ``sha256``: the document's, when known (the
    cache's sidecar says it). Any other document's bytes are hashed and compared.
    """
    where = catalogue_path(document)

    def fallback(exc: DamagedCatalog) -> tuple[CardDB, str]:
        try:
            return from_json(), damaged_note(where, exc, fix)
        except failures as failed:  # the run cannot go on: the card data is damaged
            raise DamagedCatalog(f"{exc}; and {failed}") from failed

    try:
        catalogue = open_catalogue(where, immutable=trusted)
        if catalogue is None:
            return None
        try:
            if not _built_from(catalogue.stamp(), document, trusted, sha256):
                catalogue.close()
                return None
            info = _info(catalogue.origin() or Origin(), kind, document)
            return CardDB.from_catalogue(catalogue, fallback, info, tables)
        except DamagedCatalog:
            catalogue.close()
            raise
    except DamagedCatalog as exc:
        db = from_json()
        db.warn(damaged_note(where, exc, fix))
        return db


def _info(origin: Origin, kind: str, document: Path) -> DataInfo:
    """Where the catalogue's data came from: its document's origin."""
    return DataInfo(
        kind=kind,
        source=origin.source,
        dataset_date=origin.dataset_date,
        url=origin.url,
        path=str(document),
    )


def _built_from(stamp: Stamp, path: Path, trusted: bool, sha256: str | None) -> bool:
    """True when the catalogue's stamp names the document at ``path``."""
    try:
        if sha256 is not None:
            return stamp.sha256 == sha256 and stamp.size == path.stat().st_size
        if trusted:
            return stamp.size == path.stat().st_size
        return stamp.sha256 == document_sha256(path.read_bytes())
    except OSError:
        return False  # the document's own error is said when it is read


def damaged_note(where: Path, exc: DamagedCatalog, fix: str) -> str:
    """The warning that a damaged catalogue is passed over, with what to do about it."""
    return (
        f"{where}: the card catalogue is damaged ({exc}); the card data is read from the "
        f"JSON document beside it instead (slower): {fix}"
    )


def catalogue_intact(path: Path, sha256: str) -> bool:
    """True when the catalogue at ``path`` was built from the document whose SHA-256 is
    ``sha256`` and is whole: SQLite's check, every row's checksum, every table's rows."""
    try:
        catalogue = open_catalogue(path, immutable=True)
        if catalogue is None:
            return False
        try:
            return catalogue.stamp().sha256 == sha256 and catalogue.intact()
        finally:
            catalogue.close()
    except DamagedCatalog:
        return False
