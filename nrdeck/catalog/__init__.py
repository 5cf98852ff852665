"""The card catalogue: the card database (``CardDB``), its records and the stored document's
shape, nrdeck's rule tables, title keys and title lookup (English and the data's other
languages). Imports nothing else of nrdeck; outside it, import this front.

The titles in other languages (``translations``) are imported on first use of one of their
names (``__getattr__``): a list written in English never loads them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nrdeck.catalog.catalogue import catalogue_path, document_sha256
from nrdeck.catalog.db import CardDB
from nrdeck.catalog.reading import Catalogue, Stamp, open_catalogue
from nrdeck.catalog.records import (
    IDENTITY_TYPES,
    Card,
    CardPool,
    CardSet,
    Cycle,
    DataInfo,
    DrawFacts,
    Faction,
    FormatSnapshot,
    LanguageTitles,
    Named,
    Printing,
    Restriction,
    RunnerPoints,
    UnknownRule,
    is_printing_code,
)
from nrdeck.catalog.ruletables import (
    AgendaCap,
    Corrections,
    Erratum,
    ListAlias,
    RuleTables,
    decode_agenda_caps,
    decode_corrections,
    decode_errata,
    decode_list_names,
    decode_moved_ids,
)
from nrdeck.catalog.schema import (
    DOCUMENT_FORMAT,
    DOCUMENT_SCHEMA,
    TEXT_FACTS,
    TITLES_FORMAT,
    TITLES_SCHEMA,
    Envelope,
    FactsDocument,
    FormatEntry,
    Origin,
    SnapshotEntry,
    TitlesDocument,
    TitlesLoaded,
    TitlesLoader,
    titles_path,
    tuple_of,
)
from nrdeck.catalog.sqlitefile import DamagedCatalog, SqliteFile, row_checksum, write_file
from nrdeck.catalog.titlekeys import (
    TITLE_KEYS,
    compatible,
    fold_case,
    mixed_scripts,
    normalise_title,
)
from nrdeck.catalog.titles import (
    BY_POOL,
    ENGLISH,
    MAX_SUGGESTED_LENGTH,
    MIN_SIMILARITY,
    SIMILARITY_MARGIN,
    Match,
    find_title,
    list_language,
    narrowed,
    title_index,
    without_trailing_group,
)

if TYPE_CHECKING:
    from nrdeck.catalog.translations import language_name, language_title_index
    from nrdeck.catalog.writing import write_catalogue

# name -> the module that defines it, imported when the name is first used
_LAZY = dict.fromkeys(("language_name", "language_title_index"), "nrdeck.catalog.translations")
_LAZY["write_catalogue"] = "nrdeck.catalog.writing"  # writers only: a check never writes

__all__ = [
    "BY_POOL",
    "DOCUMENT_FORMAT",
    "DOCUMENT_SCHEMA",
    "ENGLISH",
    "IDENTITY_TYPES",
    "MAX_SUGGESTED_LENGTH",
    "MIN_SIMILARITY",
    "SIMILARITY_MARGIN",
    "TEXT_FACTS",
    "TITLES_FORMAT",
    "TITLES_SCHEMA",
    "TITLE_KEYS",
    "AgendaCap",
    "Card",
    "CardDB",
    "CardPool",
    "CardSet",
    "Catalogue",
    "Corrections",
    "Cycle",
    "DamagedCatalog",
    "DataInfo",
    "DrawFacts",
    "Envelope",
    "Erratum",
    "Faction",
    "FactsDocument",
    "FormatEntry",
    "FormatSnapshot",
    "LanguageTitles",
    "ListAlias",
    "Match",
    "Named",
    "Origin",
    "Printing",
    "Restriction",
    "RuleTables",
    "RunnerPoints",
    "SnapshotEntry",
    "SqliteFile",
    "Stamp",
    "TitlesDocument",
    "TitlesLoaded",
    "TitlesLoader",
    "UnknownRule",
    "catalogue_path",
    "compatible",
    "decode_agenda_caps",
    "decode_corrections",
    "decode_errata",
    "decode_list_names",
    "decode_moved_ids",
    "document_sha256",
    "find_title",
    "fold_case",
    "is_printing_code",
    "language_name",
    "language_title_index",
    "list_language",
    "mixed_scripts",
    "narrowed",
    "normalise_title",
    "open_catalogue",
    "row_checksum",
    "title_index",
    "titles_path",
    "tuple_of",
    "without_trailing_group",
    "write_catalogue",
    "write_file",
]


def __getattr__(name: str) -> object:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'nrdeck.catalog' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value
