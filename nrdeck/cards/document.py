"""Reading and writing nrdeck's facts-only card document.

Reading (``decode``, ``load_file``) needs no pydantic: msgspec decodes the document straight
into records, strictly, so loading card data stays fast. Writing (``canonical``, ``encode``)
and ``validate`` go through the pydantic boundary model, deterministically.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from nrdeck.carddb import DOCUMENT_FORMAT, DOCUMENT_SCHEMA, CardDB, DataInfo
from nrdeck.cardrecords import Envelope, FactsDocument
from nrdeck.errors import DataUnavailableError

if TYPE_CHECKING:
    from nrdeck.model import CardDocument

_SORTED_LISTS = (
    "cards",
    "printings",
    "sets",
    "cycles",
    "factions",
    "types",
    "subtypes",
    "formats",
    "card_pools",
    "restrictions",
)


def canonical(doc: CardDocument) -> dict[str, Any]:
    """The document as plain data with every record list sorted by its key."""
    data = doc.model_dump(mode="json")
    for name in _SORTED_LISTS:
        key = "code" if name == "printings" else "id"
        data[name] = sorted(data[name], key=lambda r, k=key: r[k])  # type: ignore[misc]
    return data


def encode(doc: CardDocument) -> bytes:
    """Deterministic bytes: the same document always gives the same file."""
    import json

    text = json.dumps(canonical(doc), sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return (text + "\n").encode("utf-8")


def validate(data: Any, origin: str) -> CardDocument:
    """Validate untrusted plain data as a card document (a one-line error names origin)."""
    from pydantic import ValidationError

    from nrdeck.model import CardDocument

    try:
        return CardDocument.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise DataUnavailableError(
            f"{origin}: not a valid nrdeck card document ({where}: {first['msg']})",
            hint="rebuild it with 'nrdeck data build' or fetch with 'nrdeck data update'",
        ) from exc


def load_file(path: Path, kind: str = "file") -> CardDB:
    """A database from a trusted document file, without pydantic (DataUnavailableError)."""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise DataUnavailableError(
            f"{path}: cannot read card data ({exc.strerror or exc})",
            hint="check the path given to --data",
        ) from exc
    doc = decode(raw, str(path))
    return CardDB.from_document(doc, info_of(doc, kind, str(path)))


def decode(raw: bytes, origin: str) -> FactsDocument:
    """Decode document bytes straight into records (DataUnavailableError naming the fault)."""
    import msgspec

    try:
        doc = msgspec.json.decode(raw, type=FactsDocument)
    except msgspec.DecodeError as exc:
        _check_envelope(raw, origin)
        raise DataUnavailableError(
            f"{origin}: card data is damaged ({exc})",
            hint="rebuild it with 'nrdeck data build' or re-fetch it with 'nrdeck data update'",
        ) from exc
    _check_envelope_values(doc.format, doc.schema_version, origin)
    return doc


def _check_envelope(raw: bytes, origin: str) -> None:
    """Say what is wrong with a document that did not decode: JSON, format or schema."""
    import msgspec

    try:
        envelope = msgspec.json.decode(raw, type=Envelope)
    except msgspec.ValidationError:
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
