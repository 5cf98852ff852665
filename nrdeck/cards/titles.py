"""Card titles in other languages, written beside the card document they belong to
(``<name>.titles.json``, by ``nrdeck.cards.cardsjson``), read back on first need.

Titles are names, like the English titles of the card document; the translated card text
is never read into them. Reading English decklists never opens this file: the card
database reads it through the loader given here on the first title the English titles do
not know (``CardDB.translations``).
"""

from __future__ import annotations

from pathlib import Path

import msgspec

from nrdeck.cardrecords import (
    TITLES_FORMAT,
    TITLES_SCHEMA,
    Envelope,
    TitlesDocument,
    TitlesLoaded,
    TitlesLoader,
)
from nrdeck.errors import DataUnavailableError


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
        problem = ""
        if path is not None:
            try:
                doc = decode_titles(path.read_bytes(), str(path))
            except FileNotFoundError:
                doc = None
            except OSError as exc:
                doc, problem = None, f"{path}: cannot read card titles ({exc.strerror or exc})"
            except DataUnavailableError as exc:
                doc, problem = None, exc.message
            if doc is not None and doc.languages:
                return doc, ""
        if fallback is None:
            return (None, problem)
        return _bundled(fallback, problem)

    return load


def _bundled(path: Path, problem: str) -> TitlesLoaded:
    """The bundled snapshot's titles, with the note that says they are used."""
    doc, bundled_problem = loader(path)()
    why = f"{problem}; " if problem else "the card data in use has none; "
    if doc is None:
        return None, f"{why}no card titles in other languages ({bundled_problem})".strip()
    date = doc.origin.dataset_date or "unknown date"
    return doc, f"{why}card titles in other languages are the bundled snapshot's (of {date})"


def always(doc: TitlesDocument | None) -> TitlesLoader:
    """A loader of titles already in memory (tests, the Python API)."""
    return lambda: (doc, "")
