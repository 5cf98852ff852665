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
from typing import Any, TypeVar

import msgspec

from nrdeck.atomic import atomic_path
from nrdeck.catalog import CardDB, read_catalogue
from nrdeck.catalog.records import (
    Card,
    CardPool,
    CardSet,
    Cycle,
    DataInfo,
    Faction,
    FactsDocument,
    FormatEntry,
    Named,
    Origin,
    Printing,
    Restriction,
    TitlesDocument,
    UnknownRule,
)
from nrdeck.catalog.ruletables import RuleTables
from nrdeck.errors import DataUnavailableError

REBUILD = "rebuild it with 'nrdeck data build' or re-fetch it with 'nrdeck data update'"
# The document's envelope: what the file says it is (checked on every load)
DOCUMENT_FORMAT = "nrdeck-card-data"
DOCUMENT_SCHEMA = 1
# The version of the rule that reads card text into facts (``textfacts``, docs/card-facts.md);
# a document records the version it was built with, 0 (absent) when built before the rule.
TEXT_FACTS = 1
# The titles document beside it: card titles and type names in other languages
TITLES_FORMAT = "nrdeck-card-titles"
TITLES_SCHEMA = 1
TITLES_SUFFIX = ".titles.json"
# What to do about a damaged catalogue, by the kind of card data beside it
FIXES = {
    "bundled": "reinstall nrdeck",
    "cache": "run 'nrdeck data update', which rebuilds it",
    "file": "rebuild it with 'nrdeck data build'",
}
# What a titles loader gives: the titles (None: none to be had), and a note saying where they
# come from when not from the card data in use ("" when they do)
TitlesLoaded = tuple[TitlesDocument | None, str]
TitlesLoader = Callable[[], TitlesLoaded]
T = TypeVar("T")


class Envelope(msgspec.Struct):
    """Only a document's envelope: what a damaged or foreign file is read as."""

    format: object = None
    schema_version: object = None


def titles_path(document: Path) -> Path:
    """Where the titles of a card document live: ``cards.json`` -> ``cards.titles.json``."""
    return document.with_name(document.name.removesuffix(".json") + TITLES_SUFFIX)


def tuple_of(items: Iterable[T]) -> tuple[T, ...]:
    """``tuple(items)``, the empty tuple itself when there are none.

    On Python 3.10 ``tuple()`` of an empty generator is a new empty tuple, not ``()``, and
    msgspec's ``omit_defaults`` takes only ``()`` itself for a field's default ``()``: a
    document built on 3.10 said ``"face_titles":[]`` where one built on 3.11 leaves it out.
    Records that are written out are built with this, so a document's bytes never depend on
    the Python that built it.
    """
    return tuple(items) or ()


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

    fix = FIXES["bundled" if kind == "bundled" else "file"]
    failures = (DataUnavailableError,)
    db = read_catalogue(
        path, kind, tables, from_json, failures=failures, fix=fix, trusted=not check
    )
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
    from nrdeck.catalog import write_catalogue as write  # writers only: a check never writes

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
