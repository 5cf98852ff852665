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

from collections.abc import Iterable
from pathlib import Path
from typing import Any

import msgspec

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
    CatalogFile,
    Cycle,
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
    TitlesDocument,
    TitlesLoaded,
    TitlesLoader,
    UnknownRule,
    catalog_path,
    document_stamp,
    read_catalog,
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
    """A database from a document file (DataUnavailableError naming the file and the fault).

    ``check`` refuses a document whose references do not resolve (see ``consistency``);
    only the bundled snapshot, checked when it is built, skips it. The titles in other
    languages are those beside the file, else those at ``other_titles`` (read on first need).
    """
    catalogued = load_catalog(path, kind, tables, trusted=not check)
    if catalogued is not None:
        catalogued.titles = titles_loader(titles_path(path), other_titles)
        return catalogued
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
    db = CardDB.from_document(doc, info_of(doc, kind, str(path)), tables)
    db.titles = titles_loader(titles_path(path), other_titles)
    return db


def load_catalog(
    path: Path, kind: str, tables: RuleTables | None, *, trusted: bool
) -> CardDB | None:
    """The database of the catalogue beside the document, when it was compiled from the
    document as it is (None: no catalogue, another nrdeck's, or the document changed since).

    ``trusted``: a document written with its catalogue by nrdeck itself (the bundled snapshot,
    a cached document), whose size is enough to tell them apart; any other document's bytes
    are checked against the stamp.
    """
    try:
        file = read_catalog(catalog_path(path).read_bytes(), verify=not trusted)
        if file is None:
            return None
        if trusted:
            same = file.document.split(":")[0] == str(path.stat().st_size)
        else:
            same = file.document == document_stamp(path.read_bytes())
    except OSError:
        return None
    if not same:
        return None
    return CardDB.from_catalog(file, catalog_info(file, kind, str(path)), tables)


def catalog_info(file: CatalogFile, kind: str, path: str | None, **extra: Any) -> DataInfo:
    """The DataInfo of a catalogue (its document's origin)."""
    origin = file.origin
    return DataInfo(
        kind=kind,
        source=origin.source,
        dataset_date=origin.dataset_date,
        url=origin.url,
        path=path,
        **extra,
    )


def compiled(payload: bytes, doc: FactsDocument, titles: TitlesDocument | None) -> bytes:
    """The catalogue of a document (``payload``: its encoded bytes) and its titles.

    Titles without a language are left out, as ``loader`` passes them over: a database read
    from the catalogue then falls back to the bundled titles, with its note, as one read
    from the document does.
    """
    from nrdeck.catalog import compile_catalog  # writers only: a check never needs it

    return compile_catalog(
        doc, document_stamp(payload), titles if titles is not None and titles.languages else None
    )


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
