"""nrdeck's facts-only card document, and its titles in other languages: the one module
that writes and reads them.

The document is described once, by the msgspec records of ``nrdeck.catalog.records``
(``FactsDocument``). Writers (``data build``, ``data import``, ``data update``) build those
records and ``encode`` them deterministically, then decode the bytes back so that nothing is
written that the reader would refuse. Reading (``decode``, ``load_file``) decodes straight
into the records, strictly, in one C pass, so loading card data stays fast.

The titles in other languages live in a document of their own beside it
(``<name>.titles.json``, ``TitlesDocument``): names only, never card text. A database reads
them through its loader on the first title the English titles do not know, so reading a
list written in English never opens that file.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import msgspec

from nrdeck.atomic import atomic_path
from nrdeck.cards.cache import CorruptCache
from nrdeck.catalog import (
    DOCUMENT_FORMAT,
    DOCUMENT_SCHEMA,
    TEXT_FACTS,
    TITLES_FORMAT,
    TITLES_SCHEMA,
    Card,
    CardDB,
    CardPool,
    CardSet,
    Catalogue,
    Cycle,
    DamagedCatalog,
    DataInfo,
    Envelope,
    Faction,
    FactsDocument,
    FormatEntry,
    Named,
    Origin,
    Printing,
    Restriction,
    RuleTables,
    Stamp,
    TitlesDocument,
    TitlesLoaded,
    TitlesLoader,
    UnknownRule,
    catalogue_path,
    document_sha256,
    open_catalogue,
    titles_path,
)
from nrdeck.errors import DataUnavailableError

REBUILD = "rebuild it with 'nrdeck data build' or re-fetch it with 'nrdeck data update'"


def new_document(
    *,
    origin: Origin,
    cards: Iterable[Card],
    printings: Iterable[Printing],
    sets: Iterable[CardSet],
    cycles: Iterable[Cycle],
    factions: Iterable[Faction],
    formats: Iterable[FormatEntry],
    card_pools: Iterable[CardPool],
    restrictions: Iterable[Restriction],
    types: Iterable[Named] = (),
    subtypes: Iterable[Named] = (),
    unknown_rules: Iterable[UnknownRule] = (),
    text_facts: int = TEXT_FACTS,
) -> FactsDocument:
    """A document with every record list sorted by its key (id, or code for printings).

    ``text_facts``: the version of the rule the cards' facts were read from their text with
    (every source nrdeck builds from carries the text).
    """

    def by_id(records: Iterable[Any]) -> list[Any]:
        return sorted(records, key=lambda r: r.id)

    return FactsDocument(
        format=DOCUMENT_FORMAT,
        schema_version=DOCUMENT_SCHEMA,
        origin=origin,
        cards=by_id(cards),
        printings=sorted(printings, key=lambda p: p.code),
        sets=by_id(sets),
        cycles=by_id(cycles),
        factions=by_id(factions),
        types=by_id(types),
        subtypes=by_id(subtypes),
        formats=by_id(formats),
        card_pools=by_id(card_pools),
        restrictions=by_id(restrictions),
        unknown_rules=sorted(unknown_rules, key=lambda u: (u.kind, u.id, u.key)),
        text_facts=text_facts,
    )


def encode(doc: FactsDocument, origin: str = "the new card data") -> bytes:
    """Deterministic bytes (sorted keys and sets), checked by reading them back strictly."""
    payload = msgspec.json.encode(doc, order="sorted") + b"\n"
    decode(payload, origin)
    return payload


def load_file(
    path: Path,
    kind: str = "file",
    tables: RuleTables | None = None,
    *,
    check: bool = True,
    other_titles: Path | None = None,
) -> CardDB:
    """A database from a document file (DataUnavailableError naming the file and the fault),
    read through the catalogue beside it when there is one built from it.

    ``check`` refuses a document whose references do not resolve (see ``consistency``);
    only the bundled snapshot, checked when it is built, skips it. The titles in other
    languages are those beside the file, else those at ``other_titles`` (read on first need).
    """

    def from_json() -> CardDB:
        db = _from_document(path, kind, tables, check)
        db.titles = titles_loader(titles_path(path), other_titles)
        return db

    db = load_catalog(path, kind, tables, from_json, trusted=not check)
    if db is None:
        return from_json()
    if db.catalogue is not None:
        db.titles = titles_loader(titles_path(path), other_titles)
    return db


def _from_document(path: Path, kind: str, tables: RuleTables | None, check: bool) -> CardDB:
    """The database of the JSON document at ``path``."""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise DataUnavailableError(
            f"{path}: cannot read card data ({exc.strerror or exc})",
            hint="check the path given to --data",
        ) from exc
    doc = decode(raw, str(path))
    if check:
        require_consistent(doc, str(path))
    return CardDB.from_document(doc, info_of(doc, kind, str(path)), tables)


def load_catalog(
    path: Path,
    kind: str,
    tables: RuleTables | None,
    from_json: Callable[[], CardDB],
    *,
    trusted: bool,
    sha256: str | None = None,
) -> CardDB | None:
    """The database of the catalogue beside the document ``path``, when it was built from the
    document as it is (None: no catalogue there, another nrdeck's, or the document changed
    since). A damaged one is passed over for ``from_json``'s database, with a warning; so is
    one found damaged later in the run.

    ``trusted``: a document written with its catalogue by nrdeck itself (the bundled snapshot,
    a cached document), whose size is enough to tell them apart, and whose catalogue nobody
    changes in place; ``sha256``: the document's, when known (the cache's sidecar says it).
    Any other document's bytes are hashed and compared.
    """
    where = catalogue_path(path)

    def fallback(exc: DamagedCatalog) -> tuple[CardDB, str]:
        try:
            return from_json(), damaged_note(where, exc, kind)
        except (DataUnavailableError, CorruptCache) as failed:  # the run stops: exit 3
            raise DamagedCatalog(f"{exc}; and {_one_line(failed)}") from failed

    try:
        catalogue = open_catalogue(where, immutable=trusted)
        if catalogue is None:
            return None
        if not _built_from(catalogue.stamp(), path, trusted, sha256):
            catalogue.close()
            return None
        info = catalog_info(catalogue, kind, str(path))
        return CardDB.from_catalogue(catalogue, fallback, info, tables)
    except DamagedCatalog as exc:
        db = from_json()
        db.warn(damaged_note(where, exc, kind))
        return db


def _one_line(error: Exception) -> str:
    return error.one_line() if isinstance(error, DataUnavailableError) else str(error)


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


def catalogue_intact(path: Path, sha256: str) -> bool:
    """True when the catalogue at ``path`` was built from the document whose SHA-256 is
    ``sha256`` and is whole: SQLite's check, and every row's checksum."""
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


def damaged_note(where: Path, exc: DamagedCatalog, kind: str) -> str:
    """The warning that a damaged catalogue is passed over, with what to do about it."""
    fix = {
        "bundled": "reinstall nrdeck",
        "cache": "run 'nrdeck data update', which rebuilds it",
    }.get(kind, "rebuild it with 'nrdeck data build'")
    return (
        f"{where}: the card catalogue is damaged ({exc}); the card data is read from the "
        f"JSON document beside it instead (slower): {fix}"
    )


def catalog_info(catalogue: Catalogue, kind: str, path: str | None, **extra: Any) -> DataInfo:
    """The DataInfo of a catalogue (its document's origin)."""
    origin = catalogue.origin() or Origin()
    return DataInfo(
        kind=kind,
        source=origin.source,
        dataset_date=origin.dataset_date,
        url=origin.url,
        path=path,
        **extra,
    )


def write_catalogue(
    target: Path, payload: bytes, doc: FactsDocument, titles: TitlesDocument | None
) -> None:
    """Write the catalogue of a document (``payload``: its encoded bytes) and its titles at
    ``target``: into a temporary file beside it, checked by SQLite, then renamed into place.
    OSError when it cannot be written.

    Titles without a language are left out, as ``loader`` passes them over: a database read
    from the catalogue then falls back to the bundled titles, with its note, as one read
    from the document does.
    """
    from nrdeck.catalog import write_catalogue as write  # writers only: a check never needs it

    with atomic_path(target) as temporary:
        write(temporary, doc, payload, titles if titles is not None and titles.languages else None)


def titles_loader(path: Path, fallback: Path | None) -> TitlesLoader:
    """The loader of the titles at ``path``, else ``fallback`` (read when called)."""
    return loader(path, fallback=fallback)


# -- the titles document beside it ---------------------------------------------------
def encode_titles(doc: TitlesDocument) -> bytes:
    """Deterministic bytes (sorted keys), checked by reading them back."""
    payload = msgspec.json.encode(doc, order="sorted") + b"\n"
    decode_titles(payload, "the new titles")
    return payload


def decode_titles(raw: bytes, origin: str) -> TitlesDocument:
    """A titles document from its bytes (DataUnavailableError naming the fault)."""
    try:
        doc = msgspec.json.decode(raw, type=TitlesDocument)
    except (msgspec.DecodeError, RecursionError) as exc:
        try:
            envelope = msgspec.json.decode(raw, type=Envelope)
        except (msgspec.DecodeError, RecursionError):
            envelope = Envelope()
        if envelope.format not in (None, TITLES_FORMAT):
            raise DataUnavailableError(f"{origin}: not an nrdeck titles document") from exc
        raise DataUnavailableError(f"{origin}: card titles are damaged ({exc})") from exc
    if doc.format != TITLES_FORMAT:
        raise DataUnavailableError(f"{origin}: not an nrdeck titles document")
    if doc.schema_version != TITLES_SCHEMA:
        raise DataUnavailableError(
            f"{origin}: titles schema {doc.schema_version} is not supported "
            f"(this nrdeck reads schema {TITLES_SCHEMA})"
        )
    return doc


def loader(path: Path | None, *, fallback: Path | None = None) -> TitlesLoader:
    """A loader of the titles at ``path`` (read when called); when there are none there or
    they are damaged, those at ``fallback`` (the bundled snapshot's), with a note saying so."""

    def load() -> TitlesLoaded:
        problem = missing = ""
        if path is not None:
            try:
                doc = decode_titles(path.read_bytes(), str(path))
            except FileNotFoundError:  # what the note says when the bundled titles stand in
                doc, missing = None, f"no {path.name} beside the card data in use"
            except OSError as exc:
                doc, problem = None, f"{path}: cannot read card titles ({exc.strerror or exc})"
            except DataUnavailableError as exc:
                doc, problem = None, exc.message
            if doc is not None and doc.languages:
                return doc, ""
        if fallback is None:
            return (None, problem)
        return _bundled(fallback, problem or missing)

    return load


def _bundled(path: Path, problem: str) -> TitlesLoaded:
    """The bundled snapshot's titles, with the note that says they are used."""
    doc, bundled_problem = loader(path)()
    why = f"{problem or 'the card data in use has no card titles in other languages'}; "
    if doc is None:
        return None, f"{why}no card titles in other languages ({bundled_problem})".strip()
    date = doc.origin.dataset_date or "unknown date"
    return doc, f"{why}card titles in other languages are the bundled snapshot's (of {date})"


def require_consistent(doc: FactsDocument, origin: str) -> None:
    """DataUnavailableError naming the first dangling reference, when there is one."""
    from nrdeck.cards.consistency import reference_problems, summary  # not for the bundled data

    problems = reference_problems(doc)
    if problems:
        raise DataUnavailableError(
            f"{origin}: card data is inconsistent: {summary(problems)}", hint=REBUILD
        )


def decode(raw: bytes, origin: str) -> FactsDocument:
    """Decode document bytes straight into records (DataUnavailableError naming the fault)."""
    try:
        doc = msgspec.json.decode(raw, type=FactsDocument)
    except RecursionError as exc:
        raise DataUnavailableError(f"{origin}: card data is damaged ({exc})", hint=REBUILD) from exc
    except msgspec.DecodeError as exc:
        _check_envelope(raw, origin)
        raise DataUnavailableError(f"{origin}: card data is damaged ({exc})", hint=REBUILD) from exc
    _check_envelope_values(doc.format, doc.schema_version, origin)
    return doc


def _check_envelope(raw: bytes, origin: str) -> None:
    """Say what is wrong with a document that did not decode: JSON, format or schema."""
    try:
        envelope = msgspec.json.decode(raw, type=Envelope)
    except (msgspec.ValidationError, RecursionError):
        envelope = Envelope()
    except msgspec.DecodeError as exc:
        raise DataUnavailableError(
            f"{origin}: card data is not valid JSON ({exc})",
            hint="run 'nrdeck data clear' then 'nrdeck data update', or use the bundled data",
        ) from exc
    _check_envelope_values(envelope.format, envelope.schema_version, origin)


def _check_envelope_values(fmt: object, schema: object, origin: str) -> None:
    if fmt != DOCUMENT_FORMAT:
        raise DataUnavailableError(
            f"{origin}: not an nrdeck card document",
            hint="build one with 'nrdeck data build --from DIR --out PATH'",
        )
    if schema != DOCUMENT_SCHEMA:
        raise DataUnavailableError(
            f"{origin}: card document schema {schema} is not supported "
            f"(this nrdeck reads schema {DOCUMENT_SCHEMA})",
            hint="rebuild it with this version of nrdeck",
        )


def info_of(doc: FactsDocument, kind: str, path: str | None, **extra: Any) -> DataInfo:
    """The DataInfo of a decoded document."""
    return DataInfo(
        kind=kind,
        source=doc.origin.source,
        dataset_date=doc.origin.dataset_date,
        url=doc.origin.url,
        path=path,
        **extra,
    )
